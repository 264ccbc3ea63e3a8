/**
 * A replay with the decoder thread (scripts/decoder-thread.ts: a worker thread decodes the frames ahead
 * and hands them over as frame tape batches) reaches exactly what a replay without it reaches — hash,
 * events, inputs, and the divergence of an altered file — whether it waits for the thread or decodes the
 * frames the thread has not reached itself, and whatever happens to the thread: it refuses the file, or
 * it is stopped midway. The thread reads the frame lines from the file's bytes, the replay from its text:
 * they agree on every line, CRLF and characters of several bytes included.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSyntheticSession } from '../../bench/replay';
import { replayAndLocate, replaySession, type ReplayResult } from '../../core-worker/replayer';
import { decodeDownFrame } from '../../protocol/frames/down';
import { TapeWriter } from '../../protocol/frames/tape-writer';
import { INPUT_KINDS, lineInfo, parseSessionFile } from '../../protocol/session-file';
import { sharedUtf8, startDecoderThread, type DecoderThread, type DecoderThreadOptions } from '../../scripts/decoder-thread';
import { Utf8Text } from '../../scripts/utf8-text';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import { recordSession, settle } from './record-session';

let server: PlazaServer;
let live: string;
let synthetic: string;
beforeAll(async () => {
  server = await createPlazaServer({ port: 0, log: () => {} });
  live = (await recordSession(server)).text;
  synthetic = await recordSyntheticSession(8_000, 'heavy-user', { timers: true });
}, 120_000);
afterAll(() => server.close());

/** What must not change. */
const outcome = (r: ReplayResult) => ({ hash: r.hash, events: r.events, inputs: r.inputs, divergence: r.divergence, linesUsed: r.linesUsed });
const frameCount = (text: string) => text.split('\n').filter((row) => lineInfo(row).kind === 'frame').length;
/** How many of the file's frames the tape carries (the others, e.g. codes it does not write, the replay decodes). */
function tapeCount(text: string): number {
  const file = parseSessionFile(text);
  let count = 0;
  for (let i = 0; i < file.count; i++) {
    const line = file.line(i);
    if (line.k === 'frame' && new TapeWriter().add(i, decodeDownFrame(line.x))) count++;
  }
  return count;
}

/** Replays `text` with a decoder thread on `threadText` (the same file, unless a test says otherwise). */
async function withThread(text: string, options: DecoderThreadOptions & { threadText?: string; fast?: boolean; stopAt?: number; asBytes?: boolean } = {}) {
  const thread: DecoderThread = startDecoderThread(sharedUtf8(options.threadText ?? text), options);
  try {
    // asBytes: the replay reads the file's bytes in place, as `npm run replay` does (scripts/utf8-text.ts).
    const file = parseSessionFile(options.asBytes ? new Utf8Text(sharedUtf8(text)) : text);
    const result = await (options.fast ? replayAndLocate : replaySession)(file, {
      settle,
      frames: thread.frames,
      ...(options.stopAt !== undefined ? { onInput: (i: number) => void (i === options.stopAt && thread.stop()) } : {}),
    });
    // The thread's last batch and its closing report are two messages, and the replay can end between them (seen
    // on a loaded machine: stopped then, the thread counts as 'stopped'). Unless a test stops it midway, its report
    // is awaited: it comes once the thread has written its last batch, or at once if it refused the file or failed.
    if (options.stopAt === undefined) await thread.finished;
    return { result, thread };
  } finally {
    await thread.stop();
  }
}

