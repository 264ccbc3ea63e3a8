/**
 * Debugger seeking on a recorded session: loads it into the debug service
 * (parse, replay verifying every input, index, checkpoints) as the debug
 * worker does, then asks for the state at random positions — what scrubbing
 * the timeline does — and at consecutive ones (stepping, playing), and times
 * each answer whole: the fold from the nearest checkpoint, the diff from the
 * previous input, the projection's text and the app's view snapshot.
 */
import { loadavg } from 'node:os';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createDebugService, type StateAtParts } from '../core-worker/debug/debug-service';
import { createTimeline } from '../core-worker/debug/timeline';
import type { DebugProjectionName } from '../protocol/debug-api';
import { cpuMs } from './replay';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A full garbage collection, for measuring what stays in the heap. */
const gc: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

export interface Percentiles {
  p50: number;
  p95: number;
  max: number;
}

export interface SeekBench {
  inputs: number;
  events: number;
  messages: number;
  /** $load: parse, replay, index, checkpoints — until the session can be used (its event digests are checked after). */
  loadMs: number;
  /** From the load's answer until every event digest was checked (`$verified`), with seeks asked meanwhile. */
  checksMs?: number;
  /** How many digest checks that made. */
  checks?: number;
  /** Seeks asked while the checks ran, each timed from the asking (it waits for the slice of checks under way). */
  seekDuringChecks?: Percentiles;
  checkpointEvery: number;
  checkpoints: number;
  /** Building the checkpointed timeline alone (one fold over every event). */
  checkpointBuildMs: number;
  /** Heap the checkpoints take beyond the loaded session. */
  checkpointMB: number;
  /** Heap of the whole loaded session (file, index, timeline). */
  heapMB: number;
  /** $stateAt at random positions, showing the channels projection (the screen's default). */
  seek: Percentiles;
  /** The CPU time of those (user + system, this process). */
  seekCpu: Percentiles;
  /** The same, showing the messages projection (its text cut at 64 KiB). */
  seekMessages: Percentiles;
  /** $stateAt at consecutive positions (Step, Play). */
  step: Percentiles;
  /** $hashAt at the end (a large state's hash, asked for once the position holds still). */
  hashAtEndMs: number;
  /** The garbage collector's pauses during the random seeks: the longest, and all of them together. */
  gcPause: { maxMs: number; totalMs: number };
  /** Where the random seeks' time went, part by part (each part's own percentiles; gc: its pauses within the seek). */
  parts?: Record<'fold' | 'diff' | 'text' | 'view' | 'gc', Percentiles>;
  /** The slowest random seeks, each broken into its parts. */
  slowest?: SlowSeek[];
  /** 1-minute load average before and after the seeks (the machine is shared). */
  loadAverage?: [number, number];
}

export interface SlowSeek {
  position: number;
  /** Events folded to answer. */
  folded: number;
  totalMs: number;
  foldMs: number;
  diffMs: number;
  textMs: number;
  /** Hashing the state, which a small one is (up to INLINE_HASH_MAX_MESSAGES messages). */
  hashMs?: number;
  viewMs: number;
  /** Garbage collection pauses within the seek, and their kinds (minor, major…). */
  gcMs: number;
  gc: string;
}

export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: at(50), p95: at(95), max: sorted.at(-1)! };
}

