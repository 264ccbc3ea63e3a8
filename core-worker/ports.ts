/**
 * Everything non-deterministic the core touches, injected (STYLE.md principle 7):
 * the same core runs in the browser worker, in Node tests and in replay.
 */
import type { Envelope } from '../protocol/events';

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

/** One user's append-only event log. */
export interface LogStore {
  /** Every stored envelope in seq order. */
  load(): Promise<Envelope[]>;
  /** Appends a batch as one record (many events per record, one transaction per batch). */
  append(batch: readonly Envelope[]): Promise<void>;
  close(): void;
}

export interface Storage {
  openLog(userGuid: string): Promise<LogStore>;
  getItem<T>(key: string): Promise<T | undefined>;
  setItem(key: string, value: unknown): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface Logger {
  warn(message: string): void;
  info(message: string): void;
}

/** Runs `fn` at the next animation frame (or its stand-in); returns a cancel function. */
export type FrameScheduler = (fn: () => void) => () => void;

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
}
