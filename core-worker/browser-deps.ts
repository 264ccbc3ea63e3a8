/** The real-world dependencies of the core inside a browser worker. */
import { tabsOf } from '../protocol/core-api';
import { createFrameScheduler } from './frame-scheduler';
import type { Clock, CoreDeps, FrameScheduler, HttpPost, Logger, SocketLike, Storage } from './ports';
import type { LiveRecordings } from './recording-store';
import { createRequestScheduler } from './request-scheduler';

/**
 * A request without an answer after this long fails as a network error (and is retried where that
 * applies): over a connection that died silently, fetch would otherwise wait for minutes.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** One call with fetch (POST with JSON, or GET); a 429 also reports its Retry-After for the scheduler. */
export const browserHttp: HttpPost = async (url, body, headers, method = 'POST') => {
  const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const init: RequestInit = method === 'GET' ? { method, headers, credentials: 'same-origin', signal } : { method, headers, body: JSON.stringify(body), credentials: 'same-origin', signal };
  const response = await fetch(url, init);
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, ...(response.status === 429 ? { retryAfter: response.headers.get('retry-after') } : {}) };
};

/** The worker's frame scheduler. */
export const frameScheduler: FrameScheduler = createFrameScheduler({
  now: () => performance.now(),
  requestAnimationFrame: typeof requestAnimationFrame === 'function' ? (fn) => requestAnimationFrame(fn) : undefined,
  cancelAnimationFrame: typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : undefined,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
});

/** Storage whose IndexedDB opens lazily: the worker can expose its API before the database is ready. */
export function lazyStorage(opening: Promise<Storage>): Storage {
  return {
    openLog: async (userGuid) => (await opening).openLog(userGuid),
    openOutbox: async (userGuid) => (await opening).openOutbox(userGuid),
    getItem: async <T>(key: string) => (await opening).getItem<T>(key),
    setItem: async (key, value) => (await opening).setItem(key, value),
    removeItem: async (key) => (await opening).removeItem(key),
  };
}

export function browserDeps(storage: Storage): CoreDeps {
  const clock: Clock = {
    now: () => Date.now(),
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const logger: Logger = { warn: (m) => console.warn(`[plaza-core] ${m}`), info: (m) => console.info(`[plaza-core] ${m}`) };
  return {
    clock,
    random: { uuid: () => crypto.randomUUID() },
    // Below the recorder: the scheduler's timing never reaches the recorded core (request-scheduler.ts).
    http: createRequestScheduler(browserHttp, { clock, logger }).http,
    // The browser's WebSocket has the handler properties SocketLike names; its Event types are just richer.
    openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    storage,
    logger,
    baseUrl: self.location.origin,
    scheduleFrame: frameScheduler,
    wallClock: () => performance.timeOrigin + performance.now(),
  };
}

export { settleAfterMicrotasks } from './settle';

/** The tabs of a user holding their tab lock now (ui/client/outbox-handoff.ts), besides this one (`own`): none without Web Locks. */
export function webLockLiveTabs(own: string | undefined): (userGuid: string) => Promise<ReadonlySet<string>> {
  return async (userGuid) => {
    const locks = (self.navigator as Partial<WorkerNavigator>).locks;
    if (!locks) return new Set();
    const held = ((await locks.query()).held ?? []).map((lock) => lock.name);
    return new Set(tabsOf(userGuid, held).filter((tab) => tab !== own));
  };
}

const RECORDING_LOCK = 'plaza-recording:';

/**
 * Live recordings as Web Locks: a worker holds one lock per recording it writes until it stops or
 * ends (the browser releases a closed or crashed tab's locks; a frozen tab keeps them). Every tab
 * sees every tab's locks, so eviction can skip recordings still being written.
 */
export function webLockLiveRecordings(): LiveRecordings | undefined {
  const locks = (self.navigator as Partial<WorkerNavigator>).locks;
  if (!locks) return undefined;
  return {
    hold(id) {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      void locks.request(`${RECORDING_LOCK}${id}`, () => held).catch(() => {});
      return () => release();
    },
    async held() {
      const state = await locks.query();
      const names = (state.held ?? []).map((lock) => lock.name ?? '');
      return new Set(names.filter((name) => name.startsWith(RECORDING_LOCK)).map((name) => name.slice(RECORDING_LOCK.length)));
    },
  };
}
