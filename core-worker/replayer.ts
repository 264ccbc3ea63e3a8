/**
 * Replays a recorded session: builds a core whose ports answer from the file,
 * delivers the recorded inputs in order with a virtual clock, checks that the
 * core makes the recorded outputs and appends events with the recorded
 * digests, and reports the first place it does not. Runs the same in Node
 * (CLI, tests) and in a browser worker (debugger).
 */
import { projectionHashes, type ProjectionName } from '../projections/hash';
import type { Envelope } from '../protocol/events';
import type { DownFrame } from '../protocol/frames/down';
import { errorText } from '../protocol/result';
import type { OutboxEntry } from '../protocol/outbox';
import { INPUT_KINDS, sessionHashName, type DigestLine, type InputLine, type OutputLine, type SessionFile, type SessionFooter, type SessionLine, type StorageOp } from '../protocol/session-file';
import { createCore, type Core } from './core';
import { eventsDigest } from './session-digest';
import type { CoreDeps, HttpResponse, LogStore, OutboxStore, SocketLike, Storage } from './ports';

/** Resolves once every pending microtask has run. */
export type SettleAsync = () => Promise<void>;

export interface Divergence {
  /** 1-based index of the input after which the replay differed (0: before the first). */
  input: number;
  /** 1-based line of the session file (the header is line 1). */
  line: number;
  what: 'output' | 'events' | 'projection' | 'error';
  /** The projection that differs, for 'projection'. */
  projection?: ProjectionName;
  expected: unknown;
  actual: unknown;
}

export interface ReplayResult {
  core: Core;
  inputs: number;
  events: number;
  hash: string;
  projections: Record<ProjectionName, string>;
  divergence: Divergence | null;
  durationMs: number;
  /** How many lines between header and footer the replay consumed (for trimming at `until`). */
  linesUsed: number;
}

/** What the core's socket is handed instead of a frame's text when the frame was decoded ahead (see deliverFrame). */
const DECODED_AHEAD: unique symbol = Symbol('a frame decoded ahead');
/**
 * The socket message that stands for such a frame: always the same, made once (the socket reads its `data` at
 * once and keeps nothing; a million-frame replay made a million of them).
 */
const AHEAD_MESSAGE = Object.freeze({ data: DECODED_AHEAD });

