/**
 * The debugger's frames decoded ahead: a worker of the debug worker's own (frame-decoder-worker.ts) reads
 * the imported file and decodes its socket frames while the replay folds, as the CLI's decoder thread does
 * in Node (scripts/decoder-thread.ts), and hands them over as frame tape batches (protocol/frames/tape.ts).
 * A heavy user's session has a million frames; decoding them is a fifth of its replay.
 *
 * Both sides are here: `decodeFramesAhead` is the decoder's body and `startFrameDecoder` the replay's
 * side, so a test can join them with a MessageChannel. In a browser there is no shared memory without
 * cross-origin isolation, so the two keep in step by messages: the replay says how many batches it has let
 * go (the decoder stays at most `maxAhead` ahead) and where it is (the decoder skips to ahead of it when it
 * finds itself behind — it starts a few hundred milliseconds late).
 *
 * Nothing here can make a replay wrong: a frame not handed over — not decoded yet, declined by the tape,
 * or the decoder failed or was stopped — is decoded by the replay itself (core-worker/frame-tape-source.ts).
 */
import { decodeDownFrame } from '../../protocol/frames/down';
import { errorText } from '../../protocol/result';
import { eachFrameLine, firstLine, headerEnd, headerVersion, type LineCursor } from '../../protocol/frames/frame-lines';
import type { TapeBatch } from '../../protocol/frames/tape';
import { TapeScanner } from '../../protocol/frames/tape-scan';
import { TapeWriter } from '../../protocol/frames/tape-writer';
import { FrameTapeSource } from '../frame-tape-source';
import type { DecodedFrames } from '../replayer';

/** What the replay's side sends the decoder. */
export type ToDecoder =
  | { type: 'start'; file: Blob; batchFrames: number; maxAhead: number }
  | { type: 'progress'; released: number; replayAt: number };

/** What the decoder sends back. */
export type FromDecoder =
  | { type: 'batch'; batch: TapeBatch; upTo: number }
  | { type: 'done'; frames: number; written: number; skipped: number }
  | { type: 'failed'; message: string };

/** A worker, or one end of a MessageChannel. */
export interface DecoderPort {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** A macrotask turn without setTimeout's clamping: messages that came meanwhile (the replay's progress) are taken. */
function createYield(): () => Promise<void> {
  const channel = new MessageChannel();
  const waiting: (() => void)[] = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

/**
 * The decoder: given `start`, reads the file and posts the decodes of its frame lines a batch at a time, in
 * line order, until the footer; then `done`. Files before version 2 (frames as JSON inside JSON) are left to
 * the replay. Keeps to the replay's progress as it hears of it on `port`.
 */
export async function decodeFramesAhead(port: DecoderPort, start: Extract<ToDecoder, { type: 'start' }>): Promise<void> {
  const post = (message: FromDecoder, transfer: Transferable[] = []) => port.postMessage(message, transfer);
  let released = 0;
  let replayAt = -1;
  let wake: (() => void) | null = null;
  port.onmessage = (event: MessageEvent<ToDecoder>) => {
    if (event.data.type !== 'progress') return;
    released = Math.max(released, event.data.released);
    replayAt = Math.max(replayAt, event.data.replayAt);
    wake?.();
  };
  const yieldTurn = createYield();
  try {
    const bytes = new Uint8Array(await start.file.arrayBuffer());
    const afterHeader = headerEnd(bytes);
    const text = new TextDecoder(); // as the replay reads the file (Blob.text): malformed bytes become U+FFFD
    const version = headerVersion(text.decode(bytes.subarray(0, afterHeader)));
    if (version === undefined || version < 2) return post({ type: 'done', frames: 0, written: 0, skipped: 0 });

    const writer = new TapeWriter();
    // Most frames go onto the tape straight from their bytes; the others are decoded from their text.
    const scanner = new TapeScanner(writer, bytes, (b, from, to) => text.decode(b.subarray(from, to)));
    let posted = 0;
    let frames = 0;
    let written = 0;
    let skipped = 0;
    /** Lines below this one are left to the replay, which got there first. */
    let skipUntil = -1;
    const wanted = (i: number): boolean => {
      if (i < skipUntil) {
        skipped++;
        return false;
      }
      // At a batch's start: if the replay got here first, the next batch starts one batch ahead of it.
      if (writer.count === 0 && i <= replayAt) {
        skipUntil = replayAt + start.batchFrames;
        skipped++;
        return false;
      }
      return true;
    };
    const flush = (upTo: number): void => {
      const batch = writer.finish();
      post({ type: 'batch', batch, upTo }, [batch.lines.buffer, batch.starts.buffer, batch.ops.buffer, batch.nums.buffer]);
      posted++;
    };
    let cursor: LineCursor & { done: boolean } = { ...firstLine(afterHeader), done: false };
    while (!cursor.done) {
      cursor = eachFrameLine(bytes, cursor, wanted, (i, from, to) => {
        frames++;
        if (scanner.add(i, from, to) || writer.add(i, decodeDownFrame(text.decode(bytes.subarray(from, to))))) written++;
        return writer.count >= start.batchFrames;
      });
      flush(cursor.line);
      await yieldTurn();
      while (posted - released > start.maxAhead) await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    post({ type: 'done', frames, written, skipped });
  } catch (error) {
    post({ type: 'failed', message: errorText(error) });
  }
}

export interface FrameDecoder {
  /** For ReplayOptions.frames: a frame not at hand yet is the replay's to decode (it never waits). */
  readonly frames: DecodedFrames;
  readonly source: FrameTapeSource;
  /** Why the decoder stopped early, if it did. */
  readonly failure: string | undefined;
  /** Ends the decoder; the replay decodes whatever it has not been handed. */
  stop(): void;
}

/** The replay's side: starts decoding `file` on `worker` (frame-decoder-worker.ts, or a channel's port in tests). */
export function startFrameDecoder(worker: DecoderPort & { terminate?(): void }, file: Blob, options: { batchFrames?: number; maxAhead?: number } = {}): FrameDecoder {
  let released = 0;
  let replayAt = -1;
  let takes = 0;
  let failure: string | undefined;
  const progress = (): void => worker.postMessage({ type: 'progress', released, replayAt } satisfies ToDecoder);
  const source = new FrameTapeSource(() => {
    released++;
    progress();
  });
  const end = (why: string): void => {
    if (source.done) return;
    failure = why;
    source.end();
  };
  worker.onmessage = (event: MessageEvent<FromDecoder>) => {
    const message = event.data;
    if (message.type === 'batch') source.add(message.batch, message.upTo);
    else if (message.type === 'done') source.end();
    else end(`the frame decoder failed: ${message.message}`);
  };
  worker.postMessage({ type: 'start', file, batchFrames: options.batchFrames ?? 8_192, maxAhead: options.maxAhead ?? 8 } satisfies ToDecoder);
  const frames: DecodedFrames = {
    has: () => true,
    wait: () => Promise.resolve(),
    take: (index) => {
      replayAt = index;
      // Where the replay is, now and then, so a decoder that fell behind skips ahead of it.
      if ((++takes & 4095) === 0) progress();
      return source.take(index);
    },
  };
  return {
    frames,
    source,
    get failure() {
      return failure;
    },
    stop() {
      end('stopped');
      worker.terminate?.();
    },
  };
}
