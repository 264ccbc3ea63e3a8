/**
 * The in-memory side of the append-only log: stamps events into envelopes
 * (seq, time, source) and batches them to the store, so many events share one
 * IndexedDB record and one transaction. Compaction replaces the prefix with a
 * projection snapshot, in the store and in memory: the log then starts with
 * that `log.snapshot` envelope, and folds exactly as the whole log did.
 */
import type { DomainEvent, Envelope, EventSource } from '../protocol/events';
import type { Clock, LogStore, Logger } from './ports';

/** How long appended events wait before being written together. */
export const PERSIST_DELAY_MS = 50;
const PERSIST_MAX_BATCH = 2_000;

export interface EventLog {
  /** The log since the last snapshot (which comes first, when there is one). A new array after each compaction. */
  readonly envelopes: readonly Envelope[];
  append(source: EventSource, events: readonly DomainEvent[]): Envelope[];
  /** Appends one event and returns its envelope: `append` without an array, for the usual dispatch (a frame's one event). */
  appendOne(source: EventSource, event: DomainEvent): Envelope;
  /** Writes what is pending now. */
  persist(): Promise<void>;
  /**
   * Replaces everything up to the snapshot's seq (the last appended one) with the snapshot: written
   * after every pending batch, and at once in memory, so the envelopes it stands for can be freed.
   */
  compact(snapshot: Envelope): Promise<void>;
  close(): Promise<void>;
}

export function createEventLog(store: LogStore, loaded: Envelope[], clock: Clock, logger: Logger): EventLog {
  let envelopes: Envelope[] = loaded;
  let pending: Envelope[] = [];
  let timer: unknown = null;
  let writing: Promise<void> = Promise.resolve();

  /** Arms the write of what is pending (at once when a batch is full, else after PERSIST_DELAY_MS). */
  const queued = (): void => {
    if (pending.length >= PERSIST_MAX_BATCH) void persist();
    else if (timer === null) timer = clock.setTimeout(() => void persist(), PERSIST_DELAY_MS);
  };
  const nextSeq = (): number => (envelopes.length === 0 ? 1 : envelopes[envelopes.length - 1]!.seq + 1);

  const warn = (what: string) => (error: unknown) => logger.warn(`Could not ${what}: ${error instanceof Error ? error.message : String(error)}`);

  const persist = (): Promise<void> => {
    clock.clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return writing;
    const batch = pending;
    pending = [];
    writing = writing.then(() => store.append(batch)).catch(warn(`store ${batch.length} events`));
    return writing;
  };

  return {
    get envelopes() {
      return envelopes;
    },
    append(source, events) {
      const at = clock.now();
      let seq = nextSeq();
      // Plain loops: every frame appends, and a spread or map per append is measurable in a long replay.
      // `added` is made at its size: an empty array's first push reserves room for 17, which for the usual
      // one event was most of what an append allocated (a million-frame replay: ~90 MB of it).
      const added: Envelope[] = new Array<Envelope>(events.length);
      for (let i = 0; i < events.length; i++) {
        const envelope: Envelope = { seq: seq++, at, source, event: events[i]! };
        added[i] = envelope;
        envelopes.push(envelope);
        pending.push(envelope);
      }
      queued();
      return added;
    },
    appendOne(source, event) {
      const at = clock.now();
      const envelope: Envelope = { seq: nextSeq(), at, source, event };
      envelopes.push(envelope);
      pending.push(envelope);
      queued();
      return envelope;
    },
    persist,
    compact(snapshot) {
      const last = envelopes.at(-1)?.seq ?? 0;
      if (snapshot.event.type !== 'log.snapshot' || snapshot.seq !== last) {
        throw new Error(`A snapshot must stand for the whole log (seq ${snapshot.seq}, log at ${last}).`);
      }
      void persist();
      envelopes = [snapshot];
      writing = writing.then(() => store.compact(snapshot)).catch(warn('store the snapshot'));
      return writing;
    },
    async close() {
      await persist();
      store.close();
    },
  };
}
