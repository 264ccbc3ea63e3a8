/**
 * A virtualized list of rows of one height, for the debugger's lists of up to millions of rows: which rows
 * are in view is arithmetic on the scroll offset, whatever the count. @tanstack/react-virtual (the app's
 * lists, whose rows vary in height) measures every row again whenever the count changes; the event list's
 * count is the events up to the position, so it changed with every seek — on a million-input session ~100 ms
 * of a seek from the start to the end in Chromium, more than the worker took to answer it.
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { fallbackRect } from '../components/virtual-rect';
import { rowsPerPage } from './list-keys';

/** The debugger lists' row height (`.debug-row`). */
export const DEBUG_ROW_HEIGHT = 28;

export interface FixedRows {
  /** The rows to render (those in view and `overscan` either side, and the row kept), each with its offset from the top. */
  items: { index: number; start: number }[];
  /** The first and last of the rows in view and overscan (the row kept aside): the rows to fetch. */
  first: number;
  last: number;
  /** How many rows are wholly in view: what Page Up and Page Down move by. */
  pageSize: number;
  /** The height of all rows: the list's height, which its scroll element scrolls over. */
  totalSize: number;
  /** Scrolls so that row `index` is in view: `auto` only if it is not, `end` with it at the bottom. */
  scrollToIndex(index: number, align: 'auto' | 'end'): void;
}

interface Viewport {
  top: number;
  height: number;
}

/** The scroll element's visible height; without layout (jsdom, not laid out yet) a window's, as the app's lists assume. */
const heightOf = (el: HTMLElement): number => el.clientHeight || fallbackRect().height;

/**
 * `keep`: a row rendered even out of view (-1: none) — the keyboard's row, which the list's
 * aria-activedescendant names, stays in the page while the list is scrolled away from it.
 */
export function useFixedRows(scrollRef: RefObject<HTMLElement | null>, count: number, rowHeight: number, overscan = 10, keep = -1): FixedRows {
  const [view, setView] = useState<Viewport>(() => ({ top: 0, height: fallbackRect().height }));
  const show = useCallback((top: number, height: number) => setView((v) => (v.top === top && v.height === height ? v : { top, height })), []);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = (): void => show(el.scrollTop, heightOf(el));
    read();
    el.addEventListener('scroll', read, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', read);
      observer?.disconnect();
    };
  }, [scrollRef, show]);

  const scrollToIndex = useCallback(
    (index: number, align: 'auto' | 'end') => {
      const el = scrollRef.current;
      if (!el) return;
      const height = heightOf(el);
      const start = index * rowHeight;
      const end = start + rowHeight;
      let top = el.scrollTop;
      if (align === 'end') top = end - height;
      else if (start < top) top = start;
      else if (end > top + height) top = end - height;
      else return;
      top = Math.max(0, top);
      el.scrollTop = top;
      // Where it ended up (clamped at the end), or, without layout, where it was asked to go: the rows follow at once.
      show(el.scrollHeight > 0 ? el.scrollTop : top, height);
    },
    [scrollRef, rowHeight, show],
  );

  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((view.top + view.height) / rowHeight) + overscan);
  const items: FixedRows['items'] = [];
  const kept = keep >= 0 && keep < count && (keep < first || keep > last) ? { index: keep, start: keep * rowHeight } : null;
  if (kept && kept.index < first) items.push(kept);
  for (let i = first; i <= last; i++) items.push({ index: i, start: i * rowHeight });
  if (kept && kept.index > last) items.push(kept);
  // Nothing in view (an empty list, or one scrolled past the end of what it now holds): its start.
  const none = first > last;
  return { items, first: none ? 0 : first, last: none ? 0 : last, totalSize: count * rowHeight, pageSize: rowsPerPage(view.height, rowHeight), scrollToIndex };
}
