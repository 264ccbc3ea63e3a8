/** In-memory storage: Node tests and replay. Same contract as the IndexedDB one. */
import type { Envelope } from '../protocol/events';
import { storedValue, type LogStore, type OutboxStore, type Storage, type StoredOutboxEntry } from './ports';

export interface MemoryStorage extends Storage {
  /** The stored chunks per user, to inspect in tests. */
  chunks: Map<string, Envelope[][]>;
  /** The stored snapshot per user (a `log.snapshot` envelope). */
  snapshots: Map<string, Envelope>;
  /** The stored outbox entries per user, by id, to inspect in tests (and to give owners, as tabs' stores do). */
  outboxes: Map<string, Map<string, StoredOutboxEntry>>;
}

export function createMemoryStorage(): MemoryStorage {
  const items = new Map<string, unknown>();
  const chunks = new Map<string, Envelope[][]>();
  const snapshots = new Map<string, Envelope>();
  const outboxes = new Map<string, Map<string, StoredOutboxEntry>>();
  return {
    chunks,
    snapshots,
    outboxes,
    async openOutbox(userGuid: string): Promise<OutboxStore> {
      if (!outboxes.has(userGuid)) outboxes.set(userGuid, new Map());
      const entries = outboxes.get(userGuid)!;
      return {
        async load() {
          return structuredClone([...entries.values()]);
        },
        async put(entry) {
          entries.set(entry.id, structuredClone(entry));
        },
        async remove(id) {
          entries.delete(id);
        },
        close() {},
      };
    },
    async openLog(userGuid: string): Promise<LogStore> {
      if (!chunks.has(userGuid)) chunks.set(userGuid, []);
      const list = chunks.get(userGuid)!;
      return {
        async load() {
          const snapshot = snapshots.get(userGuid);
          const after = snapshot?.seq ?? 0;
          return structuredClone([...(snapshot ? [snapshot] : []), ...list.flat().filter((e) => e.seq > after)]);
        },
        async append(batch) {
          list.push(structuredClone([...batch]));
        },
        async compact(snapshot) {
          snapshots.set(userGuid, structuredClone(snapshot));
          const kept = list.filter((chunk) => chunk.at(-1)!.seq > snapshot.seq);
          list.splice(0, list.length, ...kept);
        },
        close() {},
      };
    },
    async getItem<T>(key: string) {
      return structuredClone(items.get(key)) as T | undefined;
    },
    async setItem(key, value) {
      items.set(key, structuredClone(storedValue(value)));
    },
    async removeItem(key) {
      items.delete(key);
    },
  };
}
