/**
 * Replay throughput: records a synthetic session of N socket frames across
 * 1,000 channels through the real recorder (an in-memory world stands in for
 * the server), then times decoding the file and replaying it with the real core.
 *
 * Each run also times the fast replay with the decoder thread (scripts/decoder-thread.ts), as
 * `npm run replay -- --fast` runs it: a worker thread decodes the frames ahead and the core takes them
 * from the frame tape.
 *
 * The default mix matches issue 6's heavy user (200,000 messages in a
 * 1,000,000-input session): 20% messages, 40% typing, 20% reaction changes,
 * 15% keepalive acknowledgements, 5% deletions. `mix: 'messages'` makes every
 * frame a message (the worst case for state size).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { replayAndLocate, replaySession } from '../core-worker/replayer';
import { foldAll } from '../projections/fold';
import { projectionHashes } from '../projections/hash';
import { decodeDownFrame } from '../protocol/frames/down';
import { encodeFrame, splitFrame } from '../protocol/frames/frame-codec';
import type { Envelope } from '../protocol/events';
import { parseSessionFile, sessionHashName } from '../protocol/session-file';
import { hashText } from '../protocol/text-hash';
import { sharedUtf8, startDecoderThread } from '../scripts/decoder-thread';
import { REPLAY_NODE_FLAGS } from '../scripts/replay-flags';
import type { MachineReference } from './machine';
import { Utf8Text } from '../scripts/utf8-text';
import { settleMany, startSyntheticWorld } from '../tests/core/synthetic-world';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const CHANNELS = 1_000;

export type FrameMix = 'heavy-user' | 'messages';

/** The frame for step i of the mix (deterministic). */
function frameAt(i: number, now: number, mix: FrameMix, messagesSoFar: number): { text: string; isMessage: boolean } {
  const people = ['alice', 'carol', 'dave', 'bob'];
  const address = `c${(i * 7919) % CHANNELS}`;
  const message = () =>
    encodeFrame('MSG', {
      message: { guid: `m${messagesSoFar}`, address, created: now, from_guid: people[i % 4], from_first_name: 'Someone', json: JSON.stringify([{ type: 'text', text: `message ${i} with some ordinary words in it` }]) },
    });
  if (mix === 'messages') return { text: message(), isMessage: true };
  const r = (i * 2654435761) % 100;
  if (r < 20 || messagesSoFar === 0) return { text: message(), isMessage: true };
  const target = `m${(i * 31) % messagesSoFar}`;
  const targetAddress = `c${(((i * 31) % messagesSoFar) * 7919) % CHANNELS}`; // approximately: unknown targets are ignored by the folds
  if (r < 60) return { text: encodeFrame('TYP', { address, user_guid: people[i % 3], first_name: 'Someone', last_name: 'Typing' }), isMessage: false };
  if (r < 80) return { text: encodeFrame('REA', { address: targetAddress, guid: target, reactions: [{ target_user_guid: people[i % 4], content: '👍' }] }), isMessage: false };
  if (r < 95) return { text: encodeFrame('ACK', { check: i }), isMessage: false };
  return { text: encodeFrame('DEL', { address: targetAddress, guid: target }), isMessage: false };
}

export async function recordSyntheticSession(frames: number, mix: FrameMix = 'heavy-user', options: { timers?: boolean } = {}): Promise<string> {
  const world = await startSyntheticWorld({ channels: CHANNELS, app: 'plaza-bench', timers: options.timers ?? false });
  let now = 1_800_000_000_000;
  let messages = 0;
  for (let i = 0; i < frames; i++) {
    if (i % 500 === 0) await world.advanceTo(now); // the timers due since the last burst fire first, each at its time
    world.at((now += 2));
    const frame = frameAt(i, now, mix, messages);
    if (frame.isMessage) messages++;
    world.socket().receive(frame.text);
    if (i % 500 === 499) await world.idle(); // frames arrive in bursts of 500
  }
  await settleMany();
  return world.file();
}

export interface ReplayRun {
  decodeMs: number;
  /** Replay checking outputs and the final hash (`--fast`). */
  replayMs: number;
  totalMs: number;
  /** Replay also checking every input's event digest (the CLI's default). */
  verifiedReplayMs: number;
  /** Decoding the same session written as version 1 (every line JSON, frames JSON inside JSON). */
  decodeV1Ms: number;
  /** CPU time (user + system, this process: the collector's helper threads count too) of decode + fast replay, and of the verifying replay. */
  totalCpuMs: number;
  verifiedCpuMs: number;
  /**
   * Decode + fast replay with the decoder thread, from starting the thread (the file's bytes are in shared memory
   * already, as `npm run replay` reads them) to the replay's end; and its CPU time, the thread's included.
   */
  threadedMs: number;
  threadedCpuMs: number;
  /** Of the frames the replay delivered, how many came decoded from the thread, and how many it decoded itself. */
  framesFromThread: number;
  framesOnMain: number;
  /** The thread's own pace: frames decoded (and written to the tape) per second, reading the file and waiting for the replay left out. */
  threadFramesPerSecond: number;
  /** The thread's reading of the file (its text from the bytes, parseSessionFile) before its first frame. */
  threadReadMs: number;
}

