/**
 * A roving tab stop over a long list (WAI-ARIA's roving tabindex, as Slack's message list and channel
 * sidebar): the whole list is one Tab stop. One item is the chosen one — the caller's default until the user
 * moves — and only it, and the controls inside it, are in the Tab order; ↑ and ↓ move the focus between
 * items, Home and End to the first and last. Tab from the item goes through its own controls, then leaves
 * the list. The other items' controls stay clickable, and focus arriving inside an item (a click on one of
 * its buttons) makes it the chosen one. Lists of thousands (a conversation's messages, the sidebar's
 * conversations) are otherwise hundreds of Tab presses to cross, and a virtualized list cannot be crossed at
 * all: Tab only reaches the rows rendered.
 *
 * When the element holding the focus goes away — a message's buttons while it is being deleted, then the
 * message itself — the keyboard stays in the list: on the item, else on the one now in its place.
 *
 * The DOM contract: an item's element carries `data-roving-row={key}`; the element that takes the focus (it
 * or one inside it) carries `data-roving-target`. The caller gives the target `tabIndex={0}` for the stop
 * and -1 for the others, and the controls inside the others -1.
 */
import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** Where a key moves the focus from item `index` of `count`; null for keys the list does not handle. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * For a virtualized list's `rangeExtractor`: the rows in view (and overscan) plus row `index` (-1: none), so
 * the list's Tab stop stays rendered — and keeps the focus — while it is scrolled out of view.
 */
export function useRangeKeeping(index: number): (range: Range) => number[] {
  return useCallback(
    (range: Range): number[] => {
      const indexes = defaultRangeExtractor(range);
      if (index < 0 || indexes.includes(index)) return indexes;
      return [...indexes, index].sort((a, b) => a - b);
    },
    [index],
  );
}

export interface RovingTabStop {
  /** Index in `keys` of the item the keyboard is on (the one last moved to or focused, else `start`'s); -1 if none. */
  chosenIndex: number;
  /** For the element around the items. */
  listProps: {
    ref: RefObject<HTMLDivElement | null>;
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
    onFocus: (e: FocusEvent<HTMLDivElement>) => void;
    onBlur: (e: FocusEvent<HTMLDivElement>) => void;
  };
  /** Puts the focus on item `key` (once it is rendered, revealing it): where a change made in a dialog left the item. */
  focusKey: (key: string) => void;
  /** Forgets the item last moved to or focused, unless the focus is in the list: the Tab stop goes back to `start`'s. */
  forget: () => void;
}

const targetIn = (row: HTMLElement): HTMLElement | null => (row.hasAttribute('data-roving-target') ? row : row.querySelector<HTMLElement>('[data-roving-target]'));

/**
 * `keys` are the items' keys in order. `reveal` brings item `index` into view where it may not be rendered
 * (a virtualized list, which should also keep the chosen item rendered): the focus then waits until its
 * element is there. Without it, focusing scrolls the item into view as browsers do.
 */
export function useRovingTabStop(keys: readonly string[], options: { start?: string | null; reveal?: (index: number) => void } = {}): RovingTabStop {
  const ref = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const focusPending = useRef<string | null>(null);
  /** The element in the list that has the focus, as its focus and blur events last said (removing it fires neither). */
  const focused = useRef<HTMLElement | null>(null);
  /** Where the chosen item last was, for the one to take its place when it goes. */
  const lastIndex = useRef(-1);
  const { reveal } = options;
  const chosenIndex = useMemo(() => {
    const at = chosen === null ? -1 : keys.indexOf(chosen);
    return at >= 0 || options.start == null ? at : keys.indexOf(options.start);
  }, [keys, chosen, options.start]);

  useLayoutEffect(() => {
    // The focus fell to the page because the element holding it was removed: back to the chosen item, or, if it
    // went too, to the item now at its place (the last, if it was the last). A control only disabled while
    // busy is still there: the focus keeper gives it the focus back (ui/client/focus-keeper.ts).
    const active = document.activeElement;
    const lost = focused.current !== null && !focused.current.isConnected && (active === null || active === document.body);
    if (lost && focusPending.current === null && keys.length > 0) {
      focused.current = null;
      const index = chosenIndex >= 0 ? chosenIndex : Math.min(Math.max(lastIndex.current, 0), keys.length - 1);
      focusPending.current = keys[index]!;
      if (keys[index] !== chosen) setChosen(keys[index]!);
      if (chosenIndex < 0) reveal?.(index);
    }
    // The list changed order under the focus (a new message moves a conversation up the Recent sort): where rows
    // are keyed by position (a virtualized list), the element with the focus now shows another item, and Enter
    // would open that one. The focus follows its item.
    const holder = focused.current;
    if (!lost && focusPending.current === null && chosen !== null && holder !== null && holder === active && keys.includes(chosen)) {
      const shows = holder.closest<HTMLElement>('[data-roving-row]')?.dataset.rovingRow;
      if (shows !== undefined && shows !== chosen) {
        focusPending.current = chosen;
        reveal?.(keys.indexOf(chosen));
      }
    }
    if (chosenIndex >= 0) lastIndex.current = chosenIndex;
    // The item the keys moved to gets the focus once its element is rendered.
    const pending = focusPending.current;
    if (pending === null) return;
    const row = [...(ref.current?.querySelectorAll<HTMLElement>('[data-roving-row]') ?? [])].find((el) => el.dataset.rovingRow === pending);
    const target = row ? targetIn(row) : null;
    if (!target) return;
    focusPending.current = null;
    target.focus(reveal ? { preventScroll: true } : undefined);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const target = e.target as HTMLElement;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || !target.hasAttribute('data-roving-target')) return;
    const key = target.closest<HTMLElement>('[data-roving-row]')?.dataset.rovingRow;
    const from = key === undefined ? -1 : keys.indexOf(key);
    const to = from < 0 ? null : rovingTarget(e.key, from, keys.length);
    if (to === null) return;
    e.preventDefault();
    focusPending.current = keys[to]!;
    setChosen(keys[to]!);
    reveal?.(to);
  };
  const onFocus = (e: FocusEvent<HTMLDivElement>): void => {
    if (!ref.current?.contains(e.target as Node)) return; // a menu in the overlay layer, rendered elsewhere
    focused.current = e.target as HTMLElement;
    const key = (e.target as HTMLElement).closest<HTMLElement>('[data-roving-row]')?.dataset.rovingRow;
    if (key !== undefined && key !== chosen) setChosen(key);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>): void => {
    // Moved out of the list (or to nowhere, by a click on the page): none of the list's business.
    if (!ref.current?.contains(e.relatedTarget as Node | null)) focused.current = null;
  };
  const focusKey = (key: string): void => {
    const row = [...(ref.current?.querySelectorAll<HTMLElement>('[data-roving-row]') ?? [])].find((el) => el.dataset.rovingRow === key);
    const target = row ? targetIn(row) : null;
    const index = keys.indexOf(key);
    setChosen(key);
    if (index >= 0) reveal?.(index);
    if (target) target.focus(reveal ? { preventScroll: true } : undefined);
    else focusPending.current = key;
  };
  const forget = (): void => {
    if (!ref.current?.contains(document.activeElement)) setChosen(null);
  };
  return { chosenIndex, listProps: { ref, onKeyDown, onFocus, onBlur }, focusKey, forget };
}
