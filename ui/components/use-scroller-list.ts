/**
 * A list that renders only the rows in view, inside a scroller it shares with the rest of a page (Browse
 * teams, the People directory: pages that scroll as a whole). The virtualizer places rows by the list's
 * offset in the scroller (its scroll margin, measured after each render) and measures each row shown, so a
 * row may grow (an error under a team). The list is as tall as all its rows; each row is placed at `top(row)`
 * within it (the `.virtual-list` and `.virtual-row` styles).
 */
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useRangeKeeping } from './roving-tab-stop';
import { fallbackRect, measureWithFallback, observeRectWithFallback } from './virtual-rect';

export interface ScrollerListOptions {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** A row's height before it is measured. */
  estimate: number;
  /** A stable key per row (a guid), so a measured height follows its row when the list is filtered. */
  getKey: (index: number) => string;
}

export function useScrollerList({ count, scrollRef, estimate, getKey }: ScrollerListOptions) {
  const listRef = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const scroller = scrollRef.current;
    if (!list || !scroller) return;
    const top = list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
    if (top !== offset) setOffset(top);
  });
  const measureElement = useMemo(() => measureWithFallback(estimate), [estimate]);
  // The row the keyboard was last in stays rendered when the page scrolls it out of view (End, Page Down, the
  // wheel): unrendered, its focused button would go, and the keyboard with it to the top of the document.
  const [kept, setKept] = useState(-1);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onFocusIn = (e: FocusEvent): void => {
      const row = e.target instanceof Element && listRef.current?.contains(e.target) ? e.target.closest<HTMLElement>('[data-index]') : null;
      const index = row ? Number(row.dataset['index']) : NaN;
      if (Number.isInteger(index)) setKept(index);
    };
    scroller.addEventListener('focusin', onFocusIn);
    return () => scroller.removeEventListener('focusin', onFocusIn);
  }, [scrollRef]);
  const rangeExtractor = useRangeKeeping(kept < count ? kept : -1);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    getItemKey: getKey,
    scrollMargin: offset,
    overscan: 8,
    rangeExtractor,
    initialRect: fallbackRect(),
    observeElementRect: observeRectWithFallback,
    measureElement,
  });
  return {
    listRef,
    rows: virtualizer.getVirtualItems(),
    /** The list's height: every row's, measured or estimated. */
    height: virtualizer.getTotalSize(),
    /** Give to each row's element (with `data-index={row.index}`), so it is measured. */
    measure: virtualizer.measureElement,
    /** Where a row goes within the list. */
    top: (row: VirtualItem): number => row.start - virtualizer.options.scrollMargin,
  };
}
