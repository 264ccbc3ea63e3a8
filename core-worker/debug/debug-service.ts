/**
 * The debugger's worker-side API (protocol/debug-api.ts) over one loaded
 * session: replayed once on load, then answered from the recorded timeline.
 * Runs the same in Node tests and in the debug worker.
 */
import { canonicalText } from '../../projections/canonical';
import type { Projections } from '../../projections/fold';
import { PROJECTION_NAMES, projectionHashes, projectionHashesInSlices, type ProjectionName } from '../../projections/hash';
import { activeFilter, type DebugApi, type DebugDivergence, type EventRow, type InputFilter, type InputRow, type LoadProgress, type ProjectionDiff, type SessionSummary, type StateAt } from '../../protocol/debug-api';
import type { ViewPatch } from '../../protocol/views';
import { errorText, fail, ok, type Result } from '../../protocol/result';
import { parseSessionFile, SessionFileError, sessionFileName, sessionHashName, trimmedSessionText, type HashName, type SessionFile } from '../../protocol/session-file';
import { createPublisher, createRuntimeState, type RuntimeState } from '../publisher';
import type { Divergence, SettleAsync } from '../replayer';
import { clip, eventSummary, inputCode, inputMentionsId, answeredOutput, inputSummary, valueMentionsId } from './describe';
import { diffJson, prunedCanonical } from './json-diff';
import type { FrameDecoder } from './frame-decoder';
import { indexSession, type SessionIndex } from './session-index';
import { createTimeline, type Before, type Timeline } from './timeline';

export interface DebugServiceOptions {
  settle: SettleAsync;
  now?: () => number;
  checkpointEvery?: number;
  /** A projection's JSON text is cut at this many characters (STATE_TEXT_LIMIT). */
  stateTextLimit?: number;
  /** Up to this many messages in the state, `$stateAt` hashes it too (INLINE_HASH_MAX_MESSAGES). */
  inlineHashMaxMessages?: number;
  /** Told where each `$stateAt` spent its time (bench/seek.ts). */
  onStateAt?: (parts: StateAtParts) => void;
  /** Inputs a search reads between yields (SCAN_SLICE; tests make it small). */
  scanSlice?: number;
  /** Event checks made between yields (CHECK_SLICE; tests make it small). */
  checkSlice?: number;
  /** How long `$hashAt` hashes between yields (HASH_SLICE_MS; tests make it 0, a yield after every step). */
  hashSliceMs?: number;
  /** Starts decoding an imported file's frames ahead of its replay, on another thread (frame-decoder.ts); none: the replay decodes them. */
  frameDecoder?: (file: Blob) => FrameDecoder | null;
}

/** Where one `$stateAt` spent its time, ms: what the benchmark breaks a slow seek into. */
export interface StateAtParts {
  position: number;
  /** Events folded to answer (from a checkpoint or from the state answered last). */
  folded: number;
  /** Folding to the position (and copying the state before its input, for the diff). */
  foldMs: number;
  diffMs: number;
  /** The requested projections' canonical JSON. */
  textMs: number;
  /** The hash, when the state is small enough to be hashed inline. */
  hashMs: number;
  viewMs: number;
  totalMs: number;
}

/** A list under a filter: the indexes it keeps, ascending, once its search is done (empty if abandoned). */
interface FilteredList {
  key: string;
  indexes: Promise<Int32Array>;
}

/** A filter with its blanks dropped, and its key; null when it keeps everything. */
function normalizedFilter(filter: InputFilter | undefined): { f: InputFilter; key: string } | null {
  const f = activeFilter(filter);
  return f && { f, key: JSON.stringify(f) };
}