class Diverged extends Error {
  override name = 'Diverged';
  constructor(readonly divergence: Omit<Divergence, 'input' | 'line'>) {
    super(`replay diverged: ${divergence.what}`);
  }
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export interface ReplayOptions {
  settle: SettleAsync;
  /** Stop after this many inputs (the footer is then not compared). */
  until?: number;
  /** Called with the core once it is built, before the first input. */
  onCore?: (core: Core) => void;
  /** Called after each input has settled, e.g. to take checkpoints. */
  onInput?: (index: number, core: Core) => void;
  /**
   * Check each input's event digest (default true): finds the exact input where a replay first differs.
   * Off, only outputs and the final projection hash are checked — faster, but an event the recording had and
   * the replay changed is missed if later events restore the same state; `replayAndLocate` re-checks after a mismatch.
   */
  verifyEvents?: boolean;
  /**
   * With `verifyEvents` off: called at each point where the recording checked the events appended since its
   * last check — before each input and at the end — with how many inputs have been delivered and the 0-based
   * line at the cursor (the file's digest line when it wrote one there), so that the digests can be checked
   * later against events kept elsewhere (the debugger's load: core-worker/debug/session-index.ts).
   */
  onEventCheck?: (inputs: number, line: number, core: Core) => void;
  now?: () => number;
  /** The file's frames decoded ahead (on another thread: core-worker/frame-tape-source.ts); without it the core decodes each. */
  frames?: DecodedFrames;
}

/**
 * Frames decoded ahead of the replay, by line (0-based, counted from the line after the header). Each
 * must be the frame decodeDownFrame decodes from that line's text; a frame it has none for (or one that
 * does not decode) is decoded by the core itself.
 */
export interface DecodedFrames {
  /** Whether the decode of line `index` is at hand (or known not to be coming). */
  has(index: number): boolean;
  /** Resolves once `has(index)`. */
  wait(index: number): Promise<void>;
  /** The frame of line `index`, once: undefined if there is none. */
  take(index: number): DownFrame | undefined;
}

/** What a digest check found wrong, or null: `expected` is the file's digest line there (null: it wrote none), `added` the events appended since the last check. */
export function eventsMismatch(expected: DigestLine | null, added: readonly Envelope[], version: number): Omit<Divergence, 'input' | 'line'> | null {
  if (added.length === 0 && !expected) return null;
  const actual = added.length ? { n: added.length, h: eventsDigest(added, version) } : null;
  if (expected && actual && expected.n === actual.n && expected.h === actual.h) return null;
  return { what: 'events', expected: expected ? { events: expected.n, hash: expected.h } : 'no events', actual: actual ? { events: actual.n, hash: actual.h, appended: added } : 'no events' };
}

/** The footer of a session file that ends where this replay ended (`--trim`, sealing a stored recording). */
export function replayFooter(result: Pick<ReplayResult, 'inputs' | 'events' | 'hash' | 'projections'>): SessionFooter {
  return { k: 'end', inputs: result.inputs, events: result.events, hash: result.hash, projections: result.projections };
}

/**
 * Replays fast (no per-input digests); on any divergence replays again with
 * digests checked, so the reported divergence is the first input that differs.
 */
export async function replayAndLocate(file: SessionFile, options: Omit<ReplayOptions, 'verifyEvents'>): Promise<ReplayResult> {
  const fast = await replaySession(file, { ...options, verifyEvents: false });
  if (!fast.divergence) return fast;
  const precise = await replaySession(file, { ...options, verifyEvents: true });
  return { ...precise, durationMs: fast.durationMs + precise.durationMs };
}

export async function replaySession(file: SessionFile, options: ReplayOptions): Promise<ReplayResult> {
  const started = options.now?.() ?? 0;
  const count = file.count;
  let cursor = 0; // next line to consume
  // The file builds a line each time it is asked: the one at the cursor is kept until the cursor moves.
  let peeked = -1;
  let peekedLine: SessionLine | undefined;
  const peek = (): SessionLine | undefined => {
    if (peeked !== cursor) {
      peeked = cursor;
      peekedLine = cursor < count ? file.line(cursor) : undefined;
    }
    return peekedLine;
  };
  let inputIndex = 0;
  let pinned = file.header.started;
  // Digests and the footer are checked with the hash of the file's own format version.
  const hash = sessionHashName(file.header.version);

  /** The line (1-based, the header is line 1) of the input being delivered. */
  let inputLine = 1;
  /**
   * The first thing that went wrong inside the core's own code, where the replay loop does not see it thrown:
   * an output that differed from the file's, thrown from a port (the core may catch it — a request that fails
   * is an expected failure to it — or drop the promise it rejects), or an error that rejected a core call (a
   * hostile file's stored value the core cannot fold). The replay ends there and reports it, not what it
   * finds next (that the file's output never came, or nothing at all); Node would end the process on it.
   */
  let failure = null as { error: unknown; input: number; line: number } | null;
  /** Takes the next line, which must be this output; returns it. */
  const expectOutput = <K extends OutputLine['k']>(actual: Omit<Extract<OutputLine, { k: K }>, never>, compare: (keyof Extract<OutputLine, { k: K }>)[]): Extract<OutputLine, { k: K }> => {
    const next = peek();
    const matches = next && next.k === actual.k && compare.every((field) => same((next as never)[field], actual[field]));
    if (!matches) {
      const diverged = new Diverged({ what: 'output', expected: next ?? 'the end of the recording', actual });
      failure ??= { error: diverged, input: inputIndex, line: cursor + 2 };
      throw diverged;
    }
    cursor++;
    return next as Extract<OutputLine, { k: K }>;
  };
  /** A core call's promise: its rejection is noted where it happened (the core's API answers with results and never rejects). */
  const handled = (promise: Promise<unknown>): void => {
    promise.catch((error: unknown) => {
      failure ??= { error, input: inputIndex, line: inputLine };
    });
  };

  // ---- ports answering from the file ----------------------------------------
  const timers = new Map<number, () => void>();
  let timerId = 0;
  const requests = new Map<number, { resolve: (r: HttpResponse) => void; reject: (e: Error) => void }>();
  let requestId = 0;
  const sockets = new Map<number, SocketLike & { readyState: number }>();
  let socketId = 0;
  const ops = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; wrap?: (v: unknown) => unknown }>();
  let opId = 0;

  function storageOp<T>(op: StorageOp, key: string | undefined, wrap?: (v: unknown) => unknown): Promise<T> {
    const o = opId++;
    expectOutput<'op'>({ k: 'op', o, op, ...(key !== undefined ? { key } : {}) }, ['o', 'op', 'key']);
    return new Promise<T>((resolve, reject) => ops.set(o, { resolve: resolve as (v: unknown) => void, reject, ...(wrap ? { wrap } : {}) }));
  }
  const logStore = (): LogStore => ({
    load: () => storageOp<Envelope[]>('load', undefined),
    append: () => storageOp<void>('append', undefined),
    compact: () => storageOp<void>('compact', undefined),
    close: () => {},
  });
  const outboxStore = (): OutboxStore => ({
    load: () => storageOp<OutboxEntry[]>('oload', undefined),
    put: (entry) => storageOp<void>('oput', entry.id),
    remove: (id) => storageOp<void>('odel', id),
    close: () => {},
  });
  const storage: Storage = {
    openLog: (userGuid) => storageOp<LogStore>('open', userGuid, () => logStore()),
    openOutbox: (userGuid) => storageOp<OutboxStore>('oopen', userGuid, () => outboxStore()),
    getItem: <T,>(key: string) => storageOp<T | undefined>('get', key),
    setItem: (key) => storageOp<void>('set', key),
    removeItem: (key) => storageOp<void>('remove', key),
  };

