/**
 * The decoder thread's body (started by scripts/decoder-thread.ts): decodes the session file's text from
 * the shared bytes, reads it as the replay does (parseSessionFile), decodes the frame lines in order with
 * decodeDownFrame and posts the decodes as frame tape batches, their arrays transferred.
 *
 * Two shared counters keep it useful: it stays at most `maxAhead` batches ahead of what the replay has
 * let go (memory), and it never decodes frames the replay has already passed — when it finds itself
 * behind (it starts late: a thread takes a while to boot), it jumps one batch ahead of the replay, which
 * decodes the frames in between itself.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { decodeDownFrame } from '../protocol/frames/down';
import { TapeWriter } from '../protocol/frames/tape-writer';
import { parseSessionFile, SessionFileError } from '../protocol/session-file';
import { RELEASED, REPLAY_AT, sharedText, type DecoderMessage, type DecoderThreadData } from './decoder-thread-shared';

const { bytes, progress, batchFrames, maxAhead } = workerData as DecoderThreadData;
const port = parentPort!;
const post = (message: DecoderMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function run(): void {
  const started = performance.now();
  const text = sharedText(bytes);
  let file;
  try {
    file = parseSessionFile(text);
  } catch (error) {
    if (error instanceof SessionFileError) return post({ type: 'refused', message: error.message });
    throw error;
  }
  const readMs = performance.now() - started;
  const writer = new TapeWriter();
  let posted = 0;
  let frames = 0;
  let written = 0;
  let skipped = 0;
  let waitedMs = 0;
  /** Posts the batch; then waits while it is maxAhead batches ahead of the replay. */
  const flush = (upTo: number) => {
    const batch = writer.finish();
    post({ type: 'batch', batch, upTo }, [batch.lines.buffer, batch.starts.buffer, batch.ops.buffer, batch.nums.buffer]);
    posted++;
    let seen = Atomics.load(progress, RELEASED);
    if (posted - seen <= maxAhead) return;
    const waitStart = performance.now();
    for (; posted - seen > maxAhead; seen = Atomics.load(progress, RELEASED)) Atomics.wait(progress, RELEASED, seen); // terminate() ends this wait too
    waitedMs += performance.now() - waitStart;
  };
  for (let i = 0; i < file.count; i++) {
    if (writer.count === 0) {
      // A new batch: if the replay has got here already, start one batch ahead of it instead.
      const replayAt = Atomics.load(progress, REPLAY_AT);
      if (i <= replayAt) {
        const to = Math.min(file.count, replayAt + batchFrames);
        for (let j = i; j < to; j++) if (file.kind(j) === 'frame') skipped++;
        i = to;
        if (i === file.count) break;
      }
    }
    if (file.kind(i) !== 'frame') continue;
    const line = file.line(i);
    if (line.k !== 'frame') continue;
    frames++;
    if (writer.add(i, decodeDownFrame(line.x))) written++;
    if (writer.count >= batchFrames) flush(i + 1);
  }
  flush(file.count);
  post({ type: 'done', frames, written, skipped, readMs, waitedMs, totalMs: performance.now() - started });
}

try {
  run();
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
}
