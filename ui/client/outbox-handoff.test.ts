import { signal } from '@preact/signals-react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionView, SessionView } from '../../protocol/views';
import { tabLockName } from '../../protocol/core-api';
import { announceGoneTabs } from '../../core-worker/tab-gone';
import { LATE_WRITE_RETRY_MS, OUTBOX_HANDOFF_CHANNEL, watchOutboxHandoff, type HandoffEnv, type TabLocks } from './outbox-handoff';

/**
 * The browser's Web Locks, shared by the tabs of one test: exclusive locks granted in request order, a
 * tab's locks released when its callback's promise settles or when the tab crashes, requests aborted by
 * their signal. Callbacks run in a microtask, as in browsers.
 */
class FakeLockWorld {
  private readonly held = new Map<string, { tab: string }>();
  private readonly waiting = new Map<string, { tab: string; grant: () => void; abort: () => void }[]>();

  manager(tab: string): TabLocks {
    return {
      request: (name, { signal }, granted) =>
        new Promise((resolve, reject) => {
          const abortError = () => new DOMException('aborted', 'AbortError');
          if (signal?.aborted) return reject(abortError());
          const request = {
            tab,
            grant: () => {
              const grant = { tab };
              this.held.set(name, grant);
              queueMicrotask(() => {
                void Promise.resolve(granted()).then((value) => {
                  if (this.held.get(name) === grant) this.release(name);
                  resolve(value);
                });
              });
            },
            abort: () => reject(abortError()),
          };
          signal?.addEventListener('abort', () => {
            const queue = this.waiting.get(name) ?? [];
            if (!queue.includes(request)) return;
            queue.splice(queue.indexOf(request), 1);
            request.abort();
          });
          if (this.held.has(name)) this.waiting.set(name, [...(this.waiting.get(name) ?? []), request]);
          else request.grant();
        }),
      query: async () => ({ held: [...this.held.keys()].map((name) => ({ name })) }),
    };
  }

  /** The renderer is gone: its locks are released and its waiting requests dropped, with no callback run. */
  crash(tab: string): void {
    for (const [name, queue] of this.waiting) this.waiting.set(name, queue.filter((r) => r.tab !== tab));
    for (const [name, grant] of [...this.held]) if (grant.tab === tab) this.release(name);
  }

  heldBy(tab: string): string[] {
    return [...this.held].filter(([, grant]) => grant.tab === tab).map(([name]) => name);
  }

  waitingOf(tab: string): string[] {
    return [...this.waiting].filter(([, queue]) => queue.some((r) => r.tab === tab)).map(([name]) => name);
  }

  private release(name: string): void {
    this.held.delete(name);
    const queue = this.waiting.get(name) ?? [];
    const next = queue.shift();
    if (queue.length === 0) this.waiting.delete(name);
    next?.grant();
  }
}

/** BroadcastChannel between the tabs of one test: a message reaches the other open channels of its name, in a microtask. */
function fakeChannels() {
  const open = new Set<FakeChannel>();
  class FakeChannel {
    onmessage: ((e: MessageEvent) => void) | null = null;
    constructor(readonly name: string) {
      open.add(this);
    }
    postMessage(data: unknown): void {
      for (const other of open) {
        if (other !== this && other.name === this.name) queueMicrotask(() => open.has(other) && other.onmessage?.({ data: structuredClone(data) } as MessageEvent));
      }
    }
    close(): void {
      open.delete(this);
    }
  }
  return FakeChannel;
}

/** Timers fired by hand. */
function fakeTimers() {
  const due = new Map<number, () => void>();
  let next = 0;
  return {
    setTimeout: (run: () => void) => (due.set(++next, run), next),
    clearTimeout: (id: unknown) => void due.delete(id as number),
    fireAll: () => {
      const runs = [...due.values()];
      due.clear();
      for (const run of runs) run();
    },
    pending: () => due.size,
  };
}

/** Lets every queued microtask (lock grants, channel messages, chained promises) run: a task queued after them, not a wait. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

const sessionOf = (user: string | null): SessionView =>
  ({ user: user ? { guid: user, name: user, email: `${user}@acme.test`, is_company_admin: false } : null }) as SessionView;

/** Every tab the test opened, unsubscribed after it. */
const tabs: { stop(): void }[] = [];

