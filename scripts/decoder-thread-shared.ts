/** What the decoder thread (scripts/decoder-thread.ts) and its worker (decoder-thread-worker.ts) share. */
import type { TapeBatch } from '../protocol/frames/tape';

/** What the worker is given. */
export interface DecoderThreadData {
  /** The worker's module (a path), for decoder-thread-boot.cjs. */
  entry: string;
  /**
   * Whether that module is already JavaScript (the replay runs from a bundle, with the worker bundled
   * beside it): then the worker loads it as it is, without tsx's require hook and its transform.
   */
  compiled: boolean;
  /** The session file, UTF-8, in shared memory. */
  bytes: Uint8Array;
  /** Shared counters, indexed by RELEASED, REPLAY_AT and STOPPED. */
  progress: Int32Array;
  batchFrames: number;
  maxAhead: number;
}

/** progress[RELEASED]: how many batches the replay has let go (the worker waits on it). */
export const RELEASED = 0;
/** progress[REPLAY_AT]: the line the replay last asked for (the worker skips ahead of it when behind). */
export const REPLAY_AT = 1;
/**
 * progress[STOPPED]: 1 once the replay has stopped the thread, which then leaves at its next batch (or wait) and
 * ends by itself. It is asked, not terminated: Node 20 crashed the whole process once (an assertion in
 * NodePlatform::ForIsolate, from a background compile of the worker's hot code) when a busy worker was terminated.
 */
export const STOPPED = 2;
/** How many counters `progress` holds. */
export const PROGRESS_COUNTERS = 3;

/** What the worker posts. */
export type DecoderMessage =
  | { type: 'batch'; batch: TapeBatch; upTo: number }
  | { type: 'done'; frames: number; written: number; skipped: number; readMs: number; waitedMs: number; totalMs: number }
  | { type: 'refused'; message: string }
  | { type: 'failed'; message: string };

/** The text of shared UTF-8 bytes; both threads decode it this way, so they read the same text. */
export function sharedText(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}
