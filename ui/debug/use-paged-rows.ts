/** Rows of a long worker-side list, fetched a page at a time as a virtualized list scrolls to them. */
import { useCallback, useRef, useState } from 'react';
import type { Page } from '../../protocol/debug-api';

export interface PagedRows<R> {
  /** Length of the list, once the first page has answered (0 before). */
  total: number;
  /** Whether a page has answered, so `total` is the list's length (a filter over a million inputs takes a moment). */
  known: boolean;
  row(index: number): R | undefined;
  /** Fetches the pages covering [from, to] that are not here yet. */
  ensure(from: number, to: number): void;
}

export function usePagedRows<R>(fetchPage: (start: number, count: number) => Promise<Page<R>>, key: string, pageSize = 200): PagedRows<R> {
  const [, rerender] = useState(0);
  const cache = useRef<{ key: string; total: number; known: boolean; pages: Map<number, R[]>; pending: Set<number> } | null>(null);
  if (!cache.current || cache.current.key !== key) cache.current = { key, total: 0, known: false, pages: new Map(), pending: new Set() };
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const ensure = useCallback(
    (from: number, to: number) => {
      const c = cache.current!;
      for (let page = Math.floor(Math.max(0, from) / pageSize); page <= Math.floor(Math.max(0, to) / pageSize); page++) {
        if (c.pages.has(page) || c.pending.has(page)) continue;
        c.pending.add(page);
        void fetchRef.current(page * pageSize, pageSize).then((result) => {
          if (cache.current !== c) return; // the list changed meanwhile
          c.pending.delete(page);
          c.pages.set(page, result.rows);
          c.total = result.total;
          c.known = true;
          rerender((n) => n + 1);
        });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, pageSize],
  );

  const c = cache.current;
  return {
    total: c.total,
    known: c.known,
    row: (index) => c.pages.get(Math.floor(index / pageSize))?.[index % pageSize],
    ensure,
  };
}
