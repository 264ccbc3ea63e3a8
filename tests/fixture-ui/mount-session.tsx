/**
 * Mounts the real UI on the real core fed from a recorded session: no server,
 * no network, a fixed clock. The session is replayed (up to an input, if asked)
 * and the replayed core's own publisher gives the snapshot the UI renders.
 * Intents from the UI go to a recording FakeCore, so a test can assert on them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaySession, type ReplayResult } from '../../core-worker/replayer';
import { parseSessionFile, type SessionFile } from '../../protocol/session-file';
import type { ViewPatch } from '../../protocol/views';
import { renderApp } from '../../ui/testing/render-app';

export function loadSession(name: string): SessionFile {
  return parseSessionFile(readFileSync(join(import.meta.dirname, '../../fixtures/sessions', name), 'utf8'));
}

/** The input index (1-based) of the n-th intent `method` whose arguments match. */
export function inputIndexOfIntent(file: SessionFile, method: string, nth = 1, predicate: (args: unknown[]) => boolean = () => true): number {
  let index = 0;
  let seen = 0;
  for (const line of file.lines) {
    if (!('t' in line)) continue;
    index++;
    if (line.k === 'intent' && line.m === method && predicate(line.a) && ++seen === nth) return index;
  }
  throw new Error(`no ${method} intent #${nth} in the session`);
}

export async function mountSession(file: SessionFile, options: { until?: number; path: (replay: ReplayResult) => string }) {
  const replay = await replaySession(file, { settle: () => new Promise((resolve) => setTimeout(resolve, 0)), ...(options.until !== undefined ? { until: options.until } : {}) });
  if (replay.divergence) throw new Error(`the fixture no longer replays (re-record it with npm run fixtures:record): ${JSON.stringify(replay.divergence)}`);
  const patches: ViewPatch[] = [];
  replay.core.publisher.subscribe((patch) => patches.push(patch));
  const view = renderApp({ path: options.path(replay), patches });
  return { ...view, replay };
}