  const warnings: string[] = [];
  // The frame being delivered from `options.frames`, for the core's decodedAhead port.
  let deliveringFrame: DownFrame | undefined;
  const deps: CoreDeps = {
    clock: {
      now: () => pinned,
      setTimeout(fn) {
        const id = timerId++;
        timers.set(id, fn);
        return id;
      },
      clearTimeout(handle) {
        if (typeof handle === 'number') timers.delete(handle);
      },
    },
    random: { uuid: () => expectOutput<'uuid'>({ k: 'uuid', v: '' }, []).v },
    http(url, body) {
      const r = requestId++;
      expectOutput<'req'>({ k: 'req', r, p: url.startsWith('replay:') ? url.slice('replay:'.length) : url, b: body }, ['r', 'p', 'b']);
      return new Promise((resolve, reject) => requests.set(r, { resolve, reject }));
    },
    openSocket(url) {
      const s = socketId++;
      const recorded = expectOutput<'sock'>({ k: 'sock', s, u: url }, ['s']);
      const socket: SocketLike & { readyState: number } = {
        readyState: 0,
        send: (x) => void expectOutput<'send'>({ k: 'send', s, x }, ['s', 'x']),
        close: () => {
          expectOutput<'shut'>({ k: 'shut', s }, ['s']);
          socket.readyState = 2;
        },
        onopen: null,
        onmessage: null,
        onclose: null,
        onerror: null,
      };
      void recorded;
      sockets.set(s, socket);
      return socket;
    },
    storage,
    logger: { warn: (m) => warnings.push(m), info: () => {} },
    baseUrl: 'replay:',
    scheduleFrame: () => () => {},
    decodedAhead(text) {
      const frame = deliveringFrame;
      deliveringFrame = undefined;
      return text === DECODED_AHEAD ? frame : undefined;
    },
  };

  const core = createCore(deps);
  options.onCore?.(core);

