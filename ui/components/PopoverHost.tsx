/** The popover on top (spec 1 §2: e.g. the 'Bot Error' popover), modal, closed with Ok. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { usePlaza } from '../client/core-context';
import { trapTab } from './dialog-helpers';

export function PopoverHost() {
  useSignals();
  const { store, core } = usePlaza();
  const popover = store.popover.value;
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    if (popover) ref.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [popover?.id]);

  if (!popover) return null;
  const close = (): void => void core.$closePopover(popover.id);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      trapTab(e, ref.current);
    }
  };
  return (
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={`dialog app-popover app-popover-${popover.kind}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{popover.title}</h2>
        <p id={bodyId}>{popover.body}</p>
        <div className="dialog-actions">
          <button type="button" onClick={close}>
            Ok
          </button>
        </div>
      </div>
    </div>
  );
}
