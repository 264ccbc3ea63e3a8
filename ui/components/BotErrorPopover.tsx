/** The 'Bot Error' popover (spec 1 §2, §8): the welcome bot could not post; Ok closes it. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { usePlaza } from '../client/core-context';

export function BotErrorPopover() {
  useSignals();
  const { store, core } = usePlaza();
  const error = store.people.value.botError;
  const okRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (error !== null) okRef.current?.focus();
  }, [error]);
  if (error === null) return null;
  return (
    <div className="popover bot-error" role="alertdialog" aria-labelledby="bot-error-title" aria-describedby="bot-error-text">
      <h2 id="bot-error-title">Bot Error</h2>
      <p id="bot-error-text">The welcome bot could not post: {error}</p>
      <button ref={okRef} type="button" className="primary" onClick={() => void core.$dismissBotError()}>
        Ok
      </button>
    </div>
  );
}
