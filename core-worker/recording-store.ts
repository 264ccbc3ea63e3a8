/**
 * Where session recordings are kept: one small interface (STYLE.md principle 7),
 * in memory here for Node tests and replay, in IndexedDB in storage-idb.ts.
 * A recording is its lines in numbered chunks plus one index entry; a chunk
 * and the entry it updates are written together (one transaction in IndexedDB).
 */

/** The index entry of one stored recording (one per worker start). */
export interface RecordingMeta {
  id: string;
  /** Epoch ms of the worker start (the header's `started`). */
  started: number;
  app: string;
  /**
   * Whose session this is: the guid of the first user signed in during it (a sign-in, or a stored session
   * resumed at boot), set once and never changed or cleared; null while nobody has signed in.
   */
  user: string | null;
  /**
   * Another user signed in after `user` within the same recording: it holds more than one person's session and
   * is listed and exported to no one. Absent in entries stored before the recording's user was fixed (when it was
   * whoever was signed in at the last write, so it may mix people too): absent counts as true.
   */
  mixed?: boolean;
  /** Lines stored (header included, footer not). */
  lines: number;
  /** Inputs among them. */
  inputs: number;
  /** Characters stored, newlines included: what the bound counts. */
  chars: number;
  /** Chunks stored (the next chunk's number). */
  chunks: number;
  /** The footer frozen when the recording stopped (bound met or recording turned off); null while it runs. */
  frozenFooter: string | null;
}

export interface RecordingStore {
  /** Every stored recording's entry, oldest first. */
  list(): Promise<RecordingMeta[]>;
  /** Stores chunk `chunk` of recording `meta.id` and its updated entry, atomically. */
  append(meta: RecordingMeta, chunk: number, lines: readonly string[]): Promise<void>;
  /** Updates an entry alone (e.g. the footer frozen with nothing left to write). */
  putMeta(meta: RecordingMeta): Promise<void>;
  /** All lines of a recording, in order; undefined when there is no such recording. */
  read(id: string): Promise<string[] | undefined>;
  /** Deletes a recording, its chunks and its entry. */
  remove(id: string): Promise<void>;
}

/**
 * Which recordings a running worker — this tab's or another's — is still writing. Several tabs share
 * one recordings database, and each evicts the oldest recordings past the bound: these are skipped.
 * In the browser a Web Lock per recording (browser-deps.ts), held until the worker ends, so a closed
 * or crashed tab releases its recording and a frozen one keeps it.
 */
export interface LiveRecordings {
  /** Marks a recording live until the returned function is called or this worker ends. */
  hold(id: string): () => void;
  /** The ids of the recordings held live now. */
  held(): Promise<ReadonlySet<string>>;
}

/** Live recordings within one process: each worker (a test's "tab") holds its own; sharing one registry stands for the browser's locks. */
export function createMemoryLiveRecordings(): LiveRecordings {
  const holds = new Map<string, number>();
  return {
    hold(id) {
      holds.set(id, (holds.get(id) ?? 0) + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const n = (holds.get(id) ?? 1) - 1;
        if (n > 0) holds.set(id, n);
        else holds.delete(id);
      };
    },
    async held() {
      return new Set(holds.keys());
    },
  };
}

const byStart = (a: RecordingMeta, b: RecordingMeta): number => a.started - b.started || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The stored chunks and entries of a memory store, to inspect in tests. */
export interface MemoryRecordingStore extends RecordingStore {
  readonly chunks: Map<string, string[][]>;
  /** How many atomic writes (transactions) were made. */
  readonly writes: number;
}

export function createMemoryRecordingStore(): MemoryRecordingStore {
  const metas = new Map<string, RecordingMeta>();
  const chunks = new Map<string, string[][]>();
  let writes = 0;
  return {
    chunks,
    get writes() {
      return writes;
    },
    async list() {
      return [...metas.values()].map((m) => ({ ...m })).sort(byStart);
    },
    async append(meta, chunk, lines) {
      writes++;
      const list = chunks.get(meta.id) ?? [];
      list[chunk] = [...lines];
      chunks.set(meta.id, list);
      metas.set(meta.id, { ...meta });
    },
    async putMeta(meta) {
      writes++;
      metas.set(meta.id, { ...meta });
    },
    async read(id) {
      if (!metas.has(id)) return undefined;
      return (chunks.get(id) ?? []).flat();
    },
    async remove(id) {
      writes++;
      metas.delete(id);
      chunks.delete(id);
    },
  };
}

export { byStart as byRecordingStart };
