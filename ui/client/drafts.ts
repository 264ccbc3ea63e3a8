/**
 * Composer drafts per conversation, kept on the main thread (they are UI
 * state, not domain events) and persisted in localStorage so that switching
 * channels or reloading never loses typed text.
 *
 * Drafts are the signed-in user's own: each user's are stored under a key of
 * their own, so whoever signs in next in the same browser neither sees them
 * nor sends them as theirs. Several tabs of one user share the stored drafts:
 * a write changes only its own draft in what is stored (never the whole set
 * as this tab last saw it), and a tab takes in what another one wrote.
 *
 * Nothing typed is dropped by the app: a draft goes when it is sent or when
 * the user discards it. A thread's reply draft names its conversation in its
 * key, so that when the thread's first message is deleted the reply can still
 * be shown there (DeletedThreadReplies.tsx, ThreadPanel.tsx) until the user
 * copies it away and discards it.
 */
import { effect, signal, type Signal } from '@preact/signals-react';
import type { ViewStore } from './view-store';

/** Drafts written before they were kept per user; the first user to sign in adopts them. */
export const DRAFTS_STORAGE_KEY = 'plaza.drafts';

/** Where one user's drafts are stored. */
export const draftsStorageKey = (userGuid: string): string => `${DRAFTS_STORAGE_KEY}:${userGuid}`;

/** The drafts key of a thread's reply composer: its conversation and the guid of the thread's first message. */
export const threadDraftKey = (address: string, guid: string): string => `thread:${address}/${guid}`;

/** Where a thread's reply draft was kept before its key named the conversation; adopted when the thread opens. */
export const legacyThreadDraftKey = (guid: string): string => `thread:${guid}`;

/** A thread's reply draft. `address` is null for one kept under its legacy key, which does not say where it belongs. */
export interface ThreadDraft {
  key: string;
  address: string | null;
  guid: string;
  text: string;
}

/** The reply drafts of threads in `address`, and those whose conversation is not known (legacy keys). */
export function threadDraftsIn(byAddress: Readonly<Record<string, string>>, address: string): ThreadDraft[] {
  const found: ThreadDraft[] = [];
  for (const [key, text] of Object.entries(byAddress)) {
    const match = /^thread:(?:([^/]+)\/)?(.+)$/.exec(key);
    if (!match || (match[1] !== undefined && match[1] !== address)) continue;
    found.push({ key, address: match[1] ?? null, guid: match[2]!, text });
  }
  return found;
}

export interface Drafts {
  /** Draft text by conversation address; absent means empty. */
  byAddress: Signal<Readonly<Record<string, string>>>;
  get(address: string): string;
  set(address: string, text: string): void;
  clear(address: string): void;
  /** Moves the draft under `from` to `to`, after any text already there (nothing is lost when both have some). */
  move(from: string, to: string): void;
  /** Whose drafts these are (null: nobody signed in, nothing is stored); switching user shows theirs. */
  setUser(userGuid: string | null): void;
  /** Reads the stored drafts again: another tab wrote them (its `storage` event's key). */
  reloadFrom(storageKey: string | null): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The drafts stored under `key`; null when the storage cannot be read (or there is none). */
function load(storage: KeyValueStorage | null, key: string): Record<string, string> | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  try {
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const drafts: Record<string, string> = {};
    for (const [address, text] of Object.entries(parsed)) if (typeof text === 'string' && text !== '') drafts[address] = text;
    return drafts;
  } catch {
    // Corrupt storage: start without drafts rather than failing the page.
    return {};
  }
}

/** Drafts backed by `storage` (null: in memory only, e.g. storage disabled), empty until `setUser`. */
export function createDrafts(storage: KeyValueStorage | null = safeLocalStorage()): Drafts {
  const byAddress = signal<Readonly<Record<string, string>>>({});
  let key: string | null = null;

  /** Sets drafts ('' removes one) in what is stored now, which other tabs may have changed meanwhile. */
  const persist = (changes: Readonly<Record<string, string>>): void => {
    // Nobody signed in, or storage unreadable: this tab's own drafts are the only ones there are.
    const next = { ...((key === null ? null : load(storage, key)) ?? byAddress.value) };
    for (const [address, text] of Object.entries(changes)) {
      if (text === '') delete next[address];
      else next[address] = text;
    }
    byAddress.value = next;
    if (key === null) return;
    try {
      if (Object.keys(next).length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Quota exceeded or storage disabled: the draft still lives in memory.
    }
  };

  return {
    byAddress,
    get: (address) => byAddress.value[address] ?? '',
    set(address, text) {
      if (text === '') return this.clear(address);
      if (byAddress.value[address] === text) return;
      persist({ [address]: text });
    },
    clear(address) {
      if (!(address in byAddress.value)) return;
      persist({ [address]: '' });
    },
    move(from, to) {
      const moved = byAddress.value[from];
      if (moved === undefined || from === to) return;
      const there = byAddress.value[to];
      persist({ [from]: '', [to]: there === undefined ? moved : `${there}\n${moved}` });
    },
    setUser(userGuid) {
      const next = userGuid === null ? null : draftsStorageKey(userGuid);
      if (next === key) return;
      key = next;
      if (key !== null) adoptUnscopedDrafts(storage, key);
      byAddress.value = (key === null ? null : load(storage, key)) ?? {};
    },
    reloadFrom(storageKey) {
      // null: another tab cleared the whole storage.
      if (key !== null && (storageKey === null || storageKey === key)) byAddress.value = load(storage, key) ?? byAddress.value;
    },
  };
}

/** Drafts stored before they were per user belong to whoever signs in first (usually the browser's only user). */
function adoptUnscopedDrafts(storage: KeyValueStorage | null, key: string): void {
  try {
    const unscoped = storage?.getItem(DRAFTS_STORAGE_KEY);
    if (!unscoped) return;
    if (!storage?.getItem(key)) storage?.setItem(key, unscoped);
    storage?.removeItem(DRAFTS_STORAGE_KEY);
  } catch {
    // Unreadable storage: there is nothing to adopt.
  }
}

/** Keeps `drafts` on the signed-in user's and in step with the user's other tabs; returns the unsubscribe. */
export function watchDrafts(drafts: Drafts, store: Pick<ViewStore, 'session'>, win: Window = window): () => void {
  const stopUser = effect(() => drafts.setUser(store.session.value.user?.guid ?? null));
  const onStorage = (e: StorageEvent): void => drafts.reloadFrom(e.key);
  win.addEventListener('storage', onStorage);
  return () => {
    stopUser();
    win.removeEventListener('storage', onStorage);
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