/** A browser: its locks (none for one without Web Locks), its channels, and the tabs opened in it. */
function browser({ webLocks = true } = {}) {
  const locks = new FakeLockWorld();
  const Channel = fakeChannels();
  let opened = 0;
  /** A tab: its page events, its timers, its core's calls, and what the page holds of session and connection. */
  function open(user: string | null, unsent = 0) {
    const id = `tab${++opened}`;
    const pagehide = new Set<() => void>();
    const timers = fakeTimers();
    const env: HandoffEnv = {
      addEventListener: (_type, fn) => void pagehide.add(fn),
      removeEventListener: (_type, fn) => void pagehide.delete(fn),
      BroadcastChannel: Channel as never,
      ...(webLocks ? { locks: locks.manager(id) } : {}),
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      tabId: id,
    };
    const calls: string[] = [];
    /** The tab each call named as gone (undefined: none named). */
    const from: (string | undefined)[] = [];
    const store = { session: signal(sessionOf(user)), connection: signal({ unsent } as ConnectionView) };
    let running = true;
    const adopt = async (fromTab?: string) => {
      calls.push('$adoptStoredOutbox');
      from.push(fromTab);
    };
    const unsubscribe = watchOutboxHandoff({ $adoptStoredOutbox: adopt }, store, env);
    const t = {
      id,
      calls,
      from,
      store,
      timers,
      stop: () => {
        if (running) unsubscribe();
        running = false;
      },
      /** Closed the ordinary way: pagehide, then the page and its locks go. */
      close: () => {
        for (const fn of pagehide) fn();
        t.crash();
      },
      /** Gone without a word (no pagehide): the browser drops its locks, then its page — channel, listeners — goes. */
      crash: () => {
        locks.crash(id);
        t.stop();
      },
    };
    tabs.push(t);
    return t;
  }
  return { locks, open, Channel };
}

afterEach(() => {
  for (const t of tabs.splice(0)) t.stop();
});

