/** The real-world dependencies of the core inside a browser worker. */
import type { CoreDeps, FrameScheduler, HttpPost, SocketLike, Storage } from './ports';
import type { LiveRecordings } from './recording-store';

export const browserHttp: HttpPost = async (url, body, headers, method = 'POST') => {
  const init: RequestInit = method === 'GET' ? { method, headers, credentials: 'same-origin' } : { method, headers, body: JSON.stringify(body), credentials: 'same-origin' };
  const response = await fetch(url, init);
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed };
};

/**
 * At most one UI update per animation frame. Workers get requestAnimationFrame
 * in Chromium and Firefox; a hidden page pauses it, so a 100 ms timer stands
 * in, and whichever comes first runs.
 */
export const frameScheduler: FrameScheduler = (fn) => {
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    fn();
  };
  const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : null;
  const timer = setTimeout(run, raf === null ? 16 : 100);
  return () => {
    done = true;
    if (raf !== null) cancelAnimationFrame(raf);
    clearTimeout(timer);
  };
};

/** Storage whose IndexedDB opens lazily: the worker can expose its API before the database is ready. */
export function lazyStorage(opening: Promise<Storage>): Storage {
  return {
    openLog: async (userGuid) => (await opening).openLog(userGuid),
    getItem: async <T>(key: string) => (await opening).getItem<T>(key),
    setItem: async (key, value) => (await opening).setItem(key, value),
    removeItem: async (key) => (await opening).removeItem(key),
  };
}

export function browserDeps(storage: Storage): CoreDeps {
  return {
    clock: {
      now: () => Date.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    random: { uuid: () => crypto.randomUUID() },
    http: browserHttp,
    // The browser's WebSocket has the handler properties SocketLike names; its Event types are just richer.
    openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    storage,
    logger: { warn: (m) => console.warn(`[plaza-core] ${m}`), info: (m) => console.info(`[plaza-core] ${m}`) },
    baseUrl: self.location.origin,
    scheduleFrame: frameScheduler,
  };
}

/** Runs `fn` in a new macrotask, after every pending microtask: a MessageChannel message (unclamped, unlike setTimeout). */
export const settleAfterMicrotasks = (() => {
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (fn: () => void): void => {
    queue.push(fn);
    channel.port2.postMessage(null);
  };
})();

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