/**
 * Where a fast replay's time goes, each part timed on its own over the same session (medians): the
 * core's own parsing and validating of every frame at its edge, the folds over every event, the final
 * projection hash, and the garbage collector's pauses during the replay; the rest is the core's and
 * the replayer's own work per input (events and envelopes, the log, ports, delivery).
 */
export interface ReplayBreakdown {
  frameJsonMs: number;
  frameValidateMs: number;
  foldMs: number;
  finalHashMs: number;
  gcMs: number;
  otherMs: number;
}

export interface ReplayBench {
  mix: FrameMix;
  /**
   * Whether time ran in the recorded session as it does live (timers fire: typing expires, the log is
   * compacted and the message cache bounded, the view cache is written), or never (the worst case: the
   * state grows without the core's bounds). Results from before this field: never.
   */
  timers?: boolean;
  inputs: number;
  fileMB: number;
  format: number;
  /** Each measurement's median over the runs. */
  median: ReplayRun;
  runs: ReplayRun[];
  breakdown: ReplayBreakdown;
  matched: boolean;
  /** The machine's reference workloads, timed just before (bench/machine.ts): results from before 2026-11-28 have none. */
  machine?: MachineReference;
}

/** Sums the garbage collector's pauses while `run` runs. */
async function gcPauses<T>(run: () => Promise<T>): Promise<{ result: T; gcMs: number }> {
  let gcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs += entry.duration;
  });
  observer.observe({ entryTypes: ['gc'] });
  const result = await run();
  await new Promise((resolve) => setTimeout(resolve, 100)); // GC entries are made, then delivered, in tasks of their own
  observer.disconnect();
  return { result, gcMs };
}