describe('unsent changes handed over between tabs: Web Locks', () => {
  it.each([
    ['was open first (found by query)', true],
    ['opened after it (heard by hello)', false],
  ])('a crashed tab’s changes are taken over by a tab of its user that %s; not by another user’s or a signed-out tab', async (_, crashingFirst) => {
    const b = browser();
    const crashing = crashingFirst ? b.open('bob', 1) : null;
    await settled();
    const sameUser = b.open('bob');
    const otherUser = b.open('alice');
    const signedOut = b.open(null);
    await settled();
    const gone = crashing ?? b.open('bob', 1);
    await settled();
    expect(b.locks.waitingOf(sameUser.id)).toEqual([tabLockName('bob', gone.id)]);
    expect(b.locks.waitingOf(otherUser.id)).toEqual([]);
    expect(b.locks.heldBy(signedOut.id)).toEqual([]);

    gone.crash();
    await settled();
    expect(sameUser.calls).toEqual(['$adoptStoredOutbox']);
    expect(b.locks.heldBy(sameUser.id)).toEqual([tabLockName('bob', sameUser.id)]); // let go of the crashed tab's at once
    // Once more a second later, for a write the crashed tab's worker committed after its lock was released.
    sameUser.timers.fireAll();
    expect(sameUser.calls).toEqual(['$adoptStoredOutbox', '$adoptStoredOutbox']);
    // Each time the crashed tab's entries only: the user's other tabs still open send their own.
    expect(sameUser.from).toEqual([gone.id, gone.id]);
    expect(otherUser.calls).toEqual([]);
    expect(signedOut.calls).toEqual([]);
  });

  it('two tabs opened together each learn of the other', async () => {
    const b = browser();
    const first = b.open('bob');
    const second = b.open('bob');
    await settled();
    expect(b.locks.waitingOf(first.id)).toEqual([tabLockName('bob', second.id)]);
    expect(b.locks.waitingOf(second.id)).toEqual([tabLockName('bob', first.id)]);
    first.crash();
    await settled();
    expect(second.calls).toEqual(['$adoptStoredOutbox']);
  });

  it('a tab that closes the ordinary way says so on pagehide too (for tabs without Web Locks or of an older build)', async () => {
    const b = browser();
    const closing = b.open('bob', 1);
    const other = b.open('bob');
    await settled();
    closing.close();
    await settled();
    // Both ways told it; the second read finds nothing new in the core.
    expect(other.calls).toEqual(['$adoptStoredOutbox', '$adoptStoredOutbox']);
  });

  it('a session patch that keeps the user keeps the lock: the other tabs do not take it for gone', async () => {
    const b = browser();
    const tab = b.open('bob');
    const other = b.open('bob');
    await settled();
    tab.store.session.value = { ...sessionOf('bob') };
    await settled();
    expect(b.locks.heldBy(tab.id)).toEqual([tabLockName('bob', tab.id)]);
    expect(other.calls).toEqual([]);
  });

  it('unsubscribing releases the tab’s lock and cancels its waits and its pending second read', async () => {
    const b = browser();
    const crashing = b.open('bob', 1);
    const leaving = b.open('bob');
    const staying = b.open('bob');
    await settled();
    expect(b.locks.waitingOf(leaving.id)).toHaveLength(2);
    crashing.crash();
    await settled();
    expect(leaving.calls).toEqual(['$adoptStoredOutbox']);
    expect(leaving.timers.pending()).toBe(1);

    leaving.stop();
    await settled();
    expect(b.locks.heldBy(leaving.id)).toEqual([]);
    expect(b.locks.waitingOf(leaving.id)).toEqual([]);
    expect(leaving.timers.pending()).toBe(0);
    // The user's other tab takes the one that left for gone, as it is.
    expect(staying.calls).toEqual(['$adoptStoredOutbox', '$adoptStoredOutbox']);
    leaving.timers.fireAll();
    expect(leaving.calls).toEqual(['$adoptStoredOutbox']);
  });

  it('signing out lets go of the user’s tabs; signing in as another user watches that user’s', async () => {
    const b = browser();
    const bobs = b.open('bob', 1);
    const alices = b.open('alice', 1);
    const switching = b.open('bob');
    await settled();
    switching.store.session.value = sessionOf(null);
    await settled();
    expect(b.locks.heldBy(switching.id)).toEqual([]);
    expect(b.locks.waitingOf(switching.id)).toEqual([]);
    expect(bobs.calls).toEqual(['$adoptStoredOutbox']); // what a signed-out tab left, its user's other tab sends

    switching.store.session.value = sessionOf('alice');
    await settled();
    expect(b.locks.heldBy(switching.id)).toEqual([tabLockName('alice', switching.id)]);
    bobs.crash();
    alices.crash();
    await settled();
    expect(switching.calls).toEqual(['$adoptStoredOutbox']); // Alice's, not Bob's
  });

  it('the second read is not made for a user no longer signed in', async () => {
    const b = browser();
    const crashing = b.open('bob', 1);
    const other = b.open('bob');
    await settled();
    crashing.crash();
    await settled();
    other.store.session.value = sessionOf(null);
    other.timers.fireAll();
    expect(other.calls).toEqual(['$adoptStoredOutbox']);
  });

  it('a lock whose name only starts with the user’s prefix is another user’s', async () => {
    const b = browser();
    const lookalike = b.open('bob:x');
    const bob = b.open('bob');
    await settled();
    expect(b.locks.waitingOf(bob.id)).toEqual([]);
    lookalike.crash();
    await settled();
    expect(bob.calls).toEqual([]);
  });
});

