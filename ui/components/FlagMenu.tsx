/** "Flag message": a menu of the 12 flag colours (spec 1 §3) and "Remove flag", keyboard-navigable. */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FLAG_COLOURS, flagLabel } from '../../protocol/flags';
import { usePlaza } from '../client/core-context';
import { useMessageTabIndex } from './message-tab-stop';

export function FlagMenu({ address, guid, flag }: { address: string; guid: string; flag: number }) {
  const { core } = usePlaza();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const tabIndex = useMessageTabIndex();

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]');
    const checked = menuRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
  }, [open]);

  const close = (): void => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = async (next: number): Promise<void> => {
    close();
    setError(null);
    const result = await core.$setFlag(address, guid, next);
    if (!result.ok) setError(result.error.message);
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const to = { ArrowDown: (at + 1) % items.length, ArrowUp: (at - 1 + items.length) % items.length, Home: 0, End: items.length - 1 }[e.key];
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (to !== undefined) {
      e.preventDefault();
      items[to]?.focus();
    }
  };

  return (
    <div className="flag-menu">
      <button
        type="button"
        ref={buttonRef}
        tabIndex={tabIndex}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {flag ? 'Change flag' : 'Flag message'}
      </button>
      {open && (
        <div role="menu" aria-label="Flag colour" className="menu" ref={menuRef} onKeyDown={onMenuKey}>
          {FLAG_COLOURS.map((colour, i) => (
            <button
              type="button"
              role="menuitemradio"
              aria-checked={flag === i + 1}
              tabIndex={-1}
              key={colour}
              className={`menu-item flag-${i + 1}`}
              onClick={() => void choose(i + 1)}
            >
              <span className="flag-swatch" aria-hidden="true" />
              {flagLabel(i + 1)}
            </button>
          ))}
          {flag > 0 && (
            <button type="button" role="menuitem" tabIndex={-1} className="menu-item" onClick={() => void choose(0)}>
              Remove flag
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}
