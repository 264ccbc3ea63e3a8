/**
 * The only UI file that knows the debugger's worker: starts it (once, on
 * first use) and returns its DebugApi through Comlink.
 */
import * as Comlink from 'comlink';
import type { DebugApi } from '../../protocol/debug-api';

let shared: DebugApi | null = null;

/** The debug worker's API, started on first call. */
export function debugApi(): DebugApi {
  if (!shared) {
    const worker = new Worker(new URL('../../core-worker/debug-worker.ts', import.meta.url), { type: 'module', name: 'plaza-debug' });
    const remote = Comlink.wrap<DebugApi>(worker);
    shared = {
      $load: (session) => remote.$load(session),
      $loadProgress: () => remote.$loadProgress(),
      $summary: () => remote.$summary(),
      $verified: () => remote.$verified(),
      $inputs: (start, count, filter) => remote.$inputs(start, count, filter),
      $inputRowAt: (position, filter) => remote.$inputRowAt(position, filter),
      $events: (start, count, position, filter) => remote.$events(start, count, position, filter),
      $eventRate: (buckets) => remote.$eventRate(buckets),
      $stateAt: (position, projections) => remote.$stateAt(position, projections),
      $hashAt: (position) => remote.$hashAt(position),
      $firstTouch: (id) => remote.$firstTouch(id),
      $trimmedSession: (position) => remote.$trimmedSession(position),
    };
  }
  return shared;
}
