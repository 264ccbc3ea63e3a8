/**
 * Every input of the session (filtered), virtualized; choosing one seeks to it. The list follows the
 * playhead: the current input's row (or, filtered, the last listed one before it) is marked and kept in view.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { activeFilter, type InputRow } from '../../protocol/debug-api';
import type { DebugController } from '../client/debug-controller';
import { DEBUG_ROW_HEIGHT, useFixedRows } from './use-fixed-rows';
import { usePagedRows } from './use-paged-rows';

export function InputList({ debug }: { debug: DebugController }) {
  useSignals();
  const filter = debug.filter.value;
  const position = debug.position.value;
  const key = `${debug.generation.value}:${JSON.stringify(filter)}`;
  const rows = usePagedRows<InputRow>((start, count) => debug.api.$inputs(start, count, filter), key);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { items, totalSize, scrollToIndex } = useFixedRows(scrollRef, rows.total, DEBUG_ROW_HEIGHT);
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const ensure = rows.ensure;
  useEffect(() => ensure(first, Math.max(first, last)), [ensure, first, last]);

  const total = rows.total;
  // The row marked current: the position's input, or under a filter the last listed one before it. It is
  // scrolled to only when out of view, so a row just clicked stays where it was; an answer that arrives
  // after the position moved on is dropped (playing asks several times a second).
  const [currentRow, setCurrentRow] = useState<{ key: string; row: number } | null>(null);
  useEffect(() => {
    let current = true;
    void debug.api.$inputRowAt(position, filter).then((row) => {
      if (!current) return;
      setCurrentRow({ key, row });
      // Before the first listed input (-1), the list shows its start: a scroll kept from the unfiltered list
      // would otherwise leave a filtered one at its end.
      if (total > 0 && row < total) scrollToIndex(Math.max(0, row), 'auto');
    });
    return () => {
      current = false;
    };
    // `key` stands for the filter (and the loaded session); `filter` itself is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debug, position, key, total, scrollToIndex]);

  const isCurrent = (listIndex: number, input: number): boolean => (currentRow?.key === key ? listIndex === currentRow.row : input === position);

  return (
    <section className="debug-panel debug-inputs" aria-label="Inputs" aria-busy={!rows.known}>
      {/* Not "(0)" while a filter is being applied: the worker searches every input first. */}
      <h2>Inputs ({rows.known ? rows.total : '…'})</h2>
      {/* An empty list says why, rather than leave an empty box. */}
      {rows.known && total === 0 && <p className="empty-state">{activeFilter(filter) !== null ? 'No input matches the filter.' : 'The session has no inputs.'}</p>}
      <div ref={scrollRef} className="debug-scroll">
        <ul role="list" style={{ height: totalSize, position: 'relative' }}>
          {items.map((item) => {
            const row = rows.row(item.index);
            return (
              <li key={item.index} role="listitem" style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}>
                {row ? (
                  <button type="button" className="debug-row" aria-current={isCurrent(item.index, row.index) ? 'step' : undefined} onClick={() => debug.seek(row.index)}>
                    <span className="debug-index">#{row.index}</span> <span className="debug-code">{row.code}</span> {row.summary}
                    {row.events > 0 && <span className="debug-count"> +{row.events}</span>}
                  </button>
                ) : (
                  <span className="debug-row">…</span>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
