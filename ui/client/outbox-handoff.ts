/**
 * Unsent changes a tab leaves behind — closed, crashed or discarded — are handed to the user's other open tabs.
 *
 * Each tab's core keeps its outbox in the user's store, but reads the store only when it starts. So a post a
 * tab left unsent (offline, say) used to wait for the next tab to start — while the user, who saw it nowhere,
 * might type it again. Now the user's other tabs take over what the store holds that they do not know
 * ($adoptStoredOutbox, an intent, so a replay reads the store at the same point): it shows there as unsent and
 * goes out from there. The server takes a post once by its client_guid, and the other kinds are idempotent, so
 * a tab that was only reloading and sends it too does no harm.
 *
 * How a tab learns that another one is gone: **Web Locks**, which the browser releases when a tab closes,
 * crashes (renderer killed: no `pagehide`) or is discarded. Each signed-in tab holds `plaza.tab:{user}:{tab}`
 * for as long as it is signed in as that user. When it signs in it finds the user's other tabs with
 * `navigator.locks.query()`, and once it holds its lock it says `hello` on the BroadcastChannel so the tabs
 * already open learn of it. (Its channel is open before it queries, and a tab says hello only once it holds
 * its lock: of two tabs starting together, each either hears the other's hello or finds its lock.) It asks for
 * each other tab's lock and waits; being granted one means that tab is gone — it lets go at once and adopts
 * that tab's entries (each stored entry names the tab whose core stored it: tab-id.ts; a tab still open sends its own),
 * if still signed in as that user. Signing out, signing in as someone else or unmounting releases its own
 * lock and aborts its waits (so the user's other tabs adopt what it left, which is what they should do).
 *
 * Adopting once more, a second later: the worker writes each outbox change in an IndexedDB transaction of its
 * own (`core-worker/storage-idb.ts`), and the browser releasing a dead tab's lock is not ordered after that
 * tab's last transaction committing — a post queued just before a crash or a close can land in the store after
 * the lock was released, and be missed by a read made at once. (An entry is sent only once stored, so one that
 * has already failed to send is surely in the store; a write that never committed is lost with its tab
 * whatever the others do.) The second read costs one small store read and finds nothing new when there was no
 * race.
 *
 * The `pagehide` message stays: a tab closing with unsent changes still says `left-unsent`. Where Web Locks
 * exist it is not needed — the lock is released after `pagehide`, when the page is gone — but it is what
 * browsers without Web Locks have (there a crashed tab's changes wait for the next start, as before), and what
 * tabs of an older build still open understand (theirs names no tab: every entry is taken). A tab that hears both
 * adopts twice; the second finds nothing.
 *
 * A tab starting leaves alone the entries of the user's other tabs still open: its core's store marks them as
 * held elsewhere (their lock is held, core-worker/storage-idb.ts), and it waits for those tabs' locks like any
 * other's. This page queries the locks apart from the core's load, so a tab whose lock was released after the
 * load and before the query would be waited for by no one: the core worker waits for the locks of exactly the
 * tabs its load set aside, and says `tab-gone` on the channel when one is released (core-worker/tab-gone.ts
 * announceGoneTabs); this page then takes that tab's entries over as if its own wait had been granted.
 */
import { computed, effect } from '@preact/signals-react';
import { OUTBOX_HANDOFF_CHANNEL, tabLockName, tabsOf, type CoreApi, type TabGone } from '../../protocol/core-api';
import { TAB_ID } from './tab-id';
import type { ViewStore } from './view-store';

export { OUTBOX_HANDOFF_CHANNEL };

/** How many `tab-gone` messages for a user this page is not (yet) signed in as are kept. */
const EARLY_GONE_KEPT = 16;

/** How long after a tab's lock is released its store is read again, for a write that landed after the release. */
export const LATE_WRITE_RETRY_MS = 1_000;

/** What a closing tab says: whose changes it left unsent, and which tab it is (a tab of an older build does not say). */
interface LeftUnsent {
  type: 'left-unsent';
  user: string;
  tab?: string;
}

/** What a tab says once it holds its lock: the tabs already open watch it from then on. */
interface Hello {
  type: 'hello';
  user: string;
  tab: string;
}

const isMessage = (data: unknown): data is { type: unknown; user: unknown; tab?: unknown } => typeof data === 'object' && data !== null;
const isLeftUnsent = (data: unknown): data is LeftUnsent => isMessage(data) && data.type === 'left-unsent' && typeof data.user === 'string';
const isHello = (data: unknown): data is Hello => isMessage(data) && data.type === 'hello' && typeof data.user === 'string' && typeof data.tab === 'string';
const isTabGone = (data: unknown): data is TabGone => isMessage(data) && data.type === 'tab-gone' && typeof data.user === 'string' && typeof data.tab === 'string';

/** The part of `navigator.locks` used here. */
export interface TabLocks {
  request(name: string, options: { signal?: AbortSignal }, granted: () => unknown): Promise<unknown>;
  query(): Promise<{ held?: { name?: string }[] }>;
}

/** What the handoff needs of the page: `window` in the app, fakes in tests. */
export interface HandoffEnv {
  addEventListener(type: 'pagehide', listener: () => void): void;
  removeEventListener(type: 'pagehide', listener: () => void): void;
  BroadcastChannel?: new (name: string) => Pick<BroadcastChannel, 'postMessage' | 'close' | 'onmessage'>;
  /** Missing: no lock path, the `pagehide` message only. */
  locks?: TabLocks;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  /** This tab's id (tab-id.ts): in its lock's name, and with the outbox entries its core stores. */
  tabId: string;
}

