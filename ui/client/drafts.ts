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
 * copies it away and discards it. Every draft is listed on the Drafts page
 * (DraftsView.tsx), most recently edited first.
 *
 * When each draft was last edited is stored beside the texts, under a key of
 * its own (`draftsEditedKey`), not inside them: the texts stay stored exactly
 * as before, so drafts stored before edit times existed load (they have no
 * time, and list after those that do), and a tab still running an older build
 * neither drops nor garbles them — it only leaves the times of its own edits
 * unwritten.
 */
import { batch, effect, signal, type Signal } from '@preact/signals-react';
import type { ViewStore } from './view-store';

/** Drafts written before they were kept per user; the first user to sign in adopts them. */
export const DRAFTS_STORAGE_KEY = 'plaza.drafts';

/** Where one user's drafts are stored. */
export const draftsStorageKey = (userGuid: string): string => `${DRAFTS_STORAGE_KEY}:${userGuid}`;

/** Where the times one user's drafts were last edited are stored (epoch ms by drafts key), beside `draftsStorageKey`. */
export const draftsEditedKey = (userGuid: string): string => editedKeyOf(draftsStorageKey(userGuid));
const editedKeyOf = (storageKey: string): string => `${storageKey}:edited`;

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

/**
 * Where the draft under `key` was typed: a conversation's composer (`thread` null), or a thread's reply composer
 * (`address` null for one kept under its legacy key, which does not say).
 */
export function draftPlace(key: string): { address: string | null; thread: string | null } {
  const match = /^thread:(?:([^/]+)\/)?(.+)$/.exec(key);
  return match ? { address: match[1] ?? null, thread: match[2]! } : { address: key, thread: null };
}

/** The reply drafts of threads in `address`, and those whose conversation is not known (legacy keys). */
export function threadDraftsIn(byAddress: Readonly<Record<string, string>>, address: string): ThreadDraft[] {
  const found: ThreadDraft[] = [];
  for (const [key, text] of Object.entries(byAddress)) {
    const place = draftPlace(key);
    if (place.thread === null || (place.address !== null && place.address !== address)) continue;
    found.push({ key, address: place.address, guid: place.thread, text });
  }
  return found;
}

export interface Drafts {
  /** Draft text by conversation address; absent means empty. */
  byAddress: Signal<Readonly<Record<string, string>>>;
  /** When each draft was last edited (epoch ms) by the same keys; absent for one stored before edit times were kept. */
  editedAt: Signal<Readonly<Record<string, number>>>;
  get(address: string): string;
  set(address: string, text: string): void;
  clear(address: string): void;
  /** Moves the draft under `from` to `to`, after any text already there (nothing is lost when both have some). */
  move(from: string, to: string): void;
  /** Whose drafts these are (null: nobody signed in, nothing is stored); switching user shows theirs. */
  setUser(userGuid: string | null): void;
  /** Reads the stored drafts again: another tab wrote them (its `storage` event's key). */
  reloadFrom(storageKey: string | null): void;
  /** Asks the composer of draft `key` to take the keyboard when it next shows (the Drafts page's Open); the last ask wins. */
  resume(key: string): void;
  /** Whether the composer of draft `key` was asked to take the keyboard; true once per ask. */
  takeResume(key: string): boolean;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What is stored for one user: the texts, and when each was last edited. */
interface Stored {
  texts: Record<string, string>;
  edited: Record<string, number>;
}

/** The JSON object stored under `key` ({} when absent or corrupt); null when the storage cannot be read (or there is none). */
function loadObject(storage: KeyValueStorage | null, key: string): Record<string, unknown> | null {
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
    return typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) ? {} : (parsed as Record<string, unknown>);
  } catch {
    // Corrupt storage: start without drafts rather than failing the page.
    return {};
  }
}

