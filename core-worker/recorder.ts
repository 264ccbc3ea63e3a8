/**
 * Records a live session. The recorder stands between the core and its real
 * ports: every completion from the outside world (socket event, response,
 * timer, storage result, UI intent) is queued, stamped with the time and
 * delivered one at a time, the core settling in between — exactly how the
 * replayer delivers them, which is what makes a replay reproduce the session.
 * While an input is being handled the clock reads that input's time.
 * Outputs (requests, frames sent, ids drawn, storage calls) are written as
 * they happen; secrets are redacted before anything is written.
 */
import { hashText, projectionHashes } from '../projections/hash';
import type { CoreApi } from '../protocol/core-api';
import type { Envelope } from '../protocol/events';
import { LOG_SCHEMA_VERSION } from '../protocol/events';
import {
  compactDigestLine,
  compactFrameLine,
  SESSION_FORMAT,
  SESSION_FORMAT_VERSION,
  sessionHashName,
  type InputLine,
  type OutputLine,
  type SessionFooter,
  type SessionHeader,
  type StorageOp,
} from '../protocol/session-file';
import type { Core } from './core';
import type { CoreDeps, LogStore, OutboxStore, SocketLike, Storage } from './ports';
import { sessionEndpoints } from '../protocol/rest/session';
import { createRedactor } from './redactor';
import { eventsDigest } from './session-digest';

/** The sign-in request's path: its body holds what was typed to sign in (redactor.ts). */
const LOGIN_PATH = sessionEndpoints.login.path;

/** The hash of the version written: digests and the footer use it. */
const HASH = sessionHashName(SESSION_FORMAT_VERSION);

/** Runs `fn` once every pending microtask has run (a macrotask: setImmediate, MessageChannel). */
export type Settle = (fn: () => void) => void;

type PendingInput = { line: DistributiveOmit<InputLine, 't' | 'd'>; run: () => void };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export interface RecorderOptions {
  app: string;
  settle: Settle;
  /** Receives each line of the session file as it is written (no newline). */
  write: (line: string) => void;
}

export interface Recorder {
  /** The ports to build the core with. */
  readonly deps: CoreDeps;
  /** Connects the recorder to the core built with its ports; records the boot as the first input. */
  attach(core: Core): CoreApi;
  /** The footer line for the state as it is now. */
  footer(): string;
  readonly inputs: number;
  /** Inputs that have happened but wait to be delivered (one per settle, a burst of frames at once). */
  readonly waiting: number;
}