export async function measureSeek(text: string, options: { seeks?: number; checkpointEvery?: number } = {}): Promise<SeekBench> {
  const seeks = options.seeks ?? 200;
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let last: (StateAtParts & { started: number }) | null = null;
  const service = createDebugService({
    settle,
    now: () => performance.now(),
    onStateAt: (parts) => (last = { ...parts, started: performance.now() - parts.totalMs }),
    ...(options.checkpointEvery ? { checkpointEvery: options.checkpointEvery } : {}),
  });
  const loaded = await service.$load(text);
  if (!loaded.ok) throw new Error(loaded.error.message);
  const { index, timeline } = service.loaded!;

  // The event digests are checked after the load, a slice at a time: seek meanwhile, as the user would,
  // each seek asked in a task of its own (as a message from the page comes), so it waits for the slice under way.
  const checksStarted = performance.now();
  let checked = false;
  const verified = service.$verified().then((summary) => {
    checked = true;
    return { summary, at: performance.now() };
  });
  const duringChecks: number[] = [];
  let seekSeed = 11;
  while (!checked) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    seekSeed = (seekSeed * 1103515245 + 12345) & 0x7fffffff;
    const state = await service.$stateAt(Math.floor((seekSeed / 0x7fffffff) * (loaded.value.inputs + 1)), ['channels']);
    if (!state.ok) throw new Error(state.error.message);
    if (!checked) duringChecks.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  const { summary: checkedSummary, at: checksEnded } = await verified;
  if (!checkedSummary?.matches) throw new Error(`the session's events do not match its recording: ${JSON.stringify(checkedSummary?.divergence)}`);
  gc();
  const heapLoaded = process.memoryUsage().heapUsed;


  const n = loaded.value.inputs;
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const cpus: number[] = [];
  const time = async (position: number, projection: DebugProjectionName): Promise<number> => {
    const cpu = cpuMs();
    const started = performance.now();
    const state = await service.$stateAt(position, [projection]);
    if (!state.ok) throw new Error(state.error.message);
    const wall = performance.now() - started;
    cpus.push(cpuMs() - cpu);
    return wall;
  };
  const randomSeeks: number[] = [];
  const gcPause = { maxMs: 0, totalMs: 0 };
  const pauses: { start: number; end: number; kind: string }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcPause.maxMs = Math.max(gcPause.maxMs, entry.duration);
      gcPause.totalMs += entry.duration;
      pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration, kind: gcKind((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind) });
    }
  });
  const loadBefore = loadavg()[0]!;
  observer.observe({ entryTypes: ['gc'] });
  const parts: (StateAtParts & { started: number })[] = [];
  for (let i = 0; i < seeks; i++) {
    randomSeeks.push(await time(Math.floor(random() * (n + 1)), 'channels'));
    parts.push(last!);
  }
  // GC entries are made, then delivered, in tasks of their own: the seeks above never yield to them.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const seekCpu = percentiles(cpus);
  const gcIn = (p: StateAtParts & { started: number }) => {
    const end = p.started + p.totalMs;
    const within = pauses.filter((g) => g.end > p.started && g.start < end);
    return { ms: within.reduce((sum, g) => sum + Math.min(g.end, end) - Math.max(g.start, p.started), 0), kinds: within.map((g) => `${g.kind} ${(g.end - g.start).toFixed(0)} ms`).join(', ') };
  };
  const slowest: SlowSeek[] = [...parts]
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 5)
    .map((p) => {
      const gc = gcIn(p);
      return { position: p.position, folded: p.folded, totalMs: p.totalMs, foldMs: p.foldMs, diffMs: p.diffMs, textMs: p.textMs, hashMs: p.hashMs, viewMs: p.viewMs, gcMs: gc.ms, gc: gc.kinds };
    });
  const partPercentiles = {
    fold: percentiles(parts.map((p) => p.foldMs)),
    diff: percentiles(parts.map((p) => p.diffMs)),
    text: percentiles(parts.map((p) => p.textMs)),
    view: percentiles(parts.map((p) => p.viewMs)),
    gc: percentiles(parts.map((p) => gcIn(p).ms)),
  };
  const messageSeeks: number[] = [];
  for (let i = 0; i < seeks / 2; i++) messageSeeks.push(await time(Math.floor(random() * (n + 1)), 'messages'));
  const steps: number[] = [];
  const from = Math.floor(n / 2);
  for (let i = 0; i < seeks; i++) steps.push(await time(from + i, 'channels'));
  let t = performance.now();
  const hash = await service.$hashAt(n);
  const hashAtEndMs = performance.now() - t;
  if (!hash.ok || hash.value !== loaded.value.hash) throw new Error('$hashAt at the end differs from the replay');

  const end = timeline.at(n);
  let messages = 0;
  for (const store of end.messages.byAddress.values()) messages += store.order.length;

  // The timeline again, alone, to time it and weigh its checkpoints (then dropped): after the seeks, whose
  // code and heap it would otherwise disturb (a second build leaves the heap to collect and the build's code hot).
  gc();
  const heapBeforeSecond = process.memoryUsage().heapUsed;
  t = performance.now();
  let second: ReturnType<typeof createTimeline> | null = createTimeline(index, { checkpointEvery: timeline.checkpointEvery });
  const checkpointBuildMs = performance.now() - t;
  gc();
  const checkpointMB = (process.memoryUsage().heapUsed - heapBeforeSecond) / 2 ** 20;
  second = null;
  void second;
  return {
    inputs: n,
    events: loaded.value.events,
    messages,
    loadMs: loaded.value.loadMs,
    checksMs: checksEnded - checksStarted,
    checks: loaded.value.checking?.total ?? 0,
    ...(duringChecks.length ? { seekDuringChecks: percentiles(duringChecks) } : {}),
    checkpointEvery: timeline.checkpointEvery,
    checkpoints: timeline.checkpoints,
    checkpointBuildMs,
    checkpointMB,
    heapMB: (heapLoaded - heapBefore) / 2 ** 20,
    seek: percentiles(randomSeeks),
    seekCpu,
    seekMessages: percentiles(messageSeeks),
    step: percentiles(steps),
    hashAtEndMs,
    gcPause,
    parts: partPercentiles,
    slowest,
    loadAverage: [loadBefore, loadavg()[0]!],
  };
}

/** The collector's kind of pause, by name. */
function gcKind(kind: number | undefined): string {
  if (kind === constants.NODE_PERFORMANCE_GC_MINOR) return 'minor';
  if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) return 'major';
  if (kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL) return 'incremental';
  return kind === constants.NODE_PERFORMANCE_GC_WEAKCB ? 'weak callbacks' : `kind ${kind}`;
}