function windowEnv(): HandoffEnv {
  return {
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    ...(typeof BroadcastChannel === 'function' ? { BroadcastChannel } : {}),
    ...(navigator.locks ? { locks: navigator.locks } : {}),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id as number),
    tabId: TAB_ID,
  };
}

/**
 * Says so when this tab closes with unsent changes, holds this tab's lock while it is signed in, and takes over
 * what another tab of the same user left when that tab is gone; returns the unsubscribe.
 */
export function watchOutboxHandoff(
  core: Pick<CoreApi, '$adoptStoredOutbox'>,
  store: Pick<ViewStore, 'session' | 'connection'>,
  env: HandoffEnv = windowEnv(),
): () => void {
  const Channel = env.BroadcastChannel;
  if (typeof Channel !== 'function') return () => {};
  const channel = new Channel(OUTBOX_HANDOFF_CHANNEL);
  const me = (): string | undefined => store.session.peek().user?.guid;
  /** The tabs watched for the user signed in now; null when signed out or without Web Locks. */
  let watcher: TabWatcher | null = null;

  /**
   * `tab-gone` heard before this page knows its user is that user (the core's load comes with the sign-in, the
   * session reaches the page a moment later): kept, and acted on if the page turns out to be that user's.
   */
  let earlyGone: TabGone[] = [];
  const tabGone = (tab: string): void => {
    if (tab === env.tabId) return;
    if (watcher) watcher.gone(tab);
    else void core.$adoptStoredOutbox(tab);
  };

  channel.onmessage = (e: MessageEvent<unknown>) => {
    const user = me();
    if (isTabGone(e.data) && e.data.user !== user) {
      earlyGone = [...earlyGone.slice(-(EARLY_GONE_KEPT - 1)), e.data];
      return;
    }
    if (user === undefined || !isMessage(e.data) || e.data.user !== user) return;
    if (isLeftUnsent(e.data)) void core.$adoptStoredOutbox(typeof e.data.tab === 'string' ? e.data.tab : undefined);
    else if (isHello(e.data)) watcher?.watch(e.data.tab);
    else if (isTabGone(e.data)) tabGone(e.data.tab);
  };
  const onPageHide = (): void => {
    const user = me();
    if (user !== undefined && store.connection.peek().unsent > 0) channel.postMessage({ type: 'left-unsent', user, tab: env.tabId } satisfies LeftUnsent);
  };
  env.addEventListener('pagehide', onPageHide);

  // Only a change of user re-runs this (not every session patch): releasing the lock tells the other tabs this one is gone.
  const user = computed(() => store.session.value.user?.guid);
  const locks = env.locks;
  const stopLocks = locks
    ? effect(() => {
        const guid = user.value;
        if (guid === undefined) return;
        const started = watchTabs(guid, env.tabId, locks, channel, env, (gone) => {
          if (me() === guid) void core.$adoptStoredOutbox(gone);
        });
        watcher = started;
        const heard = earlyGone.filter((m) => m.user === guid);
        earlyGone = earlyGone.filter((m) => m.user !== guid);
        for (const m of heard) tabGone(m.tab);
        return () => {
          started.stop();
          if (watcher === started) watcher = null;
        };
      })
    : () => {};

  return () => {
    stopLocks();
    env.removeEventListener('pagehide', onPageHide);
    channel.close();
  };
}

interface TabWatcher {
  /** Waits for the lock of tab `tab` of this user (once per tab); adopts when granted. */
  watch(tab: string): void;
  /** Tab `tab` is known to be gone: adopts its entries now and once more a second later. */
  gone(tab: string): void;
  /** Releases this tab's lock, stops waiting for the others' and cancels a pending second read. */
  stop(): void;
}

/** Holds this tab's lock for `user` and waits for the locks of the user's other tabs; `adopt`s a tab's entries when its lock is released. */
function watchTabs(
  user: string,
  self: string,
  locks: TabLocks,
  channel: Pick<BroadcastChannel, 'postMessage'>,
  env: Pick<HandoffEnv, 'setTimeout' | 'clearTimeout'>,
  adopt: (gone: string) => void,
): TabWatcher {
  const aborted = new AbortController();
  const { signal } = aborted;
  const watched = new Set<string>([self]);
  const retries = new Set<unknown>();
  const adoptNowAndLater = (gone: string): void => {
    adopt(gone);
    const retry = env.setTimeout(() => {
      retries.delete(retry);
      if (!signal.aborted) adopt(gone);
    }, LATE_WRITE_RETRY_MS);
    retries.add(retry);
  };
  // Rejected with an AbortError once stopped: nothing to do then.
  const quietly = (request: Promise<unknown>): void => void request.catch(() => {});

  const watch = (tab: string): void => {
    if (signal.aborted || watched.has(tab)) return;
    watched.add(tab);
    quietly(
      locks.request(tabLockName(user, tab), { signal }, () => {
        // Granted: that tab no longer holds its lock, so it is gone. Returning lets go of it at once.
        if (!signal.aborted) adoptNowAndLater(tab);
      }),
    );
  };

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  quietly(
    locks.request(tabLockName(user, self), { signal }, () => {
      if (signal.aborted) return;
      channel.postMessage({ type: 'hello', user, tab: self } satisfies Hello);
      return held;
    }),
  );
  quietly(
    locks.query().then((state) => {
      for (const tab of tabsOf(user, (state.held ?? []).map((lock) => lock.name))) watch(tab);
    }),
  );

  return {
    watch,
    gone: (tab) => {
      if (!signal.aborted) adoptNowAndLater(tab);
    },
    stop() {
      aborted.abort();
      release();
      for (const retry of retries) env.clearTimeout(retry);
      retries.clear();
    },
  };
}
