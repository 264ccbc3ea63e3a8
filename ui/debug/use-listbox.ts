/**
 * A debugger list as one Tab stop: a WAI-ARIA listbox whose focus stays on the list itself while
 * aria-activedescendant names the keyboard's row. A roving tabindex would move the focus from row to row,
 * and a virtualized list unmounts rows as it scrolls; here only the named row must be rendered, which the list
 * keeps (useFixedRows' `keep`). ↑/↓, Page Up/Down and Home/End move the row and scroll it into view — End on
 * a million inputs is one scroll — and Enter or Space does what a click on it does.
 */
import { useCallback, useRef, useState, type CSSProperties, type FocusEvent, type KeyboardEvent } from 'react';
import { activeRow, listKeyTarget, type PlacedRow } from './list-keys';

/** What the listbox needs of its virtualized rows (useFixedRows). */
export interface ListboxRows {
  /** Rows a Page Up or Page Down moves. */
  pageSize: number;
  scrollToIndex(index: number, align: 'auto' | 'end'): void;
}

export interface Listbox {
  /** The keyboard's row; -1 in an empty list. The list must render it whatever its scroll. */
  active: number;
  /** Whether the keys (or a press) put the row where it is, rather than it following the anchor. */
  moved: boolean;
  /** Makes `row` the keyboard's row in list `list` (this one unless said): a row pressed, or a re-filtered list's row nearest the one the keys left. */
  place(row: number, list?: string): void;
  /** The listbox element's handlers; `choose` is what Enter or Space on a row does (none: the rows are only read). */
  handlers(rows: ListboxRows, choose?: (row: number) => void): {
    onKeyDown(e: KeyboardEvent<HTMLElement>): void;
    onFocus(e: FocusEvent<HTMLElement>): void;
    onBlur(): void;
    onMouseDown(): void;
  };
  /** The props every row's element has: an option of `total`, positioned `start` px down, id'd under `listId` for aria-activedescendant. */
  optionProps(listId: string, index: number, start: number, total: number): OptionProps;
}

export interface OptionProps {
  id: string;
  role: 'option';
  'aria-posinset': number;
  'aria-setsize': number;
  className: string;
  'data-active': true | undefined;
  style: CSSProperties;
  onMouseDown(): void;
}

/** The element id of row `index` of list `listId` (what aria-activedescendant names). */
export const optionId = (listId: string, index: number): string => `${listId}-row-${index}`;

/**
 * `anchor`: the row the keyboard follows until the keys move it (the current input's, the newest event).
 * `list`: the list as it stands — its filter and the position; the row the keys chose holds while it does.
 */
export function useListbox(count: number, anchor: number, list: string): Listbox {
  const [placed, setPlaced] = useState<PlacedRow | null>(null);
  const active = activeRow(placed, list, anchor, count);
  /** The focus is arriving by a press on the list: the row pressed is the one to show, not scrolled away from. */
  const pressed = useRef(false);
  const place = useCallback((row: number, at?: string) => setPlaced({ list: at ?? list, row }), [list]);

  const handlers: Listbox['handlers'] = ({ pageSize, scrollToIndex }, choose) => ({
    onKeyDown(e) {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.key === 'Enter' || e.key === ' ') {
        if (!choose || active < 0) return;
        e.preventDefault();
        choose(active);
        return;
      }
      const to = listKeyTarget(e.key, active, count, pageSize);
      if (to === null) return;
      e.preventDefault();
      setPlaced({ list, row: to });
      scrollToIndex(to, 'auto');
    },
    // Tabbing in shows the keyboard's row, wherever the list was scrolled meanwhile.
    onFocus(e) {
      const byPress = pressed.current;
      pressed.current = false;
      if (e.target === e.currentTarget && !byPress && active >= 0) scrollToIndex(active, 'auto');
    },
    onBlur() {
      pressed.current = false;
    },
    onMouseDown() {
      pressed.current = true;
    },
  });
  const optionProps: Listbox['optionProps'] = (listId, index, start, total) => ({
    id: optionId(listId, index),
    role: 'option',
    'aria-posinset': index + 1,
    'aria-setsize': total,
    className: 'debug-row',
    'data-active': index === active || undefined,
    style: { position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${start}px)` },
    onMouseDown: () => place(index),
  });
  return { active, moved: placed !== null && placed.list === list && count > 0, place, handlers, optionProps };
}
