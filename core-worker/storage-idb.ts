/**
 * IndexedDB storage through idb — the only file in core-worker that touches
 * IndexedDB. Each user has their own log database whose `chunks` store holds
 * batches of envelopes keyed by their first seq, so appending 1,000 events
 * costs one transaction, not 1,000. Each user's outbox has a database of its
 * own (`plaza-outbox-{user}`, entries by id): it is the source of truth for
 * unsent mutations, written before they are sent, and survives the log being
 * dropped for a schema change. Session recordings have a database of their
 * own (`plaza-recordings`): chunks of lines keyed [session id, chunk number]
 * and an index of sessions.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { LOG_SCHEMA_VERSION, type Envelope } from '../protocol/events';
import { openCoreDb, type EarlyReads } from './early-views';
import { storedValue, type LogStore, type OutboxStore, type Storage, type StoredOutboxEntry } from './ports';
import { byRecordingStart, type RecordingMeta, type RecordingStore } from './recording-store';

interface LogDb extends DBSchema {
  chunks: { key: number; value: { firstSeq: number; lastSeq: number; events: Envelope[] } };
  meta: { key: string; value: number };
  /** The projection snapshot ('latest'): a `log.snapshot` envelope standing for every chunk up to its seq. */
  snapshots: { key: string; value: Envelope };
}

const LATEST = 'latest';

interface OutboxDb extends DBSchema {
  entries: { key: string; value: StoredOutboxEntry };
}

/**
 * The tabs of `user` open now, besides this one (their ids): the user's other tabs send what they stored
 * themselves, so loading leaves their entries to them.
 */
export type LiveTabs = (userGuid: string) => Promise<ReadonlySet<string>>;

/** Told, as a load sets them aside, which of the user's other tabs own entries it left to them (announceGoneTabs in a browser). */
export type SetAsideTabs = (userGuid: string, tabs: ReadonlySet<string>) => void;

/**
 * Stores entries with `owner`, this tab's id, when it has one (see StoredOutboxEntry). Loads every entry, those of
 * another tab still open (`liveTabs`) marked `heldElsewhere`: a core starting, or taking over a gone tab's entries,
 * leaves a post another tab is still sending to it — it would send it twice and, refused, show it in both tabs.
 */
async function openOutboxDb(userGuid: string, owner: string | undefined, liveTabs: LiveTabs | undefined, setAside: SetAsideTabs | undefined): Promise<OutboxStore> {
  const db = await openDB<OutboxDb>(`plaza-outbox-${userGuid}`, 1, {
    upgrade(db) {
      db.createObjectStore('entries', { keyPath: 'id' });
    },
  });
  return {
    async load() {
      const [entries, live] = await Promise.all([db.getAll('entries'), liveTabs?.(userGuid) ?? new Set<string>()]);
      const elsewhere = new Set<string>();
      const marked = entries.map((e) => {
        if (e.owner === undefined || e.owner === owner || !live.has(e.owner)) return e;
        elsewhere.add(e.owner);
        return { ...e, heldElsewhere: true as const };
      });
      if (elsewhere.size > 0) setAside?.(userGuid, elsewhere);
      return marked;
    },
    async put(entry) {
      await db.put('entries', owner === undefined ? entry : { ...entry, owner });
    },
    async remove(id) {
      await db.delete('entries', id);
    },
    close() {
      db.close();
    },
  };
}

async function openLogDb(userGuid: string): Promise<IDBPDatabase<LogDb>> {
  const db = await openDB<LogDb>(`plaza-log-${userGuid}`, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('chunks', { keyPath: 'firstSeq' });
        db.createObjectStore('meta');
      }
      if (oldVersion < 2) db.createObjectStore('snapshots');
    },
  });
  // A log written by another schema version is a stale cache: drop it, the server has the truth.
  const version = await db.get('meta', 'schema');
  if (version !== LOG_SCHEMA_VERSION) {
    const tx = db.transaction(['chunks', 'meta', 'snapshots'], 'readwrite');
    await tx.objectStore('chunks').clear();
    await tx.objectStore('snapshots').clear();
    await tx.objectStore('meta').put(LOG_SCHEMA_VERSION, 'schema');
    await tx.done;
  }
  return db;
}

