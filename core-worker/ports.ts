/**
 * Everything non-deterministic the core touches, injected (STYLE.md principle 7):
 * the same core runs in the browser worker, in Node tests and in replay.
 */
import type { Envelope } from '../protocol/events';
import type { DownFrame } from '../protocol/frames/down';
import type { OutboxEntry } from '../protocol/outbox';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface Random {
  uuid(): string;
}

export interface HttpResponse {
  status: number;
  /** Parsed JSON body, or undefined when the body was not JSON. */
  body: unknown;
  /**
   * The Retry-After header of a 429, for the request scheduler below the core
   * (core-worker/request-scheduler.ts); the core itself never reads it.
   */
  retryAfter?: string | null;
}

/**
 * Sends a request: POST with a JSON body, or GET (no body) for the few
 * endpoints the spec names as GET. Rejects only when no response arrived (network failure).
 */
export type HttpPost = (url: string, body: unknown, headers: Record<string, string>, method?: 'GET' | 'POST') => Promise<HttpResponse>;

/** The subset of the WebSocket interface the core uses; the browser's and the `ws` package's both fit. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;
export const SOCKET_OPEN = 1;

/**
 * One user's append-only event log, chunked: batches of envelopes, and at most one projection
 * snapshot that stands for every envelope up to its seq.
 */
export interface LogStore {
  /** The stored log in seq order: the snapshot's `log.snapshot` envelope first (if any), then the envelopes after it. */
  load(): Promise<Envelope[]>;
  /** Appends a batch as one record (many events per record, one transaction per batch). */
  append(batch: readonly Envelope[]): Promise<void>;
  /** Stores a `log.snapshot` envelope and drops every envelope at or before its seq, in one transaction. */
  compact(snapshot: Envelope): Promise<void>;
  close(): void;
}

/**
 * An outbox entry as the store holds it: with the tab whose core stored it last, where the store knows it (the
 * browser's stores name the tab by its core worker's name; entries stored before tabs were named have none), and,
 * as loaded, whether that tab is another one still open (`heldElsewhere`, never stored: its Web Lock is held).
 * A core leaves those to their tab, takes over only the entries of a tab that is gone ($adoptStoredOutbox), and
 * never keeps either field in its state.
 */
export type StoredOutboxEntry = OutboxEntry & { owner?: string; heldElsewhere?: true };

/** One user's outbox (protocol/outbox.ts): every entry is stored before it is first sent. */
export interface OutboxStore {
  load(): Promise<StoredOutboxEntry[]>;
  /** Adds or replaces the entry with this id. */
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
  close(): void;
}

/**
 * A value made only when a storage write is made: a replay's storage, which records that a key was written but
 * not what, never makes it. The sidebar cache is one — a heavy user's ~1,000 entries as JSON every 5 s of a
 * session, which cost a replay of a million inputs ~0.4 s of its main thread for values nothing reads.
 * Made at most once.
 */
export class WrittenLater<T = unknown> {
  private made: { value: T } | null = null;
  constructor(private readonly make: () => T) {}

  value(): T {
    return (this.made ??= { value: this.make() }).value;
  }
}

/** What a storage write stores of a value given to setItem. */
export function storedValue(value: unknown): unknown {
  return value instanceof WrittenLater ? value.value() : value;
}

export interface Storage {
  openLog(userGuid: string): Promise<LogStore>;
  openOutbox(userGuid: string): Promise<OutboxStore>;
  getItem<T>(key: string): Promise<T | undefined>;
  /** Stores the value (a WrittenLater: what it makes, when the write is made). */
  setItem(key: string, value: unknown): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface Logger {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Runs `fn` at the next animation frame (or its stand-in); returns a cancel function. `intoFrame`: the page
 * keeps up, so the update may go a few ms into the frame rather than at its start (core-worker/frame-scheduler.ts).
 */
export type FrameScheduler = (fn: () => void, how?: { intoFrame?: boolean }) => () => void;

export interface CoreDeps {
  clock: Clock;
  random: Random;
  http: HttpPost;
  openSocket: SocketFactory;
  storage: Storage;
  logger: Logger;
  /** Origin of the server, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  scheduleFrame: FrameScheduler;
  /**
   * A high-resolution wall clock (epoch ms), only to stamp view patches with timings for measurement.
   * Never read by folds or features, never recorded: patches are outputs to the UI, not inputs.
   */
  wallClock?: () => number;
  /**
   * The frame a socket message stands for when it was decoded ahead, else undefined: the core then decodes
   * the message with protocol/frames/down.ts decodeDownFrame. A replay answers the frames decoded on another
   * thread (core-worker/frame-tape-source.ts) — decodeDownFrame's frames, computed elsewhere — for the
   * stand-in it delivers in place of their text.
   */
  decodedAhead?: (text: unknown) => DownFrame | undefined;
}
