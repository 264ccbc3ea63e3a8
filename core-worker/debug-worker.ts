/**
 * The session-replay debugger's dedicated Web Worker: loads a session file,
 * replays it once with the real core (no network: its ports answer from the
 * file), and answers the debugger UI through Comlink (protocol/debug-api.ts).
 */
import * as Comlink from 'comlink';
import type { DebugApi } from '../protocol/debug-api';
import { settleAfterMicrotasks } from './settle';
import { createDebugService } from './debug/debug-service';
import { startFrameDecoder } from './debug/frame-decoder';

const service = createDebugService({
  settle: () => new Promise<void>((resolve) => settleAfterMicrotasks(resolve)),
  now: () => performance.now(),
  // An imported file's frames are decoded ahead on a worker of this worker's own (none where workers cannot nest).
  frameDecoder: (file) =>
    typeof Worker === 'undefined' ? null : startFrameDecoder(new Worker(new URL('./debug/frame-decoder-worker.ts', import.meta.url), { type: 'module', name: 'plaza-frame-decoder' }), file),
});
Comlink.expose({
  $load: service.$load,
  $loadProgress: service.$loadProgress,
  $summary: service.$summary,
  $verified: service.$verified,
  $inputs: service.$inputs,
  $inputRowAt: service.$inputRowAt,
  $events: service.$events,
  $eventRate: service.$eventRate,
  $stateAt: service.$stateAt,
  $hashAt: service.$hashAt,
  $firstTouch: service.$firstTouch,
  $trimmedSession: service.$trimmedSession,
} satisfies DebugApi); // every method of the API, and nothing else (not the service's `loaded`)
