/**
 * The decoder thread's body (started by scripts/decoder-thread.ts): decodes the frame lines of the session
 * file in order with decodeDownFrame and posts the decodes as frame tape batches, their arrays transferred.
 *
 * It reads the shared bytes line by line and decodes only the text of each compact frame line (`B`/`F`),
 * so its first batch is ready at once: decoding the whole file's UTF-8 first took ~1.4 s for a heavy
 * user's 138 MB, during which the replay decoded the frames itself. It does not validate the file: the
 * replay's thread reads and validates it (parseSessionFile) and stops this one if it refuses it. Its line
 * numbers are the replay's — every line between header and footer is one line there, and a UTF-8 newline
 * byte is never part of another character. Files of version 1 (every line JSON) are read the old way.
 *
 * Two shared counters keep it useful: it stays at most `maxAhead` batches ahead of what the replay has
 * let go (memory), and it never decodes frames the replay has already passed — when it finds itself
 * behind (it starts late: a thread takes a while to boot), it jumps one batch ahead of the replay, which
 * decodes the frames in between itself.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { decodeDownFrame } from '../protocol/frames/down';
import { errorText } from '../protocol/result';
import { eachFrameLine, firstLine, headerEnd, headerVersion } from '../protocol/frames/frame-lines';
import { TapeScanner } from '../protocol/frames/tape-scan';
import { TapeWriter } from '../protocol/frames/tape-writer';
import { parseSessionFile, SessionFileError } from '../protocol/session-file';
import { RELEASED, REPLAY_AT, sharedText, STOPPED, type DecoderMessage, type DecoderThreadData } from './decoder-thread-shared';

const { bytes, progress, batchFrames, maxAhead } = workerData as DecoderThreadData;
const port = parentPort!;
const post = (message: DecoderMessage, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Thrown at a batch's edge once the replay has stopped the thread (decoder-thread-shared.ts, STOPPED): the worker then ends quietly. */
const STOP = Symbol('stopped');
const stopAsked = (): void => {
  if (Atomics.load(progress, STOPPED) !== 0) throw STOP;
};

/** Posts decoded batches of frame lines; a line the replay has passed already is skipped (see above). */
class BatchPoster {
  readonly writer = new TapeWriter();
  private posted = 0;
  private frames = 0;
  private written = 0;
  private skipped = 0;
  private waitedMs = 0;

  /** Lines below this one are left to the replay. */
  private skipUntil = -1;

  /**
   * Whether frame line i should be decoded. Not if the replay has got there first: then the thread starts
   * its next batch one batch ahead of the replay, which decodes the frames in between itself.
   */
  wanted(i: number): boolean {
    if (i < this.skipUntil) {
      this.skipped++;
      return false;
    }
    if (this.writer.count === 0) {
      stopAsked();
      const replayAt = Atomics.load(progress, REPLAY_AT);
      if (i <= replayAt) {
        this.skipUntil = replayAt + batchFrames;
        this.skipped++;
        return false;
      }
    }
    return true;
  }

  /** Decodes frame line i (its text as the socket delivered it) onto the tape. */
  add(i: number, text: unknown): void {
    this.frames++;
    if (this.writer.add(i, decodeDownFrame(text))) this.written++;
    if (this.writer.count >= batchFrames) this.flush(i + 1);
  }

  /**
   * Frame line i, its text at bytes `from` on: onto the tape straight from the bytes where the scanner knows
   * the frame's shape (most frames); returns where the text ended, or -1 to have it decoded from its text (`add`).
   */
  scan(scanner: TapeScanner, i: number, from: number, limit: number): number {
    const end = scanner.addLine(i, from, limit);
    if (end < 0) return -1;
    this.frames++;
    this.written++;
    if (this.writer.count >= batchFrames) this.flush(i + 1);
    return end;
  }

  /** Posts the last batch (lines below `upTo` looked at) and the report; `readMs`: the time before the first frame. */
  finish(upTo: number, readMs: number, started: number): void {
    this.flush(upTo);
    post({ type: 'done', frames: this.frames, written: this.written, skipped: this.skipped, readMs, waitedMs: this.waitedMs, totalMs: performance.now() - started });
  }

  /** Posts the batch; then waits while it is maxAhead batches ahead of the replay. */
  private flush(upTo: number): void {
    const batch = this.writer.finish();
    post({ type: 'batch', batch, upTo }, [batch.lines.buffer, batch.starts.buffer, batch.ops.buffer, batch.nums.buffer]);
    this.posted++;
    let seen = Atomics.load(progress, RELEASED);
    if (this.posted - seen <= maxAhead) return;
    const waitStart = performance.now();
    // Stopping notifies RELEASED too, so a stop ends this wait.
    for (; this.posted - seen > maxAhead; seen = Atomics.load(progress, RELEASED)) {
      stopAsked();
      Atomics.wait(progress, RELEASED, seen);
    }
    stopAsked();
    this.waitedMs += performance.now() - waitStart;
  }
}

/** Decodes the frames of a compact file (version 2 on) from its bytes, line by line. */
function runCompact(buffer: Buffer, afterHeader: number, started: number): void {
  const readMs = performance.now() - started;
  const poster = new BatchPoster();
  // Node's own slicers make the scanner's strings (they are well-formed UTF-8, so any decoder reads them alike).
  const scanner = new TapeScanner(poster.writer, bytes, (_, from, to, ascii) => buffer.toString(ascii ? 'latin1' : 'utf8', from, to));
  const read = eachFrameLine(
    bytes,
    firstLine(afterHeader),
    (i) => poster.wanted(i),
    (i, from, to) => poster.add(i, buffer.toString('utf8', from, to)),
    (i, from, limit) => poster.scan(scanner, i, from, limit),
  );
  poster.finish(read.line, readMs, started);
}

/** Version 1 files (every line JSON, frames JSON inside JSON): read whole, as the replay reads them. */
function runJsonLines(started: number): void {
  let file;
  try {
    file = parseSessionFile(sharedText(bytes));
  } catch (error) {
    if (error instanceof SessionFileError) return post({ type: 'refused', message: error.message });
    throw error;
  }
  const readMs = performance.now() - started;
  const poster = new BatchPoster();
  for (let i = 0; i < file.count; i++) {
    if (file.kind(i) !== 'frame' || !poster.wanted(i)) continue;
    const line = file.line(i);
    if (line.k === 'frame') poster.add(i, line.x);
  }
  poster.finish(file.count, readMs, started);
}

function run(): void {
  const started = performance.now();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const afterHeader = headerEnd(buffer);
  const version = headerVersion(buffer.toString('utf8', 0, afterHeader));
  // Version 1, or a header that is not one (which reading the file whole refuses, saying why).
  if (version !== undefined && version >= 2) runCompact(buffer, afterHeader, started);
  else runJsonLines(started);
}

try {
  run();
} catch (error) {
  // Stopped by the replay: nothing more to say; the thread ends as its work is done.
  if (error !== STOP) post({ type: 'failed', message: errorText(error) });
}
