/** The events appended up to the position (a prefix of the whole timeline, or of what the filter keeps of it), virtualized, newest in view. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { activeFilter, type EventRow } from '../../protocol/debug-api';
import type { DebugController } from '../client/debug-controller';
import { DEBUG_ROW_HEIGHT, useFixedRows } from './use-fixed-rows';
import { usePagedRows } from './use-paged-rows';

export function EventList({ debug }: { debug: DebugController }) {
  useSignals();
  const filter = debug.filter.value;
  const position = debug.position.value;
  const key = `${debug.generation.value}:${JSON.stringify(filter)}`;
  const filtered = activeFilter(filter) !== null;
  // Every event the filter keeps, a page at a time; the list shows those appended up to the position.
  const rows = usePagedRows<EventRow>((start, count) => debug.api.$events(start, count, undefined, filter), key);
  // Unfiltered, that is the state's event count; filtered, the worker counts them (an empty page says how many).
  const [kept, setKept] = useState<{ key: string; count: number } | null>(null);
  useEffect(() => {
    if (!filtered) return;
    let current = true;
    void debug.api.$events(0, 0, position, filter).then((page) => {
      if (current) setKept({ key, count: page.total });
    });
    return () => {
      current = false;
    };
    // `key` stands for the filter (and the loaded session); `filter` itself is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debug, position, key, filtered]);
  const counted = !filtered || (kept?.key === key && rows.known);
  const upTo = filtered ? (kept?.key === key ? kept.count : 0) : (debug.state.value?.events ?? 0);
  const total = Math.min(upTo, rows.known ? rows.total : Number.MAX_SAFE_INTEGER);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { items, totalSize, scrollToIndex } = useFixedRows(scrollRef, total, DEBUG_ROW_HEIGHT);
  const ensure = rows.ensure;
  useEffect(() => {
    ensure(0, 0); // learns the length
    if (total > 0) scrollToIndex(total - 1, 'end');
  }, [ensure, total, scrollToIndex]);
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => ensure(first, Math.max(first, last)), [ensure, first, last]);

  return (
    <section className="debug-panel debug-events" aria-label="Events" aria-busy={!counted}>
      <h2>Events ({counted ? total : '…'})</h2>
      {/* An empty list says why, rather than leave an empty box. */}
      {counted && total === 0 && <p className="empty-state">{filtered ? `No event up to input ${position} matches the filter.` : `No events up to input ${position}.`}</p>}
      {/* Focusable: its rows are text, not controls, and the keyboard must be able to scroll them. */}
      <div ref={scrollRef} className="debug-scroll" tabIndex={0}>
        <ul role="list" style={{ height: totalSize, position: 'relative' }}>
          {items.map((item) => {
            const row = rows.row(item.index);
            return (
              <li key={item.index} role="listitem" className="debug-row" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                {row ? (
                  <>
                    <span className="debug-index">seq {row.seq}</span> <span className="debug-code">{row.type}</span> {row.summary} <span className="debug-count">← #{row.input}</span>
                  </>
                ) : (
                  '…'
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
