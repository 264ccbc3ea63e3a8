/** In-memory storage: Node tests and replay. Same contract as the IndexedDB one. */
import type { Envelope } from '../protocol/events';
import type { LogStore, Storage } from './ports';

export interface MemoryStorage extends Storage {
  /** The stored chunks per user, to inspect in tests. */
  chunks: Map<string, Envelope[][]>;
}

export function createMemoryStorage(): MemoryStorage {
  const items = new Map<string, unknown>();
  const chunks = new Map<string, Envelope[][]>();
  return {
    chunks,
    async openLog(userGuid: string): Promise<LogStore> {
      if (!chunks.has(userGuid)) chunks.set(userGuid, []);
      const list = chunks.get(userGuid)!;
      return {
        async load() {
          return structuredClone(list.flat());
        },
        async append(batch) {
          list.push(structuredClone([...batch]));
        },
        close() {},
      };
    },
    async getItem<T>(key: string) {
      return structuredClone(items.get(key)) as T | undefined;
    },
    async setItem(key, value) {
      items.set(key, structuredClone(value));
    },
    async removeItem(key) {
      items.delete(key);
    },
  };
}
