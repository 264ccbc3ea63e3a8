/** One projection's canonical state at the position (as text), and what changed since the previous input. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { DEBUG_PROJECTIONS, type DebugProjectionName } from '../../protocol/debug-api';
import type { DebugController } from '../client/debug-controller';

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
      <pre className="debug-json" aria-label={`${name} state`}>
        {state?.projections[name] ?? ''}
      </pre>
    </section>
  );
}
