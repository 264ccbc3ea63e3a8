/**
 * "Flag message": a menu of the 12 flag colours (spec 1 §3) and "Remove flag", keyboard-navigable. It opens in
 * place, under its button — over the messages below (styles.css lifts its row above theirs while it is open) —
 * or above the button when the list it is in has no room for it below; a click anywhere else closes it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FLAG_COLOURS, flagLabel } from '../../protocol/flags';
import { usePlaza } from '../client/core-context';
import { useMessageTabIndex } from './message-tab-stop';

export function FlagMenu({ address, guid, flag }: { address: string; guid: string; flag: number }) {
  const { core } = usePlaza();
  const [open, setOpen] = useState(false);
  /** Opened upwards: there was no room below the button in the scrolling list around it. */
  const [up, setUp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const tabIndex = useMessageTabIndex();

  // Before the first paint of the open menu: which way it fits (only with real layout; jsdom has no sizes).
  useLayoutEffect(() => {
    if (!open) return setUp(false);
    const menu = menuRef.current;
    const button = buttonRef.current;
    if (!menu || !button) return;
    const box = scrollingBox(menu).getBoundingClientRect();
    const below = box.bottom - button.getBoundingClientRect().bottom;
    const above = button.getBoundingClientRect().top - box.top;
    const height = menu.getBoundingClientRect().height;
    setUp(height > below && above > below);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]');
    const checked = menuRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    // A press anywhere else closes it, as Menu.tsx's menus do; the focus goes where that press puts it.
    const onDown = (e: MouseEvent): void => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
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
        <div role="menu" aria-label="Flag colour" className={up ? 'menu up' : 'menu'} ref={menuRef} onKeyDown={onMenuKey}>
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

/** The nearest ancestor that scrolls (the message log, a thread's replies), else the document's root. */
function scrollingBox(el: HTMLElement): Element {
  for (let at = el.parentElement; at; at = at.parentElement) {
    const { overflowY } = getComputedStyle(at);
    if (overflowY === 'auto' || overflowY === 'scroll') return at;
  }
  return document.documentElement;
}
