/**
 * A menu button (WAI-ARIA menu button pattern): the button opens a list of
 * menu items, rendered in the overlay layer so a scrolling list cannot clip it. Arrow
 * keys move between items, Home/End jump, Escape closes and returns focus,
 * Enter or a click chooses.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Overlay, pointInLayer, useOverlayLayer } from './overlay-layer';

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

export interface MenuProps {
  /** The button's and the menu's accessible name; it should contain the visible text. */
  label: string;
  items: MenuItem[];
  /** What the button shows (a row's "⋯" by default). */
  text?: string;
  /** The button's class: the quiet "⋯" of a row by default. */
  buttonClassName?: string;
  /** The button, for a caller that must focus it again (e.g. when a dialog an item opened closes). */
  buttonRef?: RefObject<HTMLButtonElement | null>;
  /** -1 in a row out of its list's roving tab stop (roving-tab-stop.ts). */
  tabIndex?: number | undefined;
}

export function Menu({ label, items, text = '⋯', buttonClassName = 'menu-button', buttonRef: givenRef, tabIndex }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState({ top: 0, left: 0 });
  const ownRef = useRef<HTMLButtonElement>(null);
  const buttonRef = givenRef ?? ownRef;
  const menuRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef(0);
  const layer = useOverlayLayer();

  const itemsOf = (): HTMLElement[] => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (i: number): void => {
    const all = itemsOf();
    if (all.length === 0) return;
    focusIndex.current = (i + all.length) % all.length;
    all[focusIndex.current]?.focus();
  };

  const show = (first: 'first' | 'last' = 'first'): void => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (rect) setPos(pointInLayer(layer, { top: rect.bottom + 2, left: Math.max(4, rect.right - 200) }));
    focusIndex.current = first === 'first' ? 0 : -1;
    setOpen(true);
  };
  const close = (refocus = true): void => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    focusItem(focusIndex.current);
    const onDown = (e: MouseEvent): void => {
      const target = e.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>): void => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      show('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      show('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>): void => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(focusIndex.current + 1),
      ArrowUp: () => focusItem(focusIndex.current - 1),
      Home: () => focusItem(0),
      End: () => focusItem(-1),
      Escape: () => close(),
      Tab: () => close(false),
    };
    const move = moves[e.key];
    if (!move) return;
    if (e.key !== 'Tab') e.preventDefault();
    move();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        tabIndex={tabIndex}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => (open ? close() : show())}
        onKeyDown={onButtonKey}
      >
        {text}
      </button>
      {open && (
        <Overlay>
          <ul ref={menuRef} className="menu overlay-menu" role="menu" aria-label={label} style={{ top: pos.top, left: pos.left }} onKeyDown={onMenuKey}>
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
        </Overlay>
      )}
    </>
  );
}