/**
 * `tab`: this tab's id, kept with each outbox entry this core stores (ui/client/tab-id.ts names the worker by it);
 * `liveTabs`: the user's other tabs open now, whose entries loading leaves to them (their Web Locks, in a browser);
 * `setAside`: told which tabs those were, for each load that left any; `early`: the key-value database opened and
 * the boot keys read as the worker started (early-views.ts), each read answering the first getItem of its key.
 */
export async function createIdbStorage(tab?: string, liveTabs?: LiveTabs, setAside?: SetAsideTabs, early?: EarlyReads): Promise<Storage> {
  const core = await (early?.db ?? openCoreDb());
  return {
    async openLog(userGuid: string): Promise<LogStore> {
      const db = await openLogDb(userGuid);
      return {
        async load() {
          // One read-only transaction: the snapshot and the chunks after it, as of the same moment.
          const tx = db.transaction(['snapshots', 'chunks'], 'readonly');
          const snapshot = await tx.objectStore('snapshots').get(LATEST);
          const after = snapshot?.seq ?? 0;
          const chunks = await tx.objectStore('chunks').getAll(after > 0 ? IDBKeyRange.lowerBound(after, true) : undefined);
          await tx.done;
          const tail = chunks.flatMap((c) => c.events).filter((e) => e.seq > after);
          return snapshot ? [snapshot, ...tail] : tail;
        },
        async append(batch) {
          if (batch.length === 0) return;
          await db.put('chunks', { firstSeq: batch[0]!.seq, lastSeq: batch[batch.length - 1]!.seq, events: [...batch] });
        },
        async compact(snapshot) {
          // Chunks are written whole and compaction happens at a written boundary, so no chunk straddles the seq.
          const tx = db.transaction(['snapshots', 'chunks'], 'readwrite');
          void tx.objectStore('snapshots').put(snapshot, LATEST);
          void tx.objectStore('chunks').delete(IDBKeyRange.upperBound(snapshot.seq));
          await tx.done;
        },
        close() {
          db.close();
        },
      };
    },
    openOutbox: (userGuid) => openOutboxDb(userGuid, tab, liveTabs, setAside),
    async getItem<T>(key: string) {
      const read = () => core.get('kv', key);
      // An early read that failed is read again.
      return (await (early?.take(key)?.catch(read) ?? read())) as T | undefined;
    },
    async setItem(key, value) {
      early?.drop(key);
      await core.put('kv', storedValue(value), key);
    },
    async removeItem(key) {
      early?.drop(key);
      await core.delete('kv', key);
    },
  };
}

interface RecordingsDb extends DBSchema {
  sessions: { key: string; value: RecordingMeta };
  chunks: { key: [string, number]; value: { id: string; n: number; lines: string[] } };
}

/** The recordings database: a chunk and its session's entry go in one transaction. */
export async function createIdbRecordingStore(name = 'plaza-recordings'): Promise<RecordingStore & { close(): void }> {
  const db = await openDB<RecordingsDb>(name, 1, {
    upgrade(db) {
      db.createObjectStore('sessions', { keyPath: 'id' });
      db.createObjectStore('chunks', { keyPath: ['id', 'n'] });
    },
  });
  /** Every chunk key of one session: [id, 0] up to [id, +inf]. */
  const range = (id: string): IDBKeyRange => IDBKeyRange.bound([id, 0], [id, Infinity]);
  return {
    async list() {
      return (await db.getAll('sessions')).sort(byRecordingStart);
    },
    async append(meta, chunk, lines) {
      const tx = db.transaction(['sessions', 'chunks'], 'readwrite');
      void tx.objectStore('chunks').put({ id: meta.id, n: chunk, lines: [...lines] });
      void tx.objectStore('sessions').put({ ...meta });
      await tx.done;
    },
    async putMeta(meta) {
      await db.put('sessions', { ...meta });
    },
    async read(id) {
      const tx = db.transaction(['sessions', 'chunks'], 'readonly');
      const meta = await tx.objectStore('sessions').get(id);
      const chunks = meta ? await tx.objectStore('chunks').getAll(range(id)) : [];
      await tx.done;
      return meta ? chunks.sort((a, b) => a.n - b.n).flatMap((c) => c.lines) : undefined;
    },
    async remove(id) {
      const tx = db.transaction(['sessions', 'chunks'], 'readwrite');
      void tx.objectStore('chunks').delete(range(id));
      void tx.objectStore('sessions').delete(id);
      await tx.done;
    },
    close() {
      db.close();
    },
  };
}
