/**
 * Composer drafts per conversation, kept on the main thread (they are UI
 * state, not domain events) and persisted in localStorage so that switching
 * channels or reloading never loses typed text.
 */
import { signal, type Signal } from '@preact/signals-react';

export const DRAFTS_STORAGE_KEY = 'plaza.drafts';

export interface Drafts {
  /** Draft text by conversation address; absent means empty. */
  byAddress: Signal<Readonly<Record<string, string>>>;
  get(address: string): string;
  set(address: string, text: string): void;
  clear(address: string): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function load(storage: KeyValueStorage | null): Record<string, string> {
  try {
    const raw = storage?.getItem(DRAFTS_STORAGE_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const drafts: Record<string, string> = {};
    for (const [address, text] of Object.entries(parsed)) if (typeof text === 'string' && text !== '') drafts[address] = text;
    return drafts;
  } catch {
    // Corrupt or unreadable storage: start without drafts rather than failing the page.
    return {};
  }
}

/** Drafts backed by `storage` (null: in memory only, e.g. storage disabled). */
export function createDrafts(storage: KeyValueStorage | null = safeLocalStorage()): Drafts {
  const byAddress = signal<Readonly<Record<string, string>>>(load(storage));
  const persist = (next: Record<string, string>): void => {
    byAddress.value = next;
    try {
      if (Object.keys(next).length === 0) storage?.removeItem(DRAFTS_STORAGE_KEY);
      else storage?.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(next));
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
      persist({ ...byAddress.value, [address]: text });
    },
    clear(address) {
      if (!(address in byAddress.value)) return;
      const next = { ...byAddress.value };
      delete next[address];
      persist(next);
    },
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
