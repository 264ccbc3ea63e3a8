/** One projection's canonical state at the position (as text), and what changed since the previous input. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo } from 'react';
import { DEBUG_PROJECTIONS, type DebugProjectionName } from '../../protocol/debug-api';
import type { DebugController } from '../client/debug-controller';

/** Lines per chunk of a projection's text, and each line's height (`.debug-json`'s line-height). */
const CHUNK_LINES = 100;
const LINE_HEIGHT = 16;

/**
 * A projection's JSON text (up to 64 KiB: a few thousand lines), in chunks the browser lays out only when
 * they scroll into view (`content-visibility: auto`, each chunk's height known from its lines). Laying out the
 * whole text at every seek was a third of a seek to a heavy user's state in Chromium. Each chunk keeps its
 * line break, so the text reads, searches and copies as one.
 */
function JsonText({ text, label }: { text: string; label: string }) {
  const chunks = useMemo(() => {
    const lines = text.split('\n');
    const out: { text: string; lines: number }[] = [];
    for (let i = 0; i < lines.length; i += CHUNK_LINES) {
      const part = lines.slice(i, i + CHUNK_LINES);
      out.push({ text: part.join('\n') + (i + CHUNK_LINES < lines.length ? '\n' : ''), lines: part.length });
    }
    return out;
  }, [text]);
  return (
    // Focusable, so the keyboard can scroll a long projection.
    <pre className="debug-json" aria-label={label} tabIndex={0}>
      {chunks.map((chunk, i) => (
        <span key={i} className="debug-json-chunk" style={{ containIntrinsicSize: `auto ${chunk.lines * LINE_HEIGHT}px` }}>
          {chunk.text}
        </span>
      ))}
    </pre>
  );
}

export function ProjectionPanel({ debug }: { debug: DebugController }) {
  useSignals();
  const state = debug.state.value;
  const name = debug.projection.value;
  const diff = state?.diffs.find((d) => d.projection === name);
  const changed = state?.diffs.map((d) => d.projection) ?? [];
  const selectId = useId();
  return (
    // Busy until the state shown is the position's (a drag asks for the latest position only when the worker answers).
    <section className="debug-panel debug-projection" aria-label="Projection state" aria-busy={state?.position !== debug.position.value}>
      <h2>State</h2>
      <div>
        {/* Labelled by id, not wrapped: a wrapping label would lend the select its options' text as a name. */}
        <label htmlFor={selectId}>Projection</label>{' '}
        <select id={selectId} value={name} onChange={(e) => debug.setProjection(e.target.value as DebugProjectionName)}>
          {DEBUG_PROJECTIONS.map((p) => (
            <option key={p} value={p}>
              {p}
              {changed.includes(p) ? ' (changed)' : ''}
            </option>
          ))}
        </select>
      </div>
      {state && <p className="debug-hash">hash {state.hash ?? 'computing…'} · {state.events} events · {state.computeMs.toFixed(1)} ms</p>}
      <h3>Changes from the previous input</h3>
      {!diff || diff.changes.length === 0 ? (
        <p>No change to {name}.</p>
      ) : (
        <ul className="debug-diff" aria-label="Changes">
          {diff.changes.map((c, i) => (
            <li key={i} className={`debug-diff-${c.op}`}>
              <code>{c.path}</code> {c.op === 'add' ? `+ ${c.after}` : c.op === 'remove' ? `− ${c.before}` : `${c.before} → ${c.after}`}
            </li>
          ))}
          {diff.truncated && <li>… more changes</li>}
        </ul>
      )}
      <JsonText text={state?.projections[name] ?? ''} label={`${name} state`} />
    </section>
  );
}