/** The drafts stored under `key` and their edit times; null when the storage cannot be read (or there is none). */
function load(storage: KeyValueStorage | null, key: string): Stored | null {
  const rawTexts = loadObject(storage, key);
  if (rawTexts === null) return null;
  const texts: Record<string, string> = {};
  for (const [address, text] of Object.entries(rawTexts)) if (typeof text === 'string' && text !== '') texts[address] = text;
  // Only the times of drafts there are: a tab of an older build may have cleared one without its time.
  const edited: Record<string, number> = {};
  for (const [address, at] of Object.entries(loadObject(storage, editedKeyOf(key)) ?? {})) {
    if (address in texts && typeof at === 'number' && Number.isFinite(at)) edited[address] = at;
  }
  return { texts, edited };
}

export interface CreateDraftsOptions {
  /** The clock that dates an edit (epoch ms). */
  now?: () => number;
}

/** Drafts backed by `storage` (null: in memory only, e.g. storage disabled), empty until `setUser`. */
export function createDrafts(storage: KeyValueStorage | null = safeLocalStorage(), { now = Date.now }: CreateDraftsOptions = {}): Drafts {
  const byAddress = signal<Readonly<Record<string, string>>>({});
  const editedAt = signal<Readonly<Record<string, number>>>({});
  let key: string | null = null;
  let resuming: string | null = null;

  const show = (stored: Stored): void =>
    batch(() => {
      byAddress.value = stored.texts;
      editedAt.value = stored.edited;
    });

  /**
   * Sets drafts ('' removes one) in what is stored now, which other tabs may have changed meanwhile; each one set
   * gets the time given for it (none: the time it had).
   */
  const persist = (changes: Readonly<Record<string, string>>, times: Readonly<Record<string, number | undefined>>): void => {
    // Nobody signed in, or storage unreadable: this tab's own drafts are the only ones there are.
    const current = (key === null ? null : load(storage, key)) ?? { texts: byAddress.value, edited: editedAt.value };
    const texts = { ...current.texts };
    const edited = { ...current.edited };
    for (const [address, text] of Object.entries(changes)) {
      const at = times[address];
      if (text === '') {
        delete texts[address];
        delete edited[address];
      } else {
        texts[address] = text;
        if (at !== undefined) edited[address] = at;
      }
    }
    show({ texts, edited });
    if (key === null) return;
    try {
      if (Object.keys(texts).length === 0) storage?.removeItem(key);
      else storage?.setItem(key, JSON.stringify(texts));
      if (Object.keys(edited).length === 0) storage?.removeItem(editedKeyOf(key));
      else storage?.setItem(editedKeyOf(key), JSON.stringify(edited));
    } catch {
      // Quota exceeded or storage disabled: the draft still lives in memory.
    }
  };

  return {
    byAddress,
    editedAt,
    get: (address) => byAddress.value[address] ?? '',
    set(address, text) {
      if (text === '') return this.clear(address);
      if (byAddress.value[address] === text) return;
      persist({ [address]: text }, { [address]: now() });
    },
    clear(address) {
      if (!(address in byAddress.value)) return;
      persist({ [address]: '' }, {});
    },
    move(from, to) {
      const moved = byAddress.value[from];
      if (moved === undefined || from === to) return;
      const there = byAddress.value[to];
      // Moving is not editing: the text keeps the later of the two times it had.
      const times = [editedAt.value[from], editedAt.value[to]].filter((t) => t !== undefined);
      persist({ [from]: '', [to]: there === undefined ? moved : `${there}\n${moved}` }, { [to]: times.length ? Math.max(...times) : undefined });
    },
    setUser(userGuid) {
      const next = userGuid === null ? null : draftsStorageKey(userGuid);
      if (next === key) return;
      key = next;
      if (key !== null) adoptUnscopedDrafts(storage, key);
      show((key === null ? null : load(storage, key)) ?? { texts: {}, edited: {} });
    },
    reloadFrom(storageKey) {
      // null: another tab cleared the whole storage. Another tab writes the texts, then their times: either is news.
      if (key === null || (storageKey !== null && storageKey !== key && storageKey !== editedKeyOf(key))) return;
      const stored = load(storage, key);
      if (stored) show(stored);
    },
    resume(draftKey) {
      resuming = draftKey;
    },
    takeResume(draftKey) {
      if (resuming !== draftKey) return false;
      resuming = null;
      return true;
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