/** CPU time of this process so far, ms. */
export const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * The same session's lines as version 1 wrote them: header version 1, every line its JSON object. Only for
 * timing the decoding: digests and projection hashes keep the recording's hash function (cyrb64 since version 3),
 * so it does not replay. The footer's own hash is made again with version 1's function from those projection
 * hashes, as a reader checks it (a footer that does not combine its projections' hashes is refused).
 */
export function asVersion1(text: string): string {
  const file = parseSessionFile(text);
  const footer = { ...file.footer, hash: hashText(Object.values(file.footer.projections).join(':'), sessionHashName(1)) };
  return [JSON.stringify({ ...file.header, version: 1 }), ...file.lines.map((l) => JSON.stringify(l)), JSON.stringify(footer)].join('\n') + '\n';
}

/** Decode + fast replay with the decoder thread, as the CLI does it; the thread is ended with the replay. */
async function threadedReplay(bytes: Uint8Array) {
  const c0 = cpuMs();
  const t0 = performance.now();
  const thread = startDecoderThread(bytes);
  try {
    const result = await replayAndLocate(parseSessionFile(new Utf8Text(bytes)), { settle, frames: thread.frames });
    return { result, ms: performance.now() - t0, cpu: cpuMs() - c0, thread };
  } finally {
    await thread.stop();
  }
}

/** Decodes and replays `text` `repeat` times (fast, then verifying every input, then fast with the decoder thread); medians of each. */
export async function measureReplay(text: string, options: { repeat?: number; mix?: FrameMix; timers?: boolean } = {}): Promise<ReplayBench> {
  const repeat = options.repeat ?? 3;
  const v1 = asVersion1(text);
  const runs: ReplayRun[] = [];
  const parts: ReplayBreakdown[] = [];
  let matched = true;
  let file = parseSessionFile(text);
  const bytes = sharedUtf8(text);
  for (let i = 0; i < repeat; i++) {
    let t = performance.now();
    parseSessionFile(v1);
    const decodeV1Ms = performance.now() - t;
    const c0 = cpuMs();
    t = performance.now();
    // Read as `npm run replay` reads it: the file's bytes in place (scripts/utf8-text.ts).
    file = parseSessionFile(new Utf8Text(bytes));
    const t1 = performance.now();
    const { result, gcMs } = await gcPauses(() => replayAndLocate(file, { settle }));
    const t2 = performance.now();
    const c1 = cpuMs();
    const verified = await replaySession(file, { settle, verifyEvents: true });
    const t3 = performance.now();
    const c2 = cpuMs();
    const threaded = await threadedReplay(bytes);
    matched &&= result.divergence === null && result.hash === file.footer.hash && verified.divergence === null;
    matched &&= threaded.result.divergence === null && threaded.result.hash === file.footer.hash;
    const report = await threaded.thread.finished; // null if the thread had not finished when the replay did
    runs.push({
      decodeMs: t1 - t,
      replayMs: t2 - t1,
      totalMs: t2 - t,
      verifiedReplayMs: t3 - t2,
      decodeV1Ms,
      totalCpuMs: c1 - c0,
      verifiedCpuMs: c2 - c1,
      threadedMs: threaded.ms,
      threadedCpuMs: threaded.cpu,
      framesFromThread: threaded.thread.source.taken,
      framesOnMain: threaded.thread.source.missed,
      threadFramesPerSecond: report ? report.frames / ((report.totalMs - report.readMs - report.waitedMs) / 1000) : NaN,
      threadReadMs: report ? report.readMs : NaN,
    });

    // The parts of the fast replay, each on its own. Every envelope the core appends, for timing the folds, is
    // collected in a replay of its own: kept during a timed one, a million of them made its collector's work
    // several times larger. (A compaction's snapshot is not appended: it replaces the log's prefix with the
    // state it was taken of, so folding on past it is the same.)
    const appended: Envelope[] = [];
    await replayAndLocate(file, { settle, onCore: (core) => core.onAppended((batch) => appended.push(...batch)) });
    const frames = file.lines.flatMap((l) => (l.k === 'frame' ? [l.x] : []));
    t = performance.now();
    for (const frame of frames) splitFrame(frame);
    const frameJsonMs = performance.now() - t;
    t = performance.now();
    for (const frame of frames) decodeDownFrame(frame);
    const frameValidateMs = performance.now() - t - frameJsonMs;
    t = performance.now();
    foldAll(appended);
    const foldMs = performance.now() - t;
    t = performance.now();
    projectionHashes(result.core.projections);
    const finalHashMs = performance.now() - t;
    const otherMs = t2 - t1 - frameJsonMs - frameValidateMs - foldMs - finalHashMs - gcMs;
    parts.push({ frameJsonMs, frameValidateMs, foldMs, finalHashMs, gcMs, otherMs });
  }
  const pick = (key: keyof ReplayRun): number => median(runs.map((r) => r[key]));
  const part = (key: keyof ReplayBreakdown): number => median(parts.map((r) => r[key]));
  return {
    mix: options.mix ?? 'heavy-user',
    timers: options.timers ?? false,
    inputs: file.footer.inputs,
    fileMB: text.length / 1e6,
    format: file.header.version,
    median: {
      decodeMs: pick('decodeMs'),
      replayMs: pick('replayMs'),
      totalMs: pick('totalMs'),
      verifiedReplayMs: pick('verifiedReplayMs'),
      decodeV1Ms: pick('decodeV1Ms'),
      totalCpuMs: pick('totalCpuMs'),
      verifiedCpuMs: pick('verifiedCpuMs'),
      threadedMs: pick('threadedMs'),
      threadedCpuMs: pick('threadedCpuMs'),
      framesFromThread: pick('framesFromThread'),
      framesOnMain: pick('framesOnMain'),
      threadFramesPerSecond: pick('threadFramesPerSecond'),
      threadReadMs: pick('threadReadMs'),
    },
    runs,
    breakdown: { frameJsonMs: part('frameJsonMs'), frameValidateMs: part('frameValidateMs'), foldMs: part('foldMs'), finalHashMs: part('finalHashMs'), gcMs: part('gcMs'), otherMs: part('otherMs') },
    matched,
  };
}

/**
 * measureReplay in a Node process of its own, started as `npm run replay` starts (scripts/replay-flags.ts):
 * the replay's numbers are the CLI's, and the V8 flags it runs with do not change the other parts of the
 * benchmark (the debugger's seeking, measured in this process, runs in a browser without them).
 */
export async function measureReplayApart(text: string, options: { repeat?: number; mix?: FrameMix; timers?: boolean } = {}): Promise<ReplayBench> {
  const dir = mkdtempSync(join(tmpdir(), 'plaza-replay-bench-'));
  const file = join(dir, 'session.jsonl');
  try {
    writeFileSync(file, text);
    const args = [...REPLAY_NODE_FLAGS, '--import', 'tsx', fileURLToPath(import.meta.url), '--measure', file, String(options.repeat ?? 3), options.mix ?? 'heavy-user', options.timers ? 'timers' : 'no-timers'];
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as ReplayBench;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === '--measure') {
    // The child of measureReplayApart: FILE REPEAT MIX timers|no-timers; the result as JSON on stdout.
    const [file, repeat, mix, timers] = process.argv.slice(3) as [string, string, FrameMix, string];
    const result = await measureReplay(readFileSync(file, 'utf8'), { repeat: Number(repeat), mix, timers: timers === 'timers' });
    process.stdout.write(JSON.stringify(result));
  } else {
    const n = Number(process.argv[2] ?? 100_000);
    const mix = (process.argv[3] as FrameMix | undefined) ?? 'heavy-user';
    console.log(JSON.stringify(await measureReplay(await recordSyntheticSession(n, mix), { mix }), null, 2));
  }
}
