/**
 * The first paint of a cold start, before the core's code has loaded. The worker's entry (worker.ts) is a few
 * kilobytes: it runs this, then loads the core (core-main.ts: ~390 KB to compile, then ~35 ms to evaluate, most
 * of it building zod's schemas). This opens the core's key-value database at once and reads the keys a start
 * reads first — the device id, the credentials, the sidebar as last shown — in one transaction, and posts the
 * page the stored sidebar's JSON text if it is the stored user's (EarlyViewsMessage), so the conversation list
 * paints while the core is still loading.
 *
 * The core still reads those keys itself, as ever, and a recording records its reads: the store answers each
 * key's first read with what was read here (storage-idb.ts), unless the core wrote the key first. Nothing here
 * is state: the core's own first patch replaces what the page shows.
 *
 * Imports only idb and modules without zod: everything imported here is evaluated before the reads begin.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EarlyViewsMessage } from '../protocol/core-api';
import { BOOT_KEYS, CREDENTIALS_KEY, VIEW_CACHE_KEY } from './boot-keys';
import { usableCache, type StoredViewCache } from './view-cache';

export interface CoreDb extends DBSchema {
  kv: { key: string; value: unknown };
}

/** The core's key-value database: credentials, the device id, the sidebar cache. */
export function openCoreDb(): Promise<IDBPDatabase<CoreDb>> {
  return openDB<CoreDb>('plaza', 1, {
    upgrade(db) {
      db.createObjectStore('kv');
    },
  });
}

export interface EarlyReads {
  /** The database, opened. */
  readonly db: Promise<IDBPDatabase<CoreDb>>;
  /** The value read early for `key`, once; undefined if none was (or it was taken or dropped). */
  take(key: string): Promise<unknown> | undefined;
  /** Drops the early read of `key` (it is being written). */
  drop(key: string): void;
}

/** Opens the database and reads the boot keys in one read-only transaction; posts the stored sidebar when it is usable. */
export function startEarlyViews(post: (message: EarlyViewsMessage) => void): EarlyReads {
  const db = openCoreDb();
  const store = db.then((opened) => opened.transaction('kv', 'readonly').store);
  const reads = new Map<string, Promise<unknown>>();
  for (const key of BOOT_KEYS) {
    const read = store.then((kv) => kv.get(key));
    // A failed read is no one's error: the store reads again when asked (storage-idb.ts).
    read.catch(() => {});
    reads.set(key, read);
  }
  db.catch(() => {});
  const credentials = reads.get(CREDENTIALS_KEY);
  const cache = reads.get(VIEW_CACHE_KEY);
  if (credentials && cache) {
    void Promise.all([credentials, cache]).then(
      ([stored, cached]) => {
        const user = (stored as { user_guid?: unknown } | undefined)?.user_guid;
        const text = typeof user === 'string' ? usableCache(cached as StoredViewCache | undefined, user) : undefined;
        if (text !== undefined) post({ plazaEarlyViews: text });
      },
      () => {},
    );
  }
  return {
    db,
    take(key) {
      const read = reads.get(key);
      reads.delete(key);
      return read;
    },
    drop(key) {
      reads.delete(key);
    },
  };
}
