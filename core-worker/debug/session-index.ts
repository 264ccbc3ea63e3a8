/**
 * Replays a session file once with the real core and keeps what the debugger
 * needs to seek without replaying again: where every input is in the file,
 * every event appended, and which input appended it. Inputs stay in the file
 * (its lines are numbers and offsets into the text until asked for) and are
 * built one at a time when a list or a filter needs them; outputs and digests
 * are not kept (the replay checked them): a heavy user's session has a million
 * of each, and every object kept is one more for each garbage collection to mark.
 *
 * The replay does not check each input's event digest as it goes (a third of a heavy session's replay): it
 * notes where the recording checked and which of the kept events that check covers, so the debugger can
 * check them after the load, a slice at a time between the user's requests (`eventChecks`).
 */
import type { Envelope } from '../../protocol/events';
import { INPUT_KINDS, type DigestLine, type InputLine, type SessionFile, type SessionFooter, type SessionHeader } from '../../protocol/session-file';
import { eventsMismatch, replaySession, type DecodedFrames, type Divergence, type ReplayResult, type SettleAsync } from '../replayer';
import type { TimelineSource } from './timeline';

export interface SessionIndex extends TimelineSource {
  header: SessionHeader;
  footer: SessionFooter;
  /** How many inputs the session has. */
  inputCount: number;
  /** Input i (1-based), built from the file on each call. */
  input(i: number): InputLine;
  /** The file line of input i (1-based; the header is line 1). */
  inputLine(i: number): number;
  /** The time of every input: input i at [i - 1]. */
  inputTimes: Float64Array;
  /** What each request id asked for and each storage op id did, from the file's outputs: the lists name them by id. */
  outputs: OutputNames;
  events: Envelope[];
  inputOf: Int32Array;
  resets: { event: number; input: number }[];
  /**
   * The replay's outcome: its outputs and final hash checked, not yet its event digests (`eventChecks`). Its
   * core is not kept: the timeline holds what seeking needs, and a heavy user's core is hundreds of megabytes.
   */
  replay: Omit<ReplayResult, 'core'>;
  eventChecks: EventChecks;
}

/**
 * The points where the recording checked the events appended since its previous check (before each input,
 * and at the end), those at which there is something to compare: events appended, or a digest in the file.
 * Checked in order, the first that fails is where a replay that checked as it went would have stopped.
 */
export interface EventChecks {
  count: number;
  /** The 1-based file line at check k (the digest line, or the line the digest would be on), ascending. */
  line(k: number): number;
  /** How many inputs had been delivered at check k (it checks what the last of them appended), ascending. */
  input(k: number): number;
  /** Check k's divergence (input: how many inputs had been delivered), or null when the events match. */
  check(k: number): Divergence | null;
}

/** The paths of the session's requests and the kinds and keys of its storage ops, by id: a response names only its request's id. */
export interface OutputNames {
  requestPath: ReadonlyMap<number, string>;
  /** e.g. 'get device_guid', 'append'. */
  storageOp: ReadonlyMap<number, string>;
}