/** How many of the ascending `values` are below `limit`. */
function countBelow(values: Int32Array, limit: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Loaded {
  index: SessionIndex;
  timeline: Timeline;
  /** Events appended by each input, as [start, end) timeline indexes; input i at [i - 1]. */
  eventStart: Int32Array;
  /** The input list under the filter last asked for (its key), found or being found. */
  filtered: FilteredList | null;
  /** Likewise the event list (timeline indexes). */
  filteredEvents: FilteredList | null;
  /** Projection hashes computed so far, by position (the most recent few). */
  hashes: Map<number, string>;
  /** The hash of the session's format version, so a state's hash compares with the recorded footer. */
  hash: HashName;
  /** The file as loaded (its lines are offsets into it), for saving its first inputs. */
  text: string;
  /** The summary as the load found it; the verdict (matches, divergence, checking) follows the event checks: summaryOf. */
  summary: Omit<SessionSummary, 'matches' | 'divergence' | 'checking'>;
  checking: EventChecking;
}

/** The event digests' checks after the load (SessionIndex.eventChecks), made in order. */
interface EventChecking {
  /** How many have passed. */
  done: number;
  /** The first that failed (then `finished`). */
  failed: Divergence | null;
  /** Every check has passed, one failed, or those left are past the replay's own divergence. */
  finished: boolean;
  /** Resolves once `finished`, or once the session is let go. */
  settled: Promise<void>;
}

/** A projection's JSON text is cut at this many characters (a heavy user's messages are tens of megabytes of it). */
export const STATE_TEXT_LIMIT = 64 * 1024;
/** Up to this many messages in the state, `$stateAt` hashes it too (~3 ms); beyond, `$hashAt` does it on request. */
export const INLINE_HASH_MAX_MESSAGES = 1_000;
const HASHES_KEPT = 64;
/** How many inputs (or events) a search reads before letting the worker answer what else was asked (~10–20 ms of work). */
export const SCAN_SLICE = 20_000;
/** A macrotask turn: messages that arrived meanwhile (a seek) are handled before the search goes on. */
const yieldToQueue = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
/** At most how many event checks run between yields, and for at most how long: a seek asked meanwhile waits for no more. */
export const CHECK_SLICE = 2_000;
export const CHECK_SLICE_MS = 8;
/** A state's hash asked for with `$hashAt` is made in slices of about this long: a seek asked meanwhile waits for no more. */
export const HASH_SLICE_MS = 8;


/**
 * What input `position` changed, projection by projection: the states before and after it, pruned of
 * everything they share (the timeline shares what the input did not write), then diffed.
 */
function diffStep(before: Before, after: Projections): ProjectionDiff[] {
  // The tombstones as the same object when the input added none, so the diff prunes them at once.
  const was: Projections = { ...before.p, messages: { byAddress: new Map(before.stores), deleted: before.deleted as Set<string>, cursor: before.cursor } };
  const diffs: ProjectionDiff[] = [];
  for (const name of PROJECTION_NAMES) {
    const pair = prunedCanonical(was[name], after[name]);
    if (!pair) continue;
    const diff = diffJson(pair[0], pair[1]);
    if (diff.changes.length > 0) diffs.push({ projection: name, ...diff });
  }
  return diffs;
}

function projectionText(p: Projections, name: ProjectionName, limit: number): string {
  const { text, truncated } = canonicalText(p[name], limit);
  return truncated ? `${text}\n… cut at ${limit.toLocaleString('en')} characters (npm run replay -- FILE --until N --dump ${name} prints it whole)` : text;
}

const messageCount = (p: Projections): number => {
  let n = 0;
  for (const store of p.messages.byAddress.values()) n += store.order.length;
  return n;
};

const notLoaded = { name: 'NotLoaded', message: 'No session is loaded' };
const superseded = { name: 'Superseded', message: 'Another session was chosen while this one was loading.' };

/**
 * Why a replayed session cannot be shown: the events its replay appended do not fold (a hostile file's
 * stored log, say, that the core took in before failing on it). Named, like a refusal, by the line where the
 * replay failed, when it did.
 */
function unfoldable(index: SessionIndex, error: unknown): { name: string; message: string } {
  const problem = errorText(error);
  const d = index.replay.divergence;
  if (!d) return { name: 'Unfoldable', message: `the replay's events cannot be folded (${problem})` };
  const what = d.what === 'error' ? String(d.actual) : `its ${d.what}${d.projection ? ` ${d.projection}` : ''} differs from the recording`;
  return { name: 'Unfoldable', message: `line ${d.line}: the session cannot be shown: the replay failed at input ${d.input}: ${what}` };
}
const notAPosition = (position: unknown) => ({ name: 'InvalidPosition', message: `Not an input position: ${String(position)}` });

/** A position asked for as a whole number of inputs within the session (beyond either end: that end); null if it is not a number. */
function positionIn(l: Loaded, position: number): number | null {
  if (typeof position !== 'number' || Number.isNaN(position)) return null;
  return Math.max(0, Math.min(l.index.inputCount, Math.floor(position)));
}

/**
 * The snapshot patches the app UI renders for folded states, from one publisher kept for them all. A
 * publisher made per state cost the collector dearly: each one's closures kept the state they were made
 * for alive through two minor collections (V8 keeps what optimized code and its feedback saw), so every
 * seek's state went to the old generation — ~2 MB a seek, and a major collection every hundred seeks or so.
 */
export function createViewSnapshots(): (p: Projections) => ViewPatch {
  let current: Projections | null = null;
  let latest: ViewPatch | null = null;
  const runtime: RuntimeState = createRuntimeState({ booted: true });
  const publisher = createPublisher({ projections: () => current!, runtime, scheduleFrame: () => () => {} });
  let subscribed = false;
  return (p) => {
    current = p;
    runtime.signedIn = p.session.active;
    // The first state subscribes (a snapshot at once); each later one follows a reset (a snapshot at the flush).
    if (subscribed) publisher.flush();
    else {
      subscribed = true;
      publisher.subscribe((patch) => (latest = patch));
    }
    const snapshot = latest!;
    latest = current = null;
    // Forgets what this snapshot sent, so the next is one too and nothing of this state is kept.
    publisher.reset(p);
    return snapshot;
  };
}

/** The snapshot patch the app UI renders for a folded state (a publisher of its own: for one state). */
export function viewSnapshot(p: Projections): ViewPatch {
  return createViewSnapshots()(p);
}

function divergenceView(d: Divergence): DebugDivergence {
  const text = (v: unknown): string => clip(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'), 4_000);
  return { input: d.input, line: d.line, what: d.what, ...(d.projection ? { projection: d.projection } : {}), expected: text(d.expected), actual: text(d.actual) };
}

function remember(l: Loaded, position: number, hash: string): string {
  if (l.hashes.size >= HASHES_KEPT) l.hashes.delete(l.hashes.keys().next().value!);
  l.hashes.set(position, hash);
  return hash;
}

/**
 * How many envelopes the core's log held after input `position`, as a footer counts them: those since the
 * log was last opened or compacted (a compacted log starts with its snapshot, which the timeline keeps).
 */
function logLengthAt(l: Loaded, position: number): number {
  const upTo = l.timeline.eventsUpTo(position);
  let start = 0;
  for (const reset of l.index.resets) if (reset.input <= position && reset.event <= upTo) start = Math.max(start, reset.event);
  for (let i = upTo - 1; i >= start; i--) if (l.index.events[i]!.event.type === 'log.snapshot') return upTo - i;
  return upTo - start;
}

export function createDebugService(options: DebugServiceOptions): DebugApi & { readonly loaded: Loaded | null } {
  const now = options.now ?? (() => Date.now());
  let loaded: Loaded | null = null;
  /**
   * Bumped whenever the timeline's state moves (a seek folds the state it answered last on in place): a hash
   * being made in slices over the state before stops, its state no longer there.
   */
  let stateMoves = 0;
  const viewOf = createViewSnapshots();

  const inputRow = (l: Loaded, index: number): InputRow => {
    const input = l.index.input(index);
    const line = l.index.inputLine(index);
    return { index, line, t: input.t, kind: input.k, code: inputCode(input), summary: inputSummary(input, l.index.outputs), events: l.eventStart[index]! - l.eventStart[index - 1]! };
  };

  const touches = (l: Loaded, index: number, id: string): boolean =>
    inputMentionsId(l.index.input(index), l.index.events.slice(l.eventStart[index - 1]!, l.eventStart[index]!), id);

  const matches = (l: Loaded, index: number, filter: InputFilter): boolean => {
    if (filter.code) {
      const input = l.index.input(index);
      const q = filter.code.toLowerCase();
      // A response is found by its request's path too ('login' finds the sign-in's answer), a storage answer by its op and key.
      if (!`${input.k} ${inputCode(input)}${answeredOutput(input, l.index.outputs)}`.toLowerCase().includes(q)) return false;
    }
    for (const id of [filter.channel, filter.user, filter.message]) if (id && !touches(l, index, id)) return false;
    return true;
  };

  /**
   * Whether the event list keeps event i: its type or its input's code has the code in it, and the event
   * itself names each id (a `log.snapshot` names none: it restates, it does not touch).
   */
  const eventMatches = (l: Loaded, i: number, filter: InputFilter): boolean => {
    const { event } = l.index.events[i]!;
    if (filter.code) {
      const q = filter.code.toLowerCase();
      const input = l.index.input(l.index.inputOf[i]!);
      if (!event.type.toLowerCase().includes(q) && !`${input.k} ${inputCode(input)}${answeredOutput(input, l.index.outputs)}`.toLowerCase().includes(q)) return false;
    }
    for (const id of [filter.channel, filter.user, filter.message]) if (id && (event.type === 'log.snapshot' || !valueMentionsId(event, id))) return false;
    return true;
  };

  /**
   * Indexes from..to-1 in slices of SCAN_SLICE, yielding to the worker's queue between them, so a seek asked
   * during a search over a million inputs is answered within a slice. `keepGoing` is asked at each yield:
   * false abandons the scan (null). `visit` returning true ends it early at that index; else -1 at the end.
   */
  const scan = async (l: Loaded, from: number, to: number, visit: (index: number) => boolean, keepGoing: () => boolean): Promise<number | null> => {
    const slice = options.scanSlice ?? SCAN_SLICE;
    for (let at = from; at < to; at += slice) {
      if (at > from) {
        await yieldToQueue();
        if (!keepGoing() || loaded !== l) return null;
      }
      for (let i = at; i < Math.min(to, at + slice); i++) if (visit(i)) return i;
    }
    return -1;
  };

  /**
   * The indexes a filter keeps of one list, found once per filter and shared by the calls that ask for it
   * ($inputs and $inputRowAt ask together). Typing a filter asks for each prefix in turn: a search whose
   * filter is no longer the latest is abandoned (its callers get an empty list, which the screen has
   * stopped waiting for); so is one for a filter since cleared.
   */
  const filteredList = (
    l: Loaded,
    filter: InputFilter | undefined,
    slot: 'filtered' | 'filteredEvents',
    range: [number, number],
    keeps: (l: Loaded, index: number, f: InputFilter) => boolean,
  ): Promise<Int32Array> | null => {
    const normal = normalizedFilter(filter);
    if (!normal) {
      l[slot] = null;
      return null;
    }
    const current = l[slot];
    if (current?.key === normal.key) return current.indexes;
    const found: number[] = [];
    const visit = (i: number): boolean => {
      if (keeps(l, i, normal.f)) found.push(i);
      return false; // every index is looked at
    };
    const entry: FilteredList = {
      key: normal.key,
      indexes: scan(l, range[0], range[1], visit, () => l[slot] === entry).then((done) => (done === null ? new Int32Array(0) : Int32Array.from(found))),
    };
    l[slot] = entry;
    return entry.indexes;
  };
  const filteredInputs = (l: Loaded, filter: InputFilter | undefined) => filteredList(l, filter, 'filtered', [1, l.index.inputCount + 1], matches);
  const filteredEvents = (l: Loaded, filter: InputFilter | undefined) => filteredList(l, filter, 'filteredEvents', [0, l.index.events.length], eventMatches);

  /** Session `l`'s hashes of state `p`, made in slices with requests answered between them; null once `l` is let go or `wanted()` says no more. */
  const hashesInSlices = (l: Loaded, p: Projections, wanted: () => boolean) =>
    projectionHashesInSlices(p, l.hash, {
      ms: options.hashSliceMs ?? HASH_SLICE_MS,
      now,
      goOn: async () => {
        await yieldToQueue();
        return loaded === l && wanted();
      },
    });

  /** The state after input `pos` (a position within the session: positionIn) as $stateAt answers it. */
  const stateAt = (l: Loaded, pos: number, wanted: readonly ProjectionName[] | undefined, warming = false): StateAt => {
    const started = now();
    stateMoves++;
    const { p, before, folded } = l.timeline.step(pos);
    const folding = now();
    const diffs = before ? diffStep(before, p) : [];
    const diffing = now();
    const projections: StateAt['projections'] = {};
    for (const name of wanted ?? PROJECTION_NAMES) projections[name] = projectionText(p, name, options.stateTextLimit ?? STATE_TEXT_LIMIT);
    const texts = now();
    let hash = l.hashes.get(pos) ?? null;
    if (hash === null && messageCount(p) <= (options.inlineHashMaxMessages ?? INLINE_HASH_MAX_MESSAGES)) hash = remember(l, pos, projectionHashes(p, l.hash).all);
    const hashing = now();
    const view = viewOf(p);
    const at = l.index.inputTimes[Math.max(0, pos - 1)] ?? null;
    const done = now();
    if (!warming) options.onStateAt?.({ position: pos, folded, foldMs: folding - started, diffMs: diffing - folding, textMs: texts - diffing, hashMs: hashing - texts, viewMs: done - hashing, totalMs: done - started });
    return { position: pos, at, events: l.timeline.eventsUpTo(pos), hash, projections, diffs, view, computeMs: done - started };
  };

  /**
   * Answers states across the session and drops them, so that the first seeks the user makes do not run
   * in code still being compiled: what a seek runs beyond the replay's folds (the diff, the text, the view,
   * a small state's hash), and the folds themselves over a seek's copy-on-write stores, which the replay
   * never saw. One state was not enough: the first seeks into each part of a heavy user's session took
   * 120-150 ms, ~20 ms from the twentieth on; ~20 states (~0.4 s of the load) bring them to that at once.
   */
  const warmUp = (l: Loaded): void => {
    const n = l.index.inputCount;
    const positions = [Math.floor(n / 500), Math.floor(n / 200)]; // small states: their hash is answered too
    for (let i = 16; i >= 1; i--) positions.push(Math.floor((n * i) / 16) - (i % 3));
    for (const position of positions) stateAt(l, Math.max(0, position), ['channels', 'messages'], true);
  };

  /** How far the load under way has got (null: none is). */
  let progress: LoadProgress | null = null;

  /**
   * Which load is the latest: a session chosen while another loads supersedes it — the last one chosen is
   * the one loaded. The other stops at its next input and answers that it was superseded.
   */
  let latestLoad = 0;

  const load = async (session: string | Blob, id: number): Promise<Result<SessionSummary>> => {
    const started = now();
    loaded = null;
    progress = { phase: 'reading', done: 0, total: 0 };
    // A file's frames are decoded ahead from the start: the decoder reads the file while this thread reads and checks it.
    const decoder = typeof session === 'string' ? null : (options.frameDecoder?.(session) ?? null);
    let file;
    let text;
    let index;
    try {
      try {
        text = typeof session === 'string' ? session : await session.text();
        if (id !== latestLoad) return fail(superseded);
        file = parseSessionFile(text);
      } catch (error) {
        if (error instanceof SessionFileError) return fail({ name: error.name, message: error.message });
        return fail({ name: 'Error', message: error instanceof Error ? error.message : String(error) });
      }
      const replaying: LoadProgress = (progress = { phase: 'replaying', done: 0, total: file.footer.inputs });
      try {
        index = await indexSession(file, {
          settle: options.settle,
          ...(decoder ? { frames: decoder.frames } : {}),
          onInput: (replayed) => {
            // Thrown into the replay, which ends there (as at a divergence): no time is spent on a file no longer wanted.
            if (id !== latestLoad) throw new Error(superseded.message);
            replaying.done = replayed;
          },
        });
      } catch (error) {
        if (id !== latestLoad) return fail(superseded);
        return fail({ name: 'Unfoldable', message: `the replay's events cannot be read (${errorText(error)})` });
      }
    } finally {
      decoder?.stop(); // done with, whatever happened: the checkpoints have both cores
    }
    if (id !== latestLoad) return fail(superseded);
    return loadIndexed(file, text, index, id, started, decoder?.source.taken ?? 0);
  };

  const loadIndexed = async (file: SessionFile, text: string, index: SessionIndex, id: number, started: number, decodedAhead: number): Promise<Result<SessionSummary>> => {
    // Building the checkpoints runs without a break: the screen is told first.
    progress = { phase: 'checkpoints', done: index.inputCount, total: index.inputCount };
    await options.settle();
    if (id !== latestLoad) return fail(superseded);
    let timeline: Timeline;
    try {
      timeline = createTimeline(index, options.checkpointEvery !== undefined ? { checkpointEvery: options.checkpointEvery } : {});
    } catch (error) {
      return fail(unfoldable(index, error));
    }
    const eventStart = new Int32Array(index.inputCount + 1);
    for (let i = 0; i <= index.inputCount; i++) eventStart[i] = timeline.eventsUpTo(i);
    const summary: Loaded['summary'] = {
      header: file.header,
      inputs: index.inputCount,
      events: index.events.length,
      firstAt: index.inputTimes[0] ?? null,
      lastAt: index.inputTimes.at(-1) ?? null,
      hash: index.replay.hash,
      recordedHash: file.footer.unsealed ? null : file.footer.hash,
      unsealed: file.footer.unsealed ?? null,
      loadMs: 0,
      decodedAhead,
    };
    const checking: EventChecking = { done: 0, failed: null, finished: false, settled: Promise.resolve() };
    const l: Loaded = { index, timeline, eventStart, filtered: null, filteredEvents: null, hashes: new Map(), hash: sessionHashName(file.header.version), text, summary, checking };
    loaded = l;
    try {
      warmUp(l);
    } catch (error) {
      loaded = null;
      return fail(unfoldable(index, error));
    }
    summary.loadMs = now() - started;
    runChecks(l, 0); // a session with nothing to check is finished at once
    // The checks start once the load's answer has gone out.
    checking.settled = yieldToQueue().then(() => checkUntil(l, () => false)).then(() => {});
    return ok(summaryOf(l));
  };

  /**
   * Makes up to `budget` of the session's event checks, in order, from where they stand. Stops at the first
   * that fails, and at the replay's own divergence (an output, an error, the final hash): a check after it
   * could only find a later one.
   */
  const runChecks = (l: Loaded, budget: number, deadline = Infinity): void => {
    const c = l.checking;
    const checks = l.index.eventChecks;
    const stopLine = l.index.replay.divergence?.line ?? Infinity;
    const end = Math.min(checks.count, c.done + budget);
    while (!c.finished && c.done < end) {
      if ((c.done & 31) === 31 && now() >= deadline) return;
      if (checks.line(c.done) > stopLine) {
        c.finished = true;
        return;
      }
      const failed = checks.check(c.done);
      if (failed) {
        c.failed = failed;
        c.finished = true;
        return;
      }
      c.done++;
    }
    if (c.done >= checks.count) c.finished = true;
  };

  /** Checks a slice at a time, yielding between slices, until all are made or `enough`; false if the session was let go meanwhile. */
  const checkUntil = async (l: Loaded, enough: () => boolean): Promise<boolean> => {
    const slice = options.checkSlice ?? CHECK_SLICE;
    while (!l.checking.finished && !enough()) {
      runChecks(l, slice, now() + CHECK_SLICE_MS);
      await yieldToQueue();
      if (loaded !== l) return false;
    }
    return loaded === l;
  };

  /** The first place the replay differed, as far as the events are checked: a failed check comes before the replay's own. */
  const divergenceOf = (l: Loaded): Divergence | null => l.checking.failed ?? l.index.replay.divergence;

  const summaryOf = (l: Loaded): SessionSummary => {
    const c = l.checking;
    const d = divergenceOf(l);
    return {
      ...l.summary,
      // An unsealed file has no final hash: every input's outputs and events matching is all it can match.
      matches: c.finished && d === null && (l.summary.recordedHash === null || l.summary.hash === l.summary.recordedHash),
      divergence: d ? divergenceView(d) : null,
      checking: c.finished ? null : { done: c.done, total: l.index.eventChecks.count },
    };
  };

  return {
    get loaded() {
      return loaded;
    },

    async $load(session) {
      const id = ++latestLoad;
      try {
        return await load(session, id);
      } finally {
        if (id === latestLoad) progress = null;
      }
    },

    async $loadProgress() {
      return progress && { ...progress };
    },

    async $summary() {
      return loaded && summaryOf(loaded);
    },

    async $verified() {
      const l = loaded;
      if (!l) return null;
      await l.checking.settled;
      return loaded === l ? summaryOf(l) : null;
    },

    async $inputs(start, count, filter) {
      const l = loaded;
      if (!l) return { total: 0, start, rows: [] };
      const indexes = await filteredInputs(l, filter);
      const total = indexes ? indexes.length : l.index.inputCount;
      const rows: InputRow[] = [];
      for (let i = Math.max(0, start); i < Math.min(total, start + count); i++) rows.push(inputRow(l, indexes ? indexes[i]! : i + 1));
      return { total, start, rows };
    },

    async $inputRowAt(position, filter) {
      const l = loaded;
      const pos = l && positionIn(l, position);
      if (!l || pos === null) return -1;
      const indexes = await filteredInputs(l, filter);
      // The listed inputs ascend: the last one at or before the position.
      return indexes ? countBelow(indexes, pos + 1) - 1 : pos - 1;
    },

    async $events(start, count, position, filter) {
      const l = loaded;
      if (!l) return { total: 0, start, rows: [] };
      const indexes = await filteredEvents(l, filter);
      const upTo = position === undefined ? l.index.events.length : l.timeline.eventsUpTo(position);
      const total = indexes ? countBelow(indexes, upTo) : upTo;
      const rows: EventRow[] = [];
      for (let k = Math.max(0, start); k < Math.min(total, start + count); k++) {
        const i = indexes ? indexes[k]! : k;
        const e = l.index.events[i]!;
        rows.push({ index: i, seq: e.seq, at: e.at, source: e.source, type: e.event.type, input: l.index.inputOf[i]!, summary: eventSummary(e) });
      }
      return { total, start, rows };
    },

    async $eventRate(buckets) {
      const l = loaded;
      const n = Math.max(1, Math.min(10_000, Math.floor(buckets)));
      if (!l || l.index.inputCount === 0) return { start: 0, bucketMs: 1, counts: new Array<number>(n).fill(0), max: 0 };
      const times = l.index.inputTimes;
      const start = times[0]!;
      const span = Math.max(1, times.at(-1)! - start);
      const bucketMs = span / n;
      const counts = new Array<number>(n).fill(0);
      // Events are placed at the time of the input that appended them (a reloaded log's events may be older).
      for (const input of l.index.inputOf) {
        const bucket = Math.min(n - 1, Math.floor((times[input - 1]! - start) / bucketMs));
        counts[bucket]!++;
      }
      return { start, bucketMs, counts, max: Math.max(0, ...counts) };
    },

    async $stateAt(position, wanted) {
      const l = loaded;
      if (!l) return fail(notLoaded);
      const pos = positionIn(l, position);
      if (pos === null) return fail(notAPosition(position));
      return ok(stateAt(l, pos, wanted));
    },

    async $hashAt(position) {
      const l = loaded;
      if (!l) return fail(notLoaded);
      const pos = positionIn(l, position);
      if (pos === null) return fail(notAPosition(position));
      const known = l.hashes.get(pos);
      if (known) return ok(known);
      // A heavy user's state takes up to ~1.5 s to hash: in slices, between which seeks are answered. A seek
      // moves the state, so this hash stops there; the page asks again once the position holds still.
      const moves = ++stateMoves;
      const hashes = await hashesInSlices(l, l.timeline.at(pos), () => moves === stateMoves);
      if (!hashes) return fail({ name: 'Superseded', message: `Another position was asked for before input ${pos}'s hash was made.` });
      return ok(remember(l, pos, hashes.all));
    },

    async $trimmedSession(position) {
      const l = loaded;
      if (!l) return fail(notLoaded);
      const pos = positionIn(l, position);
      if (pos === null) return fail(notAPosition(position));
      if (pos === 0) return fail({ name: 'NothingToSave', message: 'Move past the first input: a session of no inputs replays nothing.' });
      // The saved file's digests up to input `pos` are the recording's: they must be known to match first.
      const checks = l.index.eventChecks;
      if (!(await checkUntil(l, () => l.checking.done >= checks.count || checks.input(l.checking.done) > pos))) return fail(notLoaded);
      const differed = divergenceOf(l)?.input;
      if (differed !== undefined && pos >= differed) {
        return fail({ name: 'Diverged', message: `The replay differed from the recording at input ${differed}: only the inputs before it can be saved.` });
      }
      // The lines a replay to `pos` consumes: up to the next input's line, or all of them after the last input.
      const lines = pos < l.index.inputCount ? l.index.inputLine(pos + 1) - 2 : l.index.replay.linesUsed;
      // The state in one of its own, hashed in slices (up to ~1.5 s for a heavy user's): seeks are answered meanwhile.
      const hashes = await hashesInSlices(l, l.timeline.detached(pos), () => true);
      if (!hashes) return fail(notLoaded);
      const footer = { k: 'end' as const, inputs: pos, events: logLengthAt(l, pos), hash: hashes.all, projections: hashes.each };
      const text = trimmedSessionText(l.text, lines, footer);
      return ok({ fileName: sessionFileName(l.index.header.started, `-first-${pos}`), file: new Blob([text], { type: 'application/x-ndjson' }) });
    },

    async $firstTouch(id) {
      const l = loaded;
      const wanted = id.trim();
      if (!l || !wanted) return null;
      const first = await scan(l, 1, l.index.inputCount + 1, (i) => touches(l, i, wanted), () => true);
      return first === null || first < 0 ? null : first;
    },
  };
}