  const frames = options.frames;
  // The socket the last frame went to: a session's frames nearly all go to one, looked up once. Ids are never
  // reused (socketId only grows) and a socket is never replaced under its id, so one found stays right.
  let lastSocketId = -1;
  let lastSocket: (SocketLike & { readyState: number }) | undefined;
  /**
   * Delivers frame line i. Its frame, when it was decoded ahead, reaches the core's decodedAhead port for
   * a stand-in of the text, which is then never sliced out of the file (nor, for a file read as bytes,
   * decoded from UTF-8): the core uses a frame's text for nothing but decoding it.
   */
  const deliverFrame = (i: number): void => {
    // Many frames share a millisecond (a heavy session's million came in 2,000 distinct ones): the clock's time is
    // replaced only when it changes, as each new number stored here was a new object for the collector.
    const t = file.frameTime(i);
    if (t !== pinned) pinned = t;
    const s = file.frameSocket(i);
    if (s !== lastSocketId) {
      lastSocket = sockets.get(s);
      // Not yet opened: looked up again next time (it may be by then).
      lastSocketId = lastSocket ? s : -1;
    }
    const socket = lastSocket;
    const ahead = frames?.take(i);
    if (ahead !== undefined) {
      deliveringFrame = ahead;
      socket?.onmessage?.(AHEAD_MESSAGE);
      deliveringFrame = undefined;
    } else socket?.onmessage?.({ data: (file.line(i) as Extract<InputLine, { k: 'frame' }>).x });
  };
  /** Delivers any other input (frames go through deliverFrame). */
  const deliver = (line: Exclude<InputLine, { k: 'frame' }>): void => {
    pinned = line.t;
    switch (line.k) {
      case 'open': {
        const socket = sockets.get(line.s);
        if (!socket) return;
        socket.readyState = 1;
        socket.onopen?.({});
        return;
      }
      case 'close': {
        const socket = sockets.get(line.s);
        if (!socket) return;
        socket.readyState = 3;
        socket.onclose?.({});
        return;
      }
      // Recorded values are handed over as copies: the core may keep and mutate what it gets
      // (the event log appends to the array it loaded), and the file must stay as read.
      case 'res':
        requests.get(line.r)?.resolve({ status: line.st, body: structuredClone(line.b) });
        requests.delete(line.r);
        return;
      case 'neterr':
        requests.get(line.r)?.reject(new Error(line.m));
        requests.delete(line.r);
        return;
      case 'timer': {
        const fn = timers.get(line.id);
        timers.delete(line.id);
        fn?.();
        return;
      }
      case 'intent': {
        if (line.m === '$boot') {
          handled(core.start());
          return;
        }
        const method = (core.api as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[line.m];
        if (!method) throw new Diverged({ what: 'error', expected: 'a core API method', actual: line.m });
        handled(method(...line.a));
        return;
      }
      case 'io': {
        const op = ops.get(line.o);
        ops.delete(line.o);
        if (!op) return;
        if (line.e !== undefined) op.reject(new Error(line.e));
        else op.resolve(op.wrap ? op.wrap(line.v) : structuredClone(line.v));
        return;
      }
    }
  };

  let lastLog: readonly Envelope[] | null = null;
  let lastLength = 0;
  const verifyEvents = options.verifyEvents ?? true;
  /** The digest check mirrors the recorder's: events appended since the last check. */
  const checkDigest = (): void => {
    if (!verifyEvents) {
      options.onEventCheck?.(inputIndex, cursor, core);
      if (cursor < count && file.kind(cursor) === 'ev') cursor++;
      return;
    }
    const log = core.log;
    const added = log === lastLog ? log.slice(lastLength) : log.slice(0);
    lastLog = log;
    lastLength = log.length;
    const next = cursor < count && file.kind(cursor) === 'ev' ? peek() : undefined;
    const expected = next?.k === 'ev' ? next : null;
    const mismatch = eventsMismatch(expected, added, file.header.version);
    if (mismatch) throw new Diverged(mismatch);
    if (expected) cursor++;
  };

  let divergence: Divergence | null = null;
  const fail = (thrown: unknown): void => {
    // An output or a digest is named by the file's line the replay expected it at; an error by its input's line.
    const atCursor = thrown instanceof Diverged && thrown.divergence.what !== 'error';
    const { error, input, line } = failure ?? { error: thrown, input: inputIndex, line: atCursor ? cursor + 2 : inputLine };
    const d = error instanceof Diverged ? error.divergence : { what: 'error' as const, expected: 'no error', actual: errorText(error) };
    divergence = { ...d, input, line };
  };

  try {
    while (cursor < count) {
      const kind = file.kind(cursor);
      if (kind === 'ev') {
        checkDigest();
        continue;
      }
      // An output the core should have made by now.
      if (kind !== 'frame' && !INPUT_KINDS.has(kind)) throw new Diverged({ what: 'output', expected: peek(), actual: 'nothing: the core did not make this output' });
      if (options.until !== undefined && inputIndex >= options.until) break;
      if (kind === 'frame') {
        // The commonest input, delivered without building its line.
        if (frames && !frames.has(cursor)) await frames.wait(cursor);
        checkDigest();
        const at = cursor++;
        inputIndex++;
        inputLine = at + 2;
        deliverFrame(at);
        if (!file.frameInBurst(at)) await options.settle();
      } else {
        const line = peek() as Exclude<InputLine, { k: 'frame' }>;
        checkDigest();
        inputLine = ++cursor + 1;
        inputIndex++;
        deliver(line);
        if (line.d !== 0) await options.settle();
      }
      if (failure) throw failure.error;
      options.onInput?.(inputIndex, core);
    }
    if (options.until === undefined || inputIndex < options.until) checkDigest();
  } catch (error) {
    fail(error);
  }

  const hashes = projectionHashes(core.projections, hash);
  // An unsealed file has no final state to compare (its footer says why): its inputs were all checked above.
  if (!divergence && options.until === undefined && !file.footer.unsealed) {
    const recorded = file.footer.projections;
    const wholeDiffers = hashes.all !== file.footer.hash;
    // Each projection the footer names is compared as well as the whole: the file was read only if its hash
    // combines its projections', but a footer could still pair a projection's name with another's hash. When the
    // whole differs, the first projection that does is named (one the footer does not name counts as differing).
    const differs = (n: ProjectionName): boolean => (wholeDiffers || n in recorded) && hashes.each[n] !== recorded[n];
    const name = (Object.keys(hashes.each) as ProjectionName[]).find(differs);
    if (wholeDiffers || name) {
      divergence = { input: inputIndex, line: count + 2, what: 'projection', ...(name ? { projection: name } : {}), expected: name ? recorded[name] : file.footer.hash, actual: name ? hashes.each[name] : hashes.all };
    }
  }
  // The core is left as the recording left it (no stop: stopping would make outputs the file does not have).
  return {
    core,
    inputs: inputIndex,
    events: core.log.length,
    hash: hashes.all,
    projections: hashes.each,
    divergence,
    durationMs: (options.now?.() ?? 0) - started,
    linesUsed: cursor,
  };
}