export function createRecorder(real: CoreDeps, options: RecorderOptions): Recorder {
  const redactor = createRedactor();
  let core: Core | null = null;
  let pinned = real.clock.now();
  let inputs = 0;
  const queue: PendingInput[] = [];
  let scheduled = false;
  let lastLog: readonly Envelope[] | null = null;
  let lastLength = 0;

  const write = (line: object): void => options.write(JSON.stringify(line));
  const output = (line: OutputLine): void => write(redactor.redact(line));

  /** Writes the digest of the events the previous input appended (after it fully settled). */
  const digest = (): void => {
    if (!core) return;
    const log = core.log;
    // A newly opened log (sign-in) counts whole: what it loaded is part of what the input did.
    const added = log === lastLog ? log.slice(lastLength) : log.slice(0);
    lastLog = log;
    lastLength = log.length;
    if (added.length > 0) options.write(compactDigestLine(added.length, eventsDigest(added, SESSION_FORMAT_VERSION)));
  };

  const pump = (): void => {
    scheduled = false;
    for (;;) {
      digest();
      const next = queue.shift();
      if (!next) return;
      pinned = real.clock.now();
      // A run of socket frames already waiting is delivered as one burst, without settling in between.
      const burst = next.line.k === 'frame' && queue[0]?.line.k === 'frame';
      // Written before it counts: a writer that stops here (a full buffer) gets a footer without it.
      const line = redactor.redact(next.line);
      const compact = line.k === 'frame' ? compactFrameLine(line.s, pinned, line.x, burst) : null;
      if (compact !== null) options.write(compact);
      else write({ ...line, t: pinned, ...(burst ? { d: 0 } : {}) });
      inputs++;
      try {
        next.run();
      } catch (error) {
        schedule(); // the core threw (a bug): keep delivering what follows
        throw error;
      }
      if (!burst) {
        // The core settles first; the next pump writes this input's digest.
        schedule();
        return;
      }
    }
  };

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    options.settle(pump);
  }

  const enqueue = (line: PendingInput['line'], run: () => void): void => {
    queue.push({ line, run });
    schedule();
  };

  // ---- ports -----------------------------------------------------------

  let timerId = 0;
  const cleared = new Set<number>();
  let requestId = 0;
  let socketId = 0;
  let opId = 0;

  /** Wraps one storage call: an output now, an input when it completes. */
  function storageOp<T>(op: StorageOp, key: string | undefined, call: () => Promise<T>, recordValue: boolean, wrap?: (value: T) => T): Promise<T> {
    const o = opId++;
    output({ k: 'op', o, op, ...(key !== undefined ? { key } : {}) });
    return new Promise<T>((resolve, reject) => {
      call().then(
        (value) => enqueue({ k: 'io', o, ...(recordValue && value !== undefined ? { v: value } : {}) }, () => resolve(wrap ? wrap(value) : value)),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          enqueue({ k: 'io', o, e: message }, () => reject(new Error(message)));
        },
      );
    });
  }

  const wrapLog = (store: LogStore): LogStore => ({
    load: () => storageOp('load', undefined, () => store.load(), true),
    append: (batch) => storageOp('append', undefined, () => store.append(batch), false),
    compact: (snapshot) => storageOp('compact', undefined, () => store.compact(snapshot), false),
    close: () => store.close(),
  });

  const wrapOutbox = (store: OutboxStore): OutboxStore => ({
    load: () => storageOp('oload', undefined, () => store.load(), true),
    put: (entry) => storageOp('oput', entry.id, () => store.put(entry), false),
    remove: (id) => storageOp('odel', id, () => store.remove(id), false),
    close: () => store.close(),
  });

  const storage: Storage = {
    openLog: (userGuid) => storageOp('open', userGuid, () => real.storage.openLog(userGuid), false, wrapLog),
    openOutbox: (userGuid) => storageOp('oopen', userGuid, () => real.storage.openOutbox(userGuid), false, wrapOutbox),
    getItem: <T,>(key: string) => storageOp('get', key, () => real.storage.getItem<T>(key), true),
    setItem: (key, value) => storageOp('set', key, () => real.storage.setItem(key, value), false),
    removeItem: (key) => storageOp('remove', key, () => real.storage.removeItem(key), false),
  };

  const openSocket = (url: string): SocketLike => {
    const s = socketId++;
    output({ k: 'sock', s, u: url });
    const ws = real.openSocket(url);
    // The core sees the socket's state as of the inputs delivered so far, not as of now.
    const proxy: SocketLike = {
      readyState: 0,
      send(data) {
        output({ k: 'send', s, x: data });
        try {
          ws.send(data);
        } catch {
          /* closing: the close input follows */
        }
      },
      close(code, reason) {
        output({ k: 'shut', s });
        (proxy as { readyState: number }).readyState = 2;
        ws.close(code, reason);
      },
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    };
    ws.onopen = () =>
      enqueue({ k: 'open', s }, () => {
        (proxy as { readyState: number }).readyState = 1;
        proxy.onopen?.({});
      });
    ws.onmessage = (ev) => enqueue({ k: 'frame', s, x: ev.data }, () => proxy.onmessage?.({ data: ev.data }));
    ws.onerror = () => {};
    ws.onclose = () =>
      enqueue({ k: 'close', s }, () => {
        (proxy as { readyState: number }).readyState = 3;
        proxy.onclose?.({});
      });
    return proxy;
  };

  const deps: CoreDeps = {
    ...real,
    clock: {
      now: () => pinned,
      setTimeout(fn, ms) {
        const id = timerId++;
        real.clock.setTimeout(() => {
          if (!cleared.has(id)) enqueue({ k: 'timer', id }, () => !cleared.has(id) && fn());
        }, ms);
        return id;
      },
      clearTimeout(handle) {
        if (typeof handle === 'number') cleared.add(handle);
      },
    },
    random: {
      uuid() {
        const v = real.random.uuid();
        output({ k: 'uuid', v });
        return v;
      },
    },
    http(url, body, headers, method) {
      const r = requestId++;
      const p = url.startsWith(real.baseUrl) ? url.slice(real.baseUrl.length) : url;
      // A sign-in's address, as its $signIn intent was recorded (the password goes by its key).
      const signIn = p === LOGIN_PATH && typeof body === 'object' && body !== null;
      output({ k: 'req', r, p, b: signIn ? { ...body, email: redactor.signInEmail((body as { email?: unknown }).email) } : body });
      return new Promise((resolve, reject) => {
        // The method is not recorded: it follows from the path (protocol/rest/endpoints.ts).
        real.http(url, body, headers, method).then(
          (response) => {
            // A refused sign-in's answer might name the address; the core keeps nothing of it (an accepted one's user record it keeps, as it came).
            const b = signIn && response.status !== 200 ? redactor.withoutSignInEmails(response.body) : response.body;
            enqueue({ k: 'res', r, st: response.status, b }, () => resolve(response));
          },
          (error: unknown) => {
            const m = error instanceof Error ? error.message : String(error);
            enqueue({ k: 'neterr', r, m }, () => reject(new Error(m)));
          },
        );
      });
    },
    openSocket,
    storage,
  };

  return {
    deps,
    attach(attached) {
      core = attached;
      const header: SessionHeader = { format: SESSION_FORMAT, version: SESSION_FORMAT_VERSION, app: options.app, schema: LOG_SCHEMA_VERSION, started: real.clock.now(), user: null };
      write(header);
      enqueue({ k: 'intent', m: '$boot', a: [] }, () => void attached.start());
      const api = attached.api;
      const recorded = {} as Record<string, unknown>;
      for (const method of Object.keys(api) as (keyof CoreApi)[]) {
        if (method === '$subscribe') {
          recorded[method] = api[method];
          continue;
        }
        recorded[method] = (...args: unknown[]) =>
          new Promise((resolve, reject) => {
            // What was typed to sign in is redacted by position, not by key: it may be someone else's (redactor.ts).
            const a = method === '$signIn' ? [redactor.signInEmail(args[0]), redactor.signInPassword(args[1]), ...args.slice(2)] : args;
            enqueue({ k: 'intent', m: method, a }, () => (api[method] as (...x: unknown[]) => Promise<unknown>)(...args).then(resolve, reject));
          });
      }
      return recorded as unknown as CoreApi;
    },
    footer() {
      digest();
      const hashes = core ? projectionHashes(core.projections, HASH) : null;
      const footer: SessionFooter = { k: 'end', inputs, events: core?.log.length ?? 0, hash: hashes?.all ?? hashText('', HASH), projections: hashes?.each ?? {} };
      return JSON.stringify(footer);
    },
    get inputs() {
      return inputs;
    },
    get waiting() {
      return queue.length;
    },
  };
}