describe('unsent changes handed over between tabs: the tabs a starting core set aside', () => {
  /** The core worker's side (core-worker/tab-gone.ts), on this test's locks and channels, as tab `tab`'s worker. */
  const workerOf = (b: ReturnType<typeof browser>, tab: string) => {
    const locks = b.locks.manager(`${tab}-worker`);
    return announceGoneTabs({ request: (name, granted) => locks.request(name, {}, granted) }, b.Channel as never)!;
  };

  it('a tab gone after the new tab’s core set its entries aside, and before the new page looked for tabs, is still taken over', async () => {
    const b = browser();
    const gone = b.open('bob', 1);
    // The new tab's page is there (its channel open) but does not know its user yet: the sign-in is under way.
    const page = b.open(null);
    await settled();
    // Its core loads the store while the other tab's lock is held: that tab's entries are left to it.
    workerOf(b, 'tab-new')('bob', new Set([gone.id]));
    // The other tab goes before the page, signed in, queries the locks: the page finds no one to wait for.
    gone.crash();
    await settled();
    expect(page.calls).toEqual([]);
    page.store.session.value = sessionOf('bob');
    await settled();
    expect(b.locks.waitingOf(page.id)).toEqual([]);
    expect(page.from).toEqual([gone.id]);
    page.timers.fireAll(); // the second read, a moment later, as for a lock the page waited for itself
    expect(page.from).toEqual([gone.id, gone.id]);
  });

  it('a tab-gone for the user the page is signed in as is acted on at once; another user’s is not', async () => {
    const b = browser();
    const gone = b.open('bob', 1);
    await settled();
    const page = b.open('bob');
    const otherUser = b.open('alice');
    await settled();
    workerOf(b, 'tab-new')('bob', new Set([gone.id]));
    gone.crash();
    await settled();
    // The page waited for that lock itself too: each takeover reads the store, the second finds nothing.
    expect(new Set(page.from)).toEqual(new Set([gone.id]));
    expect(otherUser.calls).toEqual([]);
    otherUser.store.session.value = sessionOf('carol');
    await settled();
    expect(otherUser.calls).toEqual([]);
  });

  it('a tab still open is waited for, once however often it is set aside, and never named by its own worker’s page', async () => {
    const b = browser();
    const open = b.open('bob', 1);
    await settled();
    const worker = workerOf(b, 'tab-new');
    worker('bob', new Set([open.id]));
    worker('bob', new Set([open.id]));
    const page = b.open('bob');
    await settled();
    expect(b.locks.waitingOf(`tab-new-worker`)).toEqual([tabLockName('bob', open.id)]);
    expect(page.calls).toEqual([]);
    // A message naming this page's own tab is not for it.
    new b.Channel(OUTBOX_HANDOFF_CHANNEL).postMessage({ type: 'tab-gone', user: 'bob', tab: page.id });
    await settled();
    expect(page.calls).toEqual([]);
  });
});

describe('unsent changes handed over between tabs: no Web Locks (pagehide only)', () => {
  it('a tab closing with unsent changes has the same user’s other tabs take them over; another user’s tab ignores it', async () => {
    const b = browser({ webLocks: false });
    const closing = b.open('bob', 2);
    const sameUser = b.open('bob');
    const otherUser = b.open('alice');
    const signedOut = b.open(null);
    closing.close();
    await settled();
    expect(sameUser.calls).toEqual(['$adoptStoredOutbox']);
    expect(sameUser.from).toEqual([closing.id]);
    expect(sameUser.timers.pending()).toBe(0);
    expect(otherUser.calls).toEqual([]);
    expect(signedOut.calls).toEqual([]);
    expect(closing.calls).toEqual([]); // a channel does not hear its own messages
  });

  it('a tab of an older build, which does not say which tab it is, has every entry taken over', async () => {
    const b = browser({ webLocks: false });
    const staying = b.open('bob');
    const older = new b.Channel(OUTBOX_HANDOFF_CHANNEL);
    older.postMessage({ type: 'left-unsent', user: 'bob' });
    await settled();
    expect(staying.from).toEqual([undefined]);
    older.close();
  });

  it('a tab closing with nothing unsent says nothing', async () => {
    const b = browser({ webLocks: false });
    const closing = b.open('bob');
    const other = b.open('bob');
    closing.close();
    await settled();
    expect(other.calls).toEqual([]);
  });

  it('a tab no longer watching hears nothing', async () => {
    const b = browser({ webLocks: false });
    const closing = b.open('bob', 1);
    const other = b.open('bob');
    other.stop();
    closing.close();
    await settled();
    expect(other.calls).toEqual([]);
  });

  it('a crashed tab says nothing: what it left waits for the next start', async () => {
    const b = browser({ webLocks: false });
    const crashing = b.open('bob', 1);
    const other = b.open('bob');
    crashing.crash();
    await settled();
    expect(other.calls).toEqual([]);
  });
});

it('the channel is the one older builds listen on', () => {
  expect(OUTBOX_HANDOFF_CHANNEL).toBe('plaza.outbox-handoff');
  expect(LATE_WRITE_RETRY_MS).toBeLessThanOrEqual(2_000);
});
