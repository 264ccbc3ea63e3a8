/**
 * A decoder thread for replays in Node: a worker_threads Worker decodes the session file's frames ahead
 * of the replay (scripts/decoder-thread-worker.ts) and hands them over as frame tape batches
 * (protocol/frames/tape.ts), which the replay takes through `frames` (core-worker/frame-tape-source.ts).
 * Decoding is a pure function, so it can run on the second core while the main thread folds.
 *
 * The file is shared, not sent: the main thread reads its bytes into shared memory and both threads read
 * the lines from those same bytes in place (scripts/utf8-text.ts), so they read the same lines (a file read
 * twice could have changed in between; a 140 MB text posted to a worker is copied, at seconds of the main thread's time).
 *
 * It never changes a replay's result: if the worker cannot start, fails, refuses the file or is stopped,
 * `frames` ends and the replay decodes every frame it has not been handed itself.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FrameTapeSource } from '../core-worker/frame-tape-source';
import type { DecodedFrames } from '../core-worker/replayer';
import { PROGRESS_COUNTERS, RELEASED, REPLAY_AT, STOPPED, type DecoderMessage, type DecoderThreadData } from './decoder-thread-shared';

export { sharedText } from './decoder-thread-shared';

/** How the worker did. */
export interface DecoderReport {
  /** Frame lines decoded, how many of them the tape carried, and how many it skipped because the replay was there first. */
  frames: number;
  written: number;
  skipped: number;
  /** Before its first frame: finding the header and the footer in the bytes (a version 1 file: decoding its whole text and reading its lines). */
  readMs: number;
  /** Time spent waiting for the replay to let batches go (the worker was maxAhead batches ahead). */
  waitedMs: number;
  /** From the worker's start of work to its last batch, waiting included. */
  totalMs: number;
}

export interface DecoderThreadOptions {
  /** Frames per batch (default 8,192). */
  batchFrames?: number;
  /** How many batches the worker may be ahead of the replay (default 8: 65,536 frames, a fraction of a second of replay). */
  maxAhead?: number;
  /**
   * When the replay reaches a frame the thread has not decoded yet: wait for the thread (true), or
   * decode it on the main thread (false, the default) — the thread then skips ahead of the replay.
   * A thread boots in about a second, so not waiting lets the replay start at once.
   */
  wait?: boolean;
}

export interface DecoderThread {
  /** The frames for ReplayOptions.frames. */
  readonly frames: DecodedFrames;
  /** The batches as they arrive (taken and missed frames). */
  readonly source: FrameTapeSource;
  /** The worker's report once it has finished; null if it failed, refused the file or was stopped first. */
  readonly finished: Promise<DecoderReport | null>;
  /** Why the worker stopped early, if it did. */
  readonly failure: string | undefined;
  /** How long the replay waited for the worker, in all, and how many times (with `wait` only). */
  readonly waited: { ms: number; times: number };
  /** Ends the worker (at any point: the replay then decodes whatever it has not been handed). */
  stop(): Promise<void>;
  /** The worker's exit code once it has ended: 0 when it ended by itself (stopping asks it to), 1 when it was terminated. */
  readonly exitCode: number | undefined;
}

/** How long a stopped worker has to end by itself before it is terminated. */
const STOP_WAIT_MS = 5_000;

/** Reads a file's bytes into shared memory (for startDecoderThread and sharedText). */
export function readSharedFile(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let at = 0;
    while (at < size) {
      const read = readSync(fd, bytes, at, size - at, at);
      if (read === 0) break;
      at += read;
    }
    // A byte order mark, which some editors put before UTF-8 text, is no part of the session: a browser's
    // File.text() drops it too, so the debugger and the CLI read such a file alike (the CLI refused it as
    // "line 1: not valid JSON").
    const bom = at >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    return bom === 0 && at === size ? bytes : bytes.subarray(bom, at);
  } finally {
    closeSync(fd);
  }
}

/** A text's UTF-8 bytes in shared memory (for a session held as text, e.g. in tests and benches). */
export function sharedUtf8(text: string): Uint8Array {
  const encoded = Buffer.from(text, 'utf8');
  const bytes = new Uint8Array(new SharedArrayBuffer(encoded.length));
  bytes.set(encoded);
  return bytes;
}

