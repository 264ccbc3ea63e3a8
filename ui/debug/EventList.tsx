/**
 * The events appended up to the position (a prefix of the whole timeline, or of what the filter keeps of it),
 * virtualized, newest in view. One Tab stop (a read-only listbox, use-listbox.ts): the keyboard's row starts at
 * the newest event and goes back to it when the position or the filter changes; the keys move it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { activeFilter, type EventRow } from '../../protocol/debug-api';
import type { DebugController } from '../client/debug-controller';
import { DEBUG_ROW_HEIGHT, useFixedRows } from './use-fixed-rows';
import { useListbox, optionId } from './use-listbox';
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
  const id = useId();
  // The list the keyboard's row was put in: another position or filter is another list, shown from its newest.
  const listbox = useListbox(total, total - 1, `${key}@${position}`);
  const active = listbox.active;
  const fixed = useFixedRows(scrollRef, total, DEBUG_ROW_HEIGHT, 10, active);
  const { items, first, last, totalSize, scrollToIndex } = fixed;
  const ensure = rows.ensure;
  useEffect(() => {
    ensure(0, 0); // learns the length
    if (total > 0) scrollToIndex(total - 1, 'end');
  }, [ensure, total, scrollToIndex]);
  useEffect(() => ensure(first, last), [ensure, first, last]);
  useEffect(() => {
    if (active >= 0) ensure(active, active);
  }, [ensure, active]);
  const empty = counted && total === 0;

  return (
    <section className="debug-panel debug-events" aria-label="Events" aria-busy={!counted}>
      <h2 id={`${id}-heading`}>Events ({counted ? total : '…'})</h2>
      {/* An empty list says why, rather than leave an empty box. */}
      {empty && (
        <p id={`${id}-empty`} className="empty-state">
          {filtered ? `No event up to input ${position} matches the filter.` : `No events up to input ${position}.`}
        </p>
      )}
      {/* Read-only: its rows are text to read, not choices (a click or Enter does nothing but show where the keyboard is). */}
      <div
        ref={scrollRef}
        className="debug-scroll"
        role="listbox"
        aria-readonly="true"
        tabIndex={0}
        aria-labelledby={`${id}-heading`}
        aria-describedby={empty ? `${id}-empty` : undefined}
        aria-activedescendant={active >= 0 && rows.row(active) ? optionId(id, active) : undefined}
        {...listbox.handlers(fixed)}
      >
        <div style={{ height: totalSize, position: 'relative' }}>
          {items.map((item) => {
            const row = rows.row(item.index);
            return (
              <div
                key={item.index}
                {...listbox.optionProps(id, item.index, item.start, total)}
              >
                {row ? (
                  <>
                    <span className="debug-index">seq {row.seq}</span> <span className="debug-code">{row.type}</span> {row.summary} <span className="debug-count">← #{row.input}</span>
                  </>
                ) : (
                  '…'
                )}
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
