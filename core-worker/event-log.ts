/**
 * The in-memory side of the append-only log: stamps events into envelopes
 * (seq, time, source) and batches them to the store, so many events share one
 * IndexedDB record and one transaction.
 */
import type { DomainEvent, Envelope, EventSource } from '../protocol/events';
import type { Clock, LogStore, Logger } from './ports';

/** How long appended events wait before being written together. */
export const PERSIST_DELAY_MS = 50;
const PERSIST_MAX_BATCH = 2_000;

export interface EventLog {
  readonly envelopes: readonly Envelope[];
  append(source: EventSource, events: readonly DomainEvent[]): Envelope[];
  /** Writes what is pending now. */
  persist(): Promise<void>;
  close(): Promise<void>;
}

export function createEventLog(store: LogStore, loaded: Envelope[], clock: Clock, logger: Logger): EventLog {
  const envelopes: Envelope[] = loaded;
  let pending: Envelope[] = [];
  let timer: unknown = null;
  let writing: Promise<void> = Promise.resolve();

  const persist = (): Promise<void> => {
    clock.clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return writing;
    const batch = pending;
    pending = [];
    writing = writing
      .then(() => store.append(batch))
      .catch((error: unknown) => logger.warn(`Could not store ${batch.length} events: ${error instanceof Error ? error.message : String(error)}`));
    return writing;
  };

  return {
    envelopes,
    append(source, events) {
      const at = clock.now();
      let seq = (envelopes.at(-1)?.seq ?? 0) + 1;
      const added = events.map((event): Envelope => ({ seq: seq++, at, source, event }));
      envelopes.push(...added);
      pending.push(...added);
      if (pending.length >= PERSIST_MAX_BATCH) void persist();
      else if (timer === null) timer = clock.setTimeout(() => void persist(), PERSIST_DELAY_MS);
      return added;
    },
    persist,
    async close() {
      await persist();
      store.close();
    },
  };
}
