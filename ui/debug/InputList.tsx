/**
 * Every input of the session (filtered), virtualized; choosing one seeks to it. The list follows the
 * playhead: the current input's row (or, filtered, the last listed one before it) is selected and kept in view.
 * One Tab stop (a listbox, use-listbox.ts): the keyboard's row starts at the selected one and follows it as
 * the playhead moves; the keys move it, Enter or Space seeks to it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { activeFilter, type InputRow } from '../../protocol/debug-api';
import type { DebugController } from '../client/debug-controller';
import { DEBUG_ROW_HEIGHT, useFixedRows } from './use-fixed-rows';
import { useListbox, optionId } from './use-listbox';
import { usePagedRows } from './use-paged-rows';

export function InputList({ debug }: { debug: DebugController }) {
  useSignals();
  const filter = debug.filter.value;
  const position = debug.position.value;
  const generation = debug.generation.value;
  const key = `${generation}:${JSON.stringify(filter)}`;
  /** The list as the keyboard's row knows it: a seek or a new filter makes it another. */
  const listAt = (at: number): string => `${key}@${at}`;
  const rows = usePagedRows<InputRow>((start, count) => debug.api.$inputs(start, count, filter), key);
  const total = rows.total;
  const id = useId();
  const scrollRef = useRef<HTMLDivElement>(null);

  // The row marked current: the position's input, or under a filter the last listed one before it. It is
  // scrolled to only when out of view, so a row just clicked stays where it was; an answer that arrives
  // after the position moved on is dropped (playing asks several times a second).
  const [currentRow, setCurrentRow] = useState<{ key: string; row: number } | null>(null);
  const anchor = currentRow?.key === key ? currentRow.row : 0;

  const listbox = useListbox(total, anchor, listAt(position));
  const active = listbox.active;
  const fixed = useFixedRows(scrollRef, total, DEBUG_ROW_HEIGHT, 10, active);
  const { items, first, last, totalSize, scrollToIndex } = fixed;
  const choose = (row: number): void => {
    const input = rows.row(row)?.index;
    if (input === undefined) return; // not fetched yet: nothing to seek to
    debug.seek(input);
    // The seek makes the list another (its position): the keyboard stays on the row it chose.
    listbox.place(row, listAt(debug.position.value));
  };

  const ensure = rows.ensure;
  useEffect(() => ensure(first, last), [ensure, first, last]);
  useEffect(() => {
    if (active >= 0) ensure(active, active);
  }, [ensure, active]);

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

  // A new filter keeps the keyboard near where the keys left it: on the last listed input at or before the
  // one it was on (else the first). Where it only followed the playhead, it goes on following it.
  const left = useRef<{ key: string; generation: number; position: number; input: number | null } | null>(null);
  const { place } = listbox;
  useEffect(() => {
    const was = left.current;
    if (was === null || was.key === key || was.generation !== generation || was.position !== position || was.input === null) return;
    let current = true;
    void debug.api.$inputRowAt(was.input, filter).then((near) => {
      if (current) place(Math.max(0, near), listAt(position));
    });
    return () => {
      current = false;
    };
    // Only a new filter carries the row over (another session's inputs are others); `left` holds what it was before.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const movedTo = listbox.moved ? (rows.row(active)?.index ?? null) : null;
  useEffect(() => {
    left.current = { key, generation, position, input: movedTo };
  });

  const isCurrent = (listIndex: number, input: number): boolean => (currentRow?.key === key ? listIndex === currentRow.row : input === position);
  const empty = rows.known && total === 0;

  return (
    <section className="debug-panel debug-inputs" aria-label="Inputs" aria-busy={!rows.known}>
      {/* Not "(0)" while a filter is being applied: the worker searches every input first. */}
      <h2 id={`${id}-heading`}>Inputs ({rows.known ? rows.total : '…'})</h2>
      {/* An empty list says why, rather than leave an empty box. */}
      {empty && (
        <p id={`${id}-empty`} className="empty-state">
          {activeFilter(filter) !== null ? 'No input matches the filter.' : 'The session has no inputs.'}
        </p>
      )}
      <div
        ref={scrollRef}
        className="debug-scroll"
        role="listbox"
        tabIndex={0}
        aria-labelledby={`${id}-heading`}
        aria-describedby={empty ? `${id}-empty` : undefined}
        // Named once its row has its text, so a screen reader reads the row rather than "…" (End on a million inputs).
        aria-activedescendant={active >= 0 && rows.row(active) ? optionId(id, active) : undefined}
        {...listbox.handlers(fixed, choose)}
      >
        <div style={{ height: totalSize, position: 'relative' }}>
          {items.map((item) => {
            const row = rows.row(item.index);
            const selected = row !== undefined && isCurrent(item.index, row.index);
            return (
              <div
                key={item.index}
                {...listbox.optionProps(id, item.index, item.start, total)}
                aria-selected={selected}
                onClick={() => choose(item.index)}
              >
                {row ? (
                  <>
                    <span className="debug-index">#{row.index}</span> <span className="debug-code">{row.code}</span> {row.summary}
                    {row.events > 0 && <span className="debug-count"> +{row.events}</span>}
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