/** `onInput`: called after each input has settled, with how many have been replayed (for a load's progress). */
export async function indexSession(file: SessionFile, options: { settle: SettleAsync; now?: () => number; onInput?: (replayed: number) => void; frames?: DecodedFrames }): Promise<SessionIndex> {
  // Where each input is among the file's lines (the header not counted), and when it came.
  const lines: number[] = [];
  const times: number[] = [];
  const requestPath = new Map<number, string>();
  const storageOp = new Map<number, string>();
  for (let i = 0; i < file.count; i++) {
    const kind = file.kind(i);
    if (kind === 'req' || kind === 'op') {
      // A few thousand in a heavy session, beside a million frames.
      const output = file.line(i);
      if (output.k === 'req') requestPath.set(output.r, output.p);
      else if (output.k === 'op') storageOp.set(output.o, output.key === undefined ? output.op : `${output.op} ${output.key}`);
      continue;
    }
    if (!INPUT_KINDS.has(kind)) continue;
    lines.push(i);
    times.push((file.line(i) as InputLine).t); // built to be dropped: young garbage, as the replay's own lines are
  }
  const lineOf = Int32Array.from(lines);

  const events: Envelope[] = [];
  const inputOf: number[] = [];
  const resets: { event: number; input: number }[] = [];
  let lastLog: readonly Envelope[] = [];
  let lastLength = 0;
  let lastProjections: unknown = null;
  const take = (log: readonly Envelope[], from: number, input: number): void => {
    for (let i = from; i < log.length; i++) {
      events.push(log[i]!);
      inputOf.push(input);
    }
  };
  /**
   * Records what the log gained since the last call. A new log array with new projections means the core
   * opened another log (and folded its state from it, from empty): a reset. A new log array with the same
   * projections is a compaction: the log now starts with a snapshot of the state the core goes on folding,
   * so the timeline goes on folding too (the snapshot, at the seq already folded, folds as nothing) rather
   * than rebuilding the whole state from it — the same state, but ~0.1 s and a share pass per compaction,
   * which on a heavy user's session was a third of the load.
   */
  const sync = (input: number, log: readonly Envelope[], projections: unknown): void => {
    const compacted = log !== lastLog && projections === lastProjections && log[0]?.event.type === 'log.snapshot' && log[0].seq === lastLog.at(-1)?.seq;
    lastProjections = projections;
    if (log === lastLog || (log.length === 0 && lastLength === 0)) {
      take(log, lastLength, input);
    } else {
      take(lastLog, lastLength, input); // the old log's tail, appended before it was replaced
      if (!compacted) resets.push({ event: events.length, input });
      take(log, 0, input);
    }
    lastLog = log;
    lastLength = log.length;
  };

  // Each check point with something to compare: the inputs delivered, the cursor's line, and the events
  // the check covers, [from, to) of `events`. It mirrors the replayer's own check: what the log gained since
  // the last check point, or the whole log when it is another array (opened or compacted since) — which is
  // the last `log.length` events kept, as `sync` takes a new log whole after the old one's tail.
  const checkInput: number[] = [];
  const checkLine: number[] = [];
  const checkFrom: number[] = [];
  const checkTo: number[] = [];
  let checkedLog: readonly Envelope[] | null = null;
  let checkedLength = 0;
  const noteCheck = (input: number, line: number, log: readonly Envelope[], projections: unknown): void => {
    sync(input, log, projections);
    const appended = log === checkedLog ? log.length - checkedLength : log.length;
    checkedLog = log;
    checkedLength = log.length;
    if (appended === 0 && !(line < file.count && file.kind(line) === 'ev')) return;
    checkInput.push(input);
    checkLine.push(line);
    checkFrom.push(events.length - appended);
    checkTo.push(events.length);
  };

  const replay = await replaySession(file, {
    settle: options.settle,
    ...(options.now ? { now: options.now } : {}),
    ...(options.frames ? { frames: options.frames } : {}),
    verifyEvents: false,
    onEventCheck: (input, line, core) => noteCheck(input, line, core.log, core.projections),
    onInput: (index, core) => {
      sync(index, core.log, core.projections);
      options.onInput?.(index);
    },
  });
  try {
    sync(replay.inputs, replay.core.log, replay.core.projections);
  } catch (error) {
    // A replay that failed may leave the core's log as a hostile file made it (a stored log that is not an
    // array of envelopes): the events are then those taken up to the failure, which the summary names.
    if (!replay.divergence) throw error;
  }
  const checks = { input: Int32Array.from(checkInput), line: Int32Array.from(checkLine), from: Int32Array.from(checkFrom), to: Int32Array.from(checkTo) };
  const eventChecks: EventChecks = {
    count: checks.line.length,
    line: (k) => checks.line[k]! + 2,
    input: (k) => checks.input[k]!,
    check(k) {
      const line = checks.line[k]!;
      const expected = line < file.count && file.kind(line) === 'ev' ? (file.line(line) as DigestLine) : null;
      const mismatch = eventsMismatch(expected, events.slice(checks.from[k], checks.to[k]), file.header.version);
      return mismatch && { ...mismatch, input: checks.input[k]!, line: line + 2 };
    },
  };
  const { core: _core, ...outcome } = replay;
  return {
    header: file.header,
    footer: file.footer,
    inputCount: lineOf.length,
    input: (i) => file.line(lineOf[i - 1]!) as InputLine,
    inputLine: (i) => lineOf[i - 1]! + 2,
    inputTimes: Float64Array.from(times),
    outputs: { requestPath, storageOp },
    events,
    inputOf: Int32Array.from(inputOf),
    resets,
    replay: outcome,
    eventChecks,
  };
}
