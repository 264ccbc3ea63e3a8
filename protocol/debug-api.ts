/**
 * The boundary between the session-replay debugger's UI and its worker, in the
 * style of core-api.ts: `$` methods, plain structured-clone-safe data, expected
 * failures as `Result` values. Positions are input indexes: 0 is before the
 * first input, n is "after input n has settled" (1-based, as the replay CLI's
 * `--until n`).
 */
import type { Result } from './result';
import type { SessionHeader, UnsealedNote } from './session-file';

export type { UnsealedNote };
import type { ViewPatch } from './views';

/** Every projection, in the order the projection hash combines them (projections/hash.ts PROJECTION_NAMES is this list). */
export const DEBUG_PROJECTIONS = [
  'session',
  'channels',
  'unread',
  'messages',
  'typing',
  'connection',
  'folders',
  'teams',
  'threads',
  'flagged',
  'reading',
  'messageSettings',
  'outbox',
  'preferences',
  'presence',
  'people',
  'search',
  'context',
  'alerts',
  'toasts',
  'notify',
  'popover',
  'mfa',
] as const;
export type DebugProjectionName = (typeof DEBUG_PROJECTIONS)[number];

/** Where a replay first differed from the recording (core-worker/replayer.ts Divergence, as text). */
export interface DebugDivergence {
  input: number;
  line: number;
  what: 'output' | 'events' | 'projection' | 'error';
  projection?: string;
  /** JSON text, at most a few KB. */
  expected: string;
  actual: string;
}

/**
 * What differed at a replay's first divergence, in words — as the debugger's summary and an unsealed file's footer
 * (core-worker/seal-recording.ts) say it. `withError`: whether an error's message follows (the debugger shows it
 * apart, as the divergence's actual value).
 */
export function divergenceReason(d: Pick<DebugDivergence, 'what' | 'projection'> & { actual?: unknown }, withError = true): string {
  switch (d.what) {
    case 'output':
      return 'an output differs';
    case 'events':
      return 'the events it appended differ';
    case 'projection':
      return d.projection ? `the projection ${d.projection} differs` : 'the projection hash differs';
    case 'error':
      return withError ? `the core threw an error: ${String(d.actual).slice(0, 1_000)}` : 'the core threw an error';
  }
}

/**
 * How far a load has got (a heavy user's session replays for tens of seconds): reading the file, replaying
 * its inputs (`done` of `total`), then building the checkpoints seeking starts from.
 */
export interface LoadProgress {
  phase: 'reading' | 'replaying' | 'checkpoints';
  done: number;
  total: number;
}

export interface SessionSummary {
  header: SessionHeader;
  inputs: number;
  events: number;
  /** Time of the first and last input (epoch ms); null without inputs. */
  firstAt: number | null;
  lastAt: number | null;
  /** Projection hash after the whole replay, and the one the footer recorded (null: the file is unsealed, it recorded none). */
  hash: string;
  recordedHash: string | null;
  /** Why the file has no final hash (its footer's `unsealed`), or null for a sealed file. */
  unsealed: UnsealedNote | null;
  /**
   * The replay reproduced the recording (outputs, event digests and footer hash — for an unsealed file, all but
   * the hash it does not have); false while `checking`.
   */
  matches: boolean;
  /** The first place the replay differed, as far as it has been checked. */
  divergence: DebugDivergence | null;
  /**
   * The event digests are checked after the load, while the session can already be used: how many of the
   * recording's checks have been made so far. Null once they all have, or the first that differs is found;
   * until then an event that differs earlier than `divergence` (or with none) may still be found.
   */
  checking: { done: number; total: number } | null;
  /** Time to parse, replay and index the file, in ms. */
  loadMs: number;
  /** How many of its socket frames were decoded ahead of the replay, on another thread (the rest the replay decoded). */
  decodedAhead?: number;
}

/** Narrows the input and event lists; every field is optional and they combine with AND. */
export interface InputFilter {
  /** Input kind (`frame`, `intent`, `res`…) or its code (frame code `MSG`, intent method `$post`); substring, case-insensitive. */
  code?: string;
  /** Channel address: the input's own data or the events it appended name it (as a whole: "c1" is not "c10"). */
  channel?: string;
  /** User guid, likewise. */
  user?: string;
  /** Message guid, likewise. */
  message?: string;
}

/** A filter with its blank fields dropped (trimmed), or null when it keeps everything: the service and the screen agree on it. */
export function activeFilter(filter: InputFilter | undefined): InputFilter | null {
  if (!filter) return null;
  const f = { code: filter.code?.trim() || undefined, channel: filter.channel?.trim() || undefined, user: filter.user?.trim() || undefined, message: filter.message?.trim() || undefined };
  return f.code || f.channel || f.user || f.message ? f : null;
}