/** Starts a decoder thread on a session file's bytes (readSharedFile, sharedUtf8). */
export function startDecoderThread(bytes: Uint8Array, options: DecoderThreadOptions = {}): DecoderThread {
  const progress = new Int32Array(new SharedArrayBuffer(PROGRESS_COUNTERS * Int32Array.BYTES_PER_ELEMENT));
  progress[REPLAY_AT] = -1; // the replay has asked for no line yet
  const source = new FrameTapeSource(() => {
    Atomics.add(progress, RELEASED, 1);
    Atomics.notify(progress, RELEASED);
  });
  let failure: string | undefined;
  let worker: Worker | undefined;
  let exitCode: number | undefined;
  let settle: (report: DecoderReport | null) => void = () => {};
  const finished = new Promise<DecoderReport | null>((resolve) => (settle = resolve));
  const end = (why?: string) => {
    if (source.done) return;
    if (why !== undefined) failure = why;
    source.end();
    settle(null);
  };

  const data: DecoderThreadData = {
    entry: fileURLToPath(new URL('./decoder-thread-worker.ts', import.meta.url)),
    // This module runs as TypeScript (tsx, Vitest) or compiled into a bundle, and so does the worker beside it.
    compiled: !import.meta.url.endsWith('.ts'),
    bytes,
    progress,
    batchFrames: options.batchFrames ?? 8_192,
    maxAhead: options.maxAhead ?? 8,
  };
  try {
    // No execArgv: under tsx, the worker would inherit its ESM loader, which starts a hooks thread of its own.
    worker = new Worker(new URL('./decoder-thread-boot.cjs', import.meta.url), { workerData: data, execArgv: [] });
  } catch (error) {
    end(`the decoder thread did not start: ${(error as Error).message}`);
  }
  if (worker) {
    // The thread must not keep the process alive after the replay, whatever happens.
    worker.unref();
    worker.on('message', (message: DecoderMessage) => {
      switch (message.type) {
        case 'batch':
          source.add(message.batch, message.upTo);
          return;
        case 'done': {
          const { frames, written, skipped, readMs, waitedMs, totalMs } = message;
          source.end();
          settle({ frames, written, skipped, readMs, waitedMs, totalMs });
          return;
        }
        case 'refused':
          end(`the decoder thread refused the file: ${message.message}`);
          return;
        case 'failed':
          end(`the decoder thread failed: ${message.message}`);
      }
    });
    worker.on('error', (error) => end(`the decoder thread failed: ${error.message}`));
    worker.on('exit', (code) => {
      exitCode = code;
      end('the decoder thread exited early');
    });
  }

  const waited = { ms: 0, times: 0 };
  const wait = options.wait ?? false;
  const frames: DecodedFrames = {
    // Not waiting, every frame is "at hand": one the tape has not reached, the replay decodes itself.
    has: (index) => !wait || source.has(index),
    wait: async (index) => {
      const start = performance.now();
      await source.wait(index);
      waited.ms += performance.now() - start;
      waited.times++;
    },
    take: (index) => {
      // A hint the worker reads at each batch: a plain store (a sequentially consistent Atomics.store costs a fence per frame).
      progress[REPLAY_AT] = index;
      return source.take(index);
    },
  };
  return {
    frames,
    source,
    finished,
    get failure() {
      return failure;
    },
    waited,
    get exitCode() {
      return exitCode;
    },
    async stop() {
      end('stopped');
      if (!worker || exitCode !== undefined) return;
      // Asked to stop, the worker leaves at its next batch (~10 ms) and ends by itself (decoder-thread-shared.ts,
      // STOPPED: terminating a busy worker has crashed Node). One that does not end within STOP_WAIT_MS is terminated.
      Atomics.store(progress, STOPPED, 1);
      Atomics.notify(progress, RELEASED);
      const running = worker;
      // The worker is unref'd (it must not keep the process alive): while it is awaited, it must, or Node would
      // end the process here with the replay's summary unprinted.
      running.ref();
      const ended = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), STOP_WAIT_MS);
        timer.unref();
        running.once('exit', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!(await ended)) await running.terminate();
    },
  };
}
