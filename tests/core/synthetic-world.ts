/**
 * A recorded core in an in-memory world: scripted sign-in, channel list and
 * directory, one fake socket the caller feeds frames into (it answers the
 * keepalive's CHK with an ACK, as a healthy server does), a clock the caller
 * moves. For recorder tests and the replay benchmark.
 *
 * With `timers: true` time runs as it does live: `advanceTo` fires every timer
 * the core set that is due by then, in order, each at its own time (the log's
 * writes, typing expiry, compaction, keepalive, the view cache). Without it no
 * timer ever fires — a session that cannot happen live (compaction never runs,
 * so the state grows without the core's bounds), kept as the worst case.
 */
import { createCore, type Core } from '../../core-worker/core';
import type { SocketLike } from '../../core-worker/ports';
import { createRecorder, type Recorder } from '../../core-worker/recorder';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { FakeSocket } from './harness';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
export const settleMany = async (times = 20): Promise<void> => {
  for (let i = 0; i < times; i++) await settle();
};

export interface SyntheticWorld {
  core: Core;
  recorder: Recorder;
  /** The session file so far, footer included. */
  file(): string;
  socket(): FakeSocket;
  /** Sets the clock (timers due by then fire at the next `advanceTo`). */
  at(time: number): void;
  /** Moves the clock to `time`, firing each due timer at its own time and letting the core settle after each. */
  advanceTo(time: number): Promise<void>;
  /** Resolves once the core has taken every input waiting and settled. */
  idle(): Promise<void>;
}

/** Timers of the virtual clock, earliest first (a binary heap on due time, then the order they were set). */
class TimerHeap {
  private items: { at: number; order: number; fn: () => void }[] = [];
  private order = 0;
  push(at: number, fn: () => void): void {
    const items = this.items;
    items.push({ at, order: this.order++, fn });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }
  /** The earliest timer's due time, or Infinity. */
  peek(): number {
    return this.items[0]?.at ?? Infinity;
  }
  pop(): (() => void) | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (!top || !last) return undefined;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.before(l, m)) m = l;
        if (r < items.length && this.before(r, m)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top.fn;
  }
  private before(a: number, b: number): boolean {
    const x = this.items[a]!;
    const y = this.items[b]!;
    return x.at < y.at || (x.at === y.at && x.order < y.order);
  }
}

/** Signs Bob in to a world of `channels` team channels and opens the socket. */
export async function startSyntheticWorld(options: { channels: number; start?: number; app?: string; timers?: boolean }): Promise<SyntheticWorld> {
  const lines: string[] = [];
  const timers = new TimerHeap();
  let socket: FakeSocket | null = null;
  let uuid = 0;
  let now = options.start ?? 1_800_000_000_000;
  const user = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'B', name: 'Bob B', company_guid: 'acme' };
  const channels = Array.from({ length: options.channels }, (_, i) => ({ guid: `g${i}`, address: `c${i}`, name: `Channel ${i}`, channel_type: 1, etype: 'channel' }));
  const recorder = createRecorder(
    {
      clock: {
        now: () => now,
        // The recorder never clears a real timer: it drops a cleared one's input itself.
        setTimeout: (fn, ms) => {
          if (options.timers) timers.push(now + Math.max(0, ms), fn);
          return 0;
        },
        clearTimeout: () => {},
      },
      random: { uuid: () => `u${++uuid}` },
      http: async (url, body) => {
        if (url.endsWith('/data/login')) return { status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-token-token-token', user } };
        if (url.endsWith('/channels/list')) return { status: 200, body: { isOk: true, channels } };
        // The change feed holds nothing the socket did not bring: the catch-up finds the client current.
        if (url.endsWith('/messages/changes')) return { status: 200, body: { isOk: true, messages: [], deleted: [], cursor: (body as { since?: number | null }).since ?? 0, has_more: false } };
        // History the socket did not bring: none (the conversations start with the session).
        if (url.endsWith('/messages/history')) return { status: 200, body: { isOk: true, data: [], page_size: 50 } };
        return { status: 200, body: { isOk: true, users: [user] } };
      },
      openSocket: (url) => (socket = new FakeSocket(url)) as SocketLike,
      storage: createMemoryStorage(),
      logger: { warn: () => {}, info: () => {} },
      baseUrl: 'http://synthetic',
      scheduleFrame: () => () => {},
    },
    { app: options.app ?? 'plaza-synthetic', settle: (fn) => setImmediate(fn), write: (l) => lines.push(l) },
  );
  /**
   * Lets the core take every input waiting and settle, as a browser's event loop does between tasks: the
   * recorder delivers one input per settle (a burst of frames at once), so without this storage results
   * and timers would wait behind each other, and arrive late in the session's time.
   */
  async function idle(): Promise<void> {
    for (let quiet = 0; quiet < 2; ) {
      await settle();
      quiet = recorder.waiting === 0 ? quiet + 1 : 0;
    }
  }
  const core = createCore(recorder.deps);
  const api = recorder.attach(core);
  const signedIn = await api.$signIn('bob@acme.test', 'password');
  if (!signedIn.ok) throw new Error(signedIn.error.message);
  await settleMany();
  socket!.open();
  await settleMany();
  return {
    core,
    recorder,
    file: () => {
      // The footer first: it writes the digest of the last input's events before it.
      const footer = recorder.footer();
      return [...lines, footer].join('\n') + '\n';
    },
    socket: () => socket!,
    at: (time) => {
      now = time;
    },
    async advanceTo(time) {
      while (timers.peek() <= time) {
        now = Math.max(now, timers.peek());
        timers.pop()!();
        await idle();
      }
      now = Math.max(now, time);
    },
    idle,
  };
}
