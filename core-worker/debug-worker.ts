/**
 * The session-replay debugger's dedicated Web Worker: loads a session file,
 * replays it once with the real core (no network: its ports answer from the
 * file), and answers the debugger UI through Comlink (protocol/debug-api.ts).
 */
import * as Comlink from 'comlink';
import type { DebugApi } from '../protocol/debug-api';
import { settleAfterMicrotasks } from './settle';
import { createDebugService } from './debug/debug-service';

const service = createDebugService({ settle: () => new Promise<void>((resolve) => settleAfterMicrotasks(resolve)), now: () => performance.now() });
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