export interface InputRow {
  /** 1-based input index (the position after it). */
  index: number;
  /** Line of the session file (header = 1). */
  line: number;
  t: number;
  kind: string;
  /** Frame code, intent method, or the kind again. */
  code: string;
  /** One-line description, at most ~160 characters. */
  summary: string;
  /** Events this input appended. */
  events: number;
}

export interface EventRow {
  /** 0-based place in the debugger's event timeline (across log reloads). */
  index: number;
  seq: number;
  at: number;
  source: string;
  type: string;
  /** The input whose handling appended it. */
  input: number;
  summary: string;
}

export interface Page<R> {
  /** Rows matching the query in all (for a virtualized list's length). */
  total: number;
  /** Offset of rows[0] within those. */
  start: number;
  rows: R[];
}

export interface EventRateSeries {
  /** Epoch ms of the first bucket's start. */
  start: number;
  bucketMs: number;
  counts: number[];
  max: number;
}

export interface JsonChange {
  /** JSON path, e.g. `byAddress.c1.count`. */
  path: string;
  op: 'add' | 'remove' | 'change';
  /** JSON text of the values (absent for add/remove's missing side), truncated. */
  before?: string;
  after?: string;
}

export interface ProjectionDiff {
  projection: DebugProjectionName;
  changes: JsonChange[];
  /** More changes than listed. */
  truncated: boolean;
}

export interface StateAt {
  position: number;
  /** Time of the input at this position (the first input's at 0); null without inputs. */
  at: number | null;
  /** Events folded at this position. */
  events: number;
  /** The projection hash (as `npm run replay -- FILE --until N` prints it); null for a large state, which `$hashAt` hashes on request. */
  hash: string | null;
  /** Canonical JSON (maps as sorted objects), pretty-printed, of the requested projections; a very large one is cut, saying so at its end. */
  projections: Partial<Record<DebugProjectionName, string>>;
  /** Projections that differ from position - 1, with their diffs. */
  diffs: ProjectionDiff[];
  /** A full-snapshot patch (reset: true) of the views at this position, to render the app UI. */
  view: ViewPatch;
  /** Time to compute this answer in the worker, ms. */
  computeMs: number;
}

export interface DebugApi {
  /**
   * Parses and replays a session file, given as its text or as the file itself: a File (a Blob) is read in
   * the worker, so the page neither decodes a heavy user's 140 MB nor copies it into the message (a File
   * crosses as a handle). A refused file fails with the parser's "line N: problem"; one that cannot be read, with why.
   */
  $load(session: string | Blob): Promise<Result<SessionSummary>>;
  /** How far the load under way has got; null when none is (the worker answers between the replay's bursts). */
  $loadProgress(): Promise<LoadProgress | null>;
  /** The loaded session's summary as it stands (its event checks advance after the load); null when none is loaded. */
  $summary(): Promise<SessionSummary | null>;
  /** The summary once every event digest is checked (or the first that differs is found); null if the session was let go first. */
  $verified(): Promise<SessionSummary | null>;
  /** Inputs `start..start+count` of the (optionally filtered) input list. */
  $inputs(start: number, count: number, filter?: InputFilter): Promise<Page<InputRow>>;
  /**
   * Where input `position` stands in that list: the row of the last listed input at or before it (0-based), or
   * -1 when none is (position 0, or a filter that lists nothing so early). The list follows the playhead with it.
   */
  $inputRowAt(position: number, filter?: InputFilter): Promise<number>;
  /**
   * Events `start..start+count` among those appended up to `position` (all when omitted) that the filter
   * keeps: its code in the event's type or its input's code, and each id named in the event.
   */
  $events(start: number, count: number, position?: number, filter?: InputFilter): Promise<Page<EventRow>>;
  /** Events per time bucket over the session's time span. */
  $eventRate(buckets: number): Promise<EventRateSeries>;
  /** The state after input `position`; `projections` limits which canonical JSON texts are returned (all when omitted). */
  $stateAt(position: number, projections?: DebugProjectionName[]): Promise<Result<StateAt>>;
  /**
   * The projection hash after input `position` (up to ~1.5 s of work for a heavy user's state, made in slices
   * between which seeks are answered). A seek asked before it is done stops it: it fails as `Superseded`.
   */
  $hashAt(position: number): Promise<Result<string>>;
  /**
   * The first input that touched a channel, a message or a user, by its address or guid: the first whose
   * data or events name the id as a whole (null: none did).
   */
  $firstTouch(id: string): Promise<number | null>;
  /**
   * The session's first `position` inputs as a session file of their own — what `npm run replay -- --until N
   * --trim OUT` writes, byte for byte: the lines up to the next input, and a footer with the state there. A
   * Blob, so a heavy user's file crosses as a handle. Refused before the first input, and from the input at
   * which the replay differed from the recording on (the state there is not the recording's); it waits for
   * the event checks to reach `position` first.
   */
  $trimmedSession(position: number): Promise<Result<{ fileName: string; file: Blob }>>;
}