describe('replay with the decoder thread', () => {
  it('a live session: the same result, every frame from the thread', async () => {
    const plain = await replaySession(parseSessionFile(live), { settle });
    expect(plain.divergence).toBeNull();
    const { result, thread } = await withThread(live, { wait: true });
    expect(outcome(result)).toEqual(outcome(plain));
    expect(thread.failure).toBeUndefined();
    expect(thread.source.taken).toBe(tapeCount(live));
    expect(thread.source.taken + thread.source.missed).toBe(frameCount(live));
  });

  it('a heavy user’s mix in many small batches, the thread held two batches ahead: the same result', async () => {
    const plain = await replaySession(parseSessionFile(synthetic), { settle });
    expect(plain.divergence).toBeNull();
    const { result, thread } = await withThread(synthetic, { wait: true, batchFrames: 300, maxAhead: 2 });
    expect(outcome(result)).toEqual(outcome(plain));
    expect(thread.source.taken).toBe(frameCount(synthetic));
    expect(tapeCount(synthetic)).toBe(frameCount(synthetic));
    const report = await thread.finished;
    expect(report).toMatchObject({ frames: frameCount(synthetic), written: frameCount(synthetic), skipped: 0 });
    // The bound on memory held: the thread posts a batch, then waits while more than two are unreleased, so
    // at most three are ever at hand (whether it had to wait at all depends on which thread ran faster on a
    // shared machine, so that is not asserted).
    expect(thread.source.mostHeld).toBeLessThanOrEqual(3);
  });

  it('the file read as UTF-8 bytes in place, as `npm run replay` reads it: the same result on one thread and with the thread', async () => {
    for (const text of [live, synthetic]) {
      const plain = await replaySession(parseSessionFile(text), { settle });
      expect(plain.divergence).toBeNull();
      const oneThread = await replaySession(parseSessionFile(new Utf8Text(sharedUtf8(text))), { settle });
      expect(outcome(oneThread)).toEqual(outcome(plain));
      const { result, thread } = await withThread(text, { wait: true, asBytes: true });
      expect(outcome(result)).toEqual(outcome(plain));
      expect(thread.source.taken).toBe(tapeCount(text));
    }
  });

  it('not waiting for the thread (the default): the same result, frames it has not reached decoded by the replay', async () => {
    const plain = await replaySession(parseSessionFile(synthetic), { settle, verifyEvents: false });
    const { result, thread } = await withThread(synthetic, { fast: true, batchFrames: 500 });
    expect(outcome(result)).toEqual(outcome(plain));
    expect(thread.source.taken + thread.source.missed).toBe(frameCount(synthetic));
  });

  it('an altered recording: the same divergence, with and without --fast', async () => {
    const rows = live.trimEnd().split('\n');
    const target = rows.findIndex((r) => lineInfo(r).kind === 'frame' && r.includes('hello Bob'));
    expect(target).toBeGreaterThan(0);
    rows[target] = rows[target]!.replace('hello Bob', 'hello Bill');
    const altered = rows.join('\n') + '\n';
    const inputsBefore = rows.slice(1, target).filter((r) => INPUT_KINDS.has(lineInfo(r).kind ?? '')).length;
    for (const fast of [false, true]) {
      const file = parseSessionFile(altered);
      const plain = await (fast ? replayAndLocate : replaySession)(file, { settle });
      expect(plain.divergence).toMatchObject({ input: inputsBefore + 1, what: 'events' });
      const { result } = await withThread(altered, { wait: true, fast });
      expect(outcome(result), `fast: ${fast}`).toEqual(outcome(plain));
    }
  });

  it('reads the frame lines from the bytes as the replay reads the text: CRLF line ends and non-ASCII frames alike', async () => {
    const crlf = synthetic.replaceAll('\n', '\r\n');
    expect(synthetic).toMatch(/[^\x00-\x7f]/); // reactions' emoji: characters of several bytes
    const plain = await replaySession(parseSessionFile(crlf), { settle });
    expect(plain.divergence).toBeNull();
    const { result, thread } = await withThread(crlf, { wait: true });
    expect(outcome(result)).toEqual(outcome(plain));
    expect(thread.source.taken).toBe(frameCount(synthetic));
    expect(thread.source.missed).toBe(0);
  });

  it('a thread that refuses the file is not waited for: the replay decodes every frame itself', async () => {
    const plain = await replaySession(parseSessionFile(live), { settle });
    // The thread reads only the header and the frame lines (the replay validates the file), so it refuses a bad header.
    const { result, thread } = await withThread(live, { wait: true, threadText: 'not a header' + live.slice(live.indexOf('\n')) });
    expect(outcome(result)).toEqual(outcome(plain));
    expect(thread.failure).toMatch(/^the decoder thread refused the file: line \d+: /);
    expect(thread.source.taken).toBe(0);
  });

  it('a thread stopped midway: the replay decodes the rest itself, to the same result', async () => {
    const plain = await replaySession(parseSessionFile(synthetic), { settle });
    const { result, thread } = await withThread(synthetic, { wait: true, batchFrames: 300, maxAhead: 2, stopAt: 3_000 });
    expect(outcome(result)).toEqual(outcome(plain));
    expect(thread.failure).toBe('stopped');
    expect(thread.source.taken).toBeGreaterThan(1_000);
    expect(thread.source.missed).toBeGreaterThan(1_000);
    // Asked to stop, it ended by itself (0), not terminated (1): terminating a busy worker has crashed Node.
    expect(thread.exitCode).toBe(0);
  });

  it('its boot file loads a compiled entry as it is, and a TypeScript one through tsx', async () => {
    // An entry that says whether a TypeScript hook is registered in its thread (tsx's require hook adds `.ts`).
    const dir = mkdtempSync(join(tmpdir(), 'decoder-boot-'));
    const entry = join(dir, 'entry.cjs');
    writeFileSync(entry, "require('node:worker_threads').parentPort.postMessage(Object.keys(require.extensions).includes('.ts'));");
    const boot = async (compiled: boolean): Promise<unknown> => {
      const worker = new Worker(new URL('../../scripts/decoder-thread-boot.cjs', import.meta.url), { workerData: { entry, compiled }, execArgv: [] });
      const answer = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      // It ends by itself (its entry has run): not terminated (see STOPPED in scripts/decoder-thread-shared.ts).
      await new Promise((resolve) => worker.once('exit', resolve));
      return answer;
    };
    expect(await boot(true)).toBe(false);
    expect(await boot(false)).toBe(true);
  });
});
