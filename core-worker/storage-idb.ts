/**
 * IndexedDB storage through idb. Each user has their own log database whose
 * `chunks` store holds batches of envelopes keyed by their first seq, so
 * appending 1,000 events costs one transaction, not 1,000.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { LOG_SCHEMA_VERSION, type Envelope } from '../protocol/events';
import type { LogStore, Storage } from './ports';

interface LogDb extends DBSchema {
  chunks: { key: number; value: { firstSeq: number; lastSeq: number; events: Envelope[] } };
  meta: { key: string; value: number };
}

interface CoreDb extends DBSchema {
  kv: { key: string; value: unknown };
}

async function openLogDb(userGuid: string): Promise<IDBPDatabase<LogDb>> {
  const db = await openDB<LogDb>(`plaza-log-${userGuid}`, 1, {
    upgrade(db) {
      db.createObjectStore('chunks', { keyPath: 'firstSeq' });
      db.createObjectStore('meta');
    },
  });
  // A log written by another schema version is a stale cache: drop it, the server has the truth.
  const version = await db.get('meta', 'schema');
  if (version !== LOG_SCHEMA_VERSION) {
    const tx = db.transaction(['chunks', 'meta'], 'readwrite');
    await tx.objectStore('chunks').clear();
    await tx.objectStore('meta').put(LOG_SCHEMA_VERSION, 'schema');
    await tx.done;
  }
  return db;
}

export async function createIdbStorage(): Promise<Storage> {
  const core = await openDB<CoreDb>('plaza', 1, {
    upgrade(db) {
      db.createObjectStore('kv');
    },
  });
  return {
    async openLog(userGuid: string): Promise<LogStore> {
      const db = await openLogDb(userGuid);
      return {
        async load() {
          const chunks = await db.getAll('chunks');
          return chunks.flatMap((c) => c.events);
        },
        async append(batch) {
          if (batch.length === 0) return;
          await db.put('chunks', { firstSeq: batch[0]!.seq, lastSeq: batch[batch.length - 1]!.seq, events: [...batch] });
        },
        close() {
          db.close();
        },
      };
    },
    async getItem<T>(key: string) {
      return (await core.get('kv', key)) as T | undefined;
    },
    async setItem(key, value) {
      await core.put('kv', value, key);
    },
    async removeItem(key) {
      await core.delete('kv', key);
    },
  };
}
