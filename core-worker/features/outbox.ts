/**
 * The outbox: delivers the user's mutations exactly once (docs/architecture.md
 * "Outbox"). An entry is queued as an event (so it shows at once), stored
 * through the Storage port before it is first sent, and sent with the kind's
 * request (outbox/kinds.ts). Entries of one channel go one at a time in queue
 * order, so posts arrive in the order they were written. A transient failure
 * (no network, 5xx, 429 after the scheduler's own waiting) is retried after
 * 1 s, ×1.5 per attempt, capped at 30 s — and at once when the socket or the
 * network comes back. A refusal (4xx) fails the entry or drops it, as its
 * kind says. The server de-duplicates repeats by the entry's id.
 *
 * The stored copy mirrors the outbox projection: after every change the
 * feature writes what changed, so the store and the log agree without the
 * folds doing I/O. At start the store and the log are merged (an entry in
 * either is kept: delivering it twice is harmless, losing it is not).
 */
import { FAILURE } from '../../protocol/rest/acceptance';
import type { OutboxEntry, OutboxKindName, OutboxPayloads } from '../../protocol/outbox';
import type { Failure } from '../../protocol/result';
import type { DomainEvent } from '../../protocol/events';
import type { CoreContext, Feature } from '../core-context';
import { OUTBOX_KINDS, type OutboxKind } from '../outbox/kinds';
import type { OutboxStore, StoredOutboxEntry } from '../ports';
import { nextDelay } from '../socket-connection';

export interface OutboxFeature extends Feature<'$retryOutbox' | '$discardOutbox' | '$adoptStoredOutbox'> {
  /**
   * Queues a mutation; resolves with its id once it is stored (it is sent only then). `applied` are
   * events that show it at once (an optimistic reaction or flag), folded with the entry.
   */
  enqueue<K extends OutboxKindName>(kind: K, address: string, payload: OutboxPayloads[K], options?: { id?: string; applied?: DomainEvent[] }): Promise<string>;
  /** Sends what waits now, every retry delay reset: the socket or the network is back. */
  retryNow(): void;
}

/** Refusals: the server understood and said no. Anything else may succeed later. */
function isRefusal(failure: Failure): boolean {
  if (failure.name === 'InvalidRequest') return true;
  return failure.name === FAILURE.rejected && failure.status !== 408 && failure.status !== 425;
}

/** An entry as the core holds it: which tab stored it, and whether that tab is open, are the store's business, not the state's. */
function withoutOwner({ owner: _owner, heldElsewhere: _elsewhere, ...entry }: StoredOutboxEntry): OutboxEntry {
  return entry as OutboxEntry;
}

export function createOutboxFeature(ctx: CoreContext): OutboxFeature {
  const { clock, storage, logger } = ctx.deps;
  let store: OutboxStore | null = null;
  /** The store is open and merged with the log: entries may be queued and sent. */
  let ready = false;
  let opened: Promise<void> = Promise.resolve();
  /** What the store holds: id → the entry's JSON as stored. */
  let stored = new Map<string, string>();
  /** Entries stored at least once: only those are sent. */
  let durable = new Set<string>();
  /** Every entry this core's outbox has held since the log opened: the others in the store are another tab's. */
  let everHeld = new Set<string>();
  let mirroredRevision = -1;
  let writes: Promise<void> = Promise.resolve();
  const whenStored = new Map<string, () => void>();
  const inFlight = new Set<string>();
  const backoff = new Map<string, { delay: number; timer: unknown }>();

  const entries = (): Map<string, OutboxEntry> => ctx.projections.outbox.byId;
  const kindOf = <K extends OutboxKindName>(entry: OutboxEntry<K>): OutboxKind<K> => OUTBOX_KINDS[entry.kind] as unknown as OutboxKind<K>;

  const markDurable = (id: string): void => {
    durable.add(id);
    whenStored.get(id)?.();
    whenStored.delete(id);
  };

  /** Storage writes run one after another, in the order the changes happened. */
  const write = (what: string, op: (s: OutboxStore) => Promise<void>, then?: () => void): void => {
    const s = store;
    writes = writes
      .then(async () => {
        if (s) await op(s);
      })
      .catch((error: unknown) => logger.warn(`outbox: could not ${what}: ${error instanceof Error ? error.message : String(error)}`))
      .then(() => then?.());
  };

  /** Brings the store in line with the outbox projection. */
  function mirror(): void {
    const outbox = ctx.projections.outbox;
    if (!ready || outbox.revision === mirroredRevision) return;
    mirroredRevision = outbox.revision;
    for (const [id, entry] of outbox.byId) {
      everHeld.add(id);
      const json = JSON.stringify(entry);
      if (stored.get(id) === json) continue;
      stored.set(id, json);
      write(`store ${id}`, (s) => s.put(entry), () => {
        markDurable(id);
        drain();
      });
    }
    for (const id of [...stored.keys()]) {
      if (outbox.byId.has(id)) continue;
      stored.delete(id);
      durable.delete(id);
      write(`remove ${id}`, (s) => s.remove(id));
    }
  }

  function drain(): void {
    if (!ready || !ctx.runtime.signedIn || !ctx.credentials) return;
    const laneBusy = new Set<string>();
    for (const entry of entries().values()) {
      if (entry.state !== 'pending' || laneBusy.has(entry.address)) continue;
      // Later entries of this channel wait for this one.
      laneBusy.add(entry.address);
      if (inFlight.has(entry.id) || !durable.has(entry.id) || backoff.get(entry.id)?.timer) continue;
      void send(entry);
    }
  }

  function retryLater(entry: OutboxEntry): void {
    const delay = nextDelay(backoff.get(entry.id)?.delay ?? null);
    const timer = clock.setTimeout(() => {
      const waiting = backoff.get(entry.id);
      if (waiting) waiting.timer = null;
      drain();
    }, delay);
    backoff.set(entry.id, { delay, timer });
  }

  function settle(entry: OutboxEntry, events: DomainEvent[]): void {
    backoff.delete(entry.id);
    ctx.dispatch('rest', [...events, { type: 'outbox.removed', id: entry.id, reason: 'sent' }]);
  }

  function refuse(entry: OutboxEntry, reason: string): void {
    backoff.delete(entry.id);
    const kind = kindOf(entry);
    if (kind.keepsFailed) ctx.dispatch('rest', [{ type: 'outbox.failed', id: entry.id, error: reason }]);
    else {
      ctx.dispatch('rest', [...(kind.undo?.(entry as never) ?? []), { type: 'outbox.removed', id: entry.id, reason: 'refused' }]);
      // Undone without a trace would puzzle: say why.
      if (kind.refusalTitle) ctx.showToast({ title: kind.refusalTitle, body: reason, kind: 'error' });
    }
  }

  async function send(entry: OutboxEntry): Promise<void> {
    const kind = kindOf(entry);
    const at = ctx.epoch;
    inFlight.add(entry.id);
    const result = await ctx.api.call(kind.endpoint, kind.request(entry as never) as never);
    if (at !== ctx.epoch) return; // the session or log changed: what was in flight is forgotten
    inFlight.delete(entry.id);
    if (!entries().has(entry.id)) return drain(); // settled meanwhile: its message already arrived
    if (result.ok) {
      const events = kind.accepted(entry as never, result.value as never);
      if (typeof events === 'string') refuse(entry, events);
      else settle(entry, events);
    } else {
      const failure = result.error;
      const done = kind.alreadyDone?.(entry as never, failure) ?? null;
      if (done) settle(entry, done);
      else if (isRefusal(failure)) refuse(entry, failure.message);
      else if (failure.name !== FAILURE.unauthorized) retryLater(entry); // 403 ends the session; entries wait for the next
    }
    drain();
  }

  function forgetRuntime(): void {
    for (const { timer } of backoff.values()) clock.clearTimeout(timer);
    backoff.clear();
    inFlight.clear();
  }

  async function openFor(userGuid: string, at: number): Promise<void> {
    let loaded: OutboxEntry[] = [];
    /** Entries another tab still open is sending: left to it, even if this core's log has them too. */
    let elsewhere = new Set<string>();
    try {
      const s = await storage.openOutbox(userGuid);
      if (at !== ctx.epoch) return s.close();
      store = s;
      const all = await s.load();
      elsewhere = new Set(all.filter((e) => e.heldElsewhere).map((e) => e.id));
      loaded = all.filter((e) => !e.heldElsewhere).map(withoutOwner);
    } catch (error) {
      // Without storage the outbox still delivers; it just cannot survive a reload.
      logger.warn(`outbox: storage unavailable, unsent mutations will not survive a restart: ${error instanceof Error ? error.message : String(error)}`);
      store = null;
    }
    if (at !== ctx.epoch) return;
    stored = new Map(loaded.map((e) => [e.id, JSON.stringify(e)]));
    durable = new Set(loaded.map((e) => e.id));
    ready = true;
    const merged = new Map(loaded.map((e) => [e.id, e]));
    // The log is the user's, shared by their tabs: it may hold an entry another open tab queued.
    for (const entry of entries().values()) if (!merged.has(entry.id) && !elsewhere.has(entry.id)) merged.set(entry.id, entry);
    if (merged.size > 0 || entries().size > 0) ctx.dispatch('system', [{ type: 'outbox.restored', entries: [...merged.values()] }]);
    if (!store) for (const id of merged.keys()) markDurable(id);
    mirror();
    drain();
  }

  function retryNow(): void {
    for (const { timer } of backoff.values()) clock.clearTimeout(timer);
    backoff.clear();
    drain();
  }

  return {
    retryNow,
    async enqueue(kind, address, payload, options = {}) {
      await opened;
      const id = options.id ?? ctx.deps.random.uuid();
      const entry = { id, kind, address, payload, queuedAt: clock.now(), state: 'pending', error: null } as OutboxEntry;
      const events: DomainEvent[] = [];
      const key = kindOf(entry).supersedeKey?.(entry as never);
      if (key !== undefined) {
        for (const other of entries().values()) {
          if (other.state === 'pending' && !inFlight.has(other.id) && kindOf(other).supersedeKey?.(other as never) === key) {
            events.push({ type: 'outbox.removed', id: other.id, reason: 'superseded' });
          }
        }
      }
      events.push(...(options.applied ?? []), { type: 'outbox.queued', entry });
      const isStored = new Promise<void>((resolve) => whenStored.set(id, resolve));
      ctx.dispatch('intent', events);
      if (!store || !ready) markDurable(id); // nothing to wait for: kept in memory (and in the log) only
      await isStored;
      return id;
    },

    api: {
      async $retryOutbox(id) {
        await ctx.ready();
        if (entries().get(id)?.state !== 'failed') return;
        backoff.delete(id);
        ctx.dispatch('intent', [{ type: 'outbox.retried', id }]);
      },
      async $adoptStoredOutbox(fromTab) {
        await ctx.ready();
        await opened;
        const s = store;
        if (!s || !ready) return;
        const at = ctx.epoch;
        let loaded: StoredOutboxEntry[];
        try {
          await writes; // what this core has queued to store is stored (or removed) first
          loaded = await s.load();
        } catch (error) {
          logger.warn(`outbox: could not read the stored outbox to take over another tab's entries: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        if (at !== ctx.epoch || store !== s) return;
        mirror();
        const known = entries();
        // Only what this core never held: one it sent or gave up is not taken back from a store that still has it.
        // And only the gone tab's (or an entry stored before tabs were named): a tab still open sends its own.
        const adopted = loaded
          .filter((e) => !e.heldElsewhere && !known.has(e.id) && !everHeld.has(e.id) && (fromTab === undefined || e.owner === undefined || e.owner === fromTab))
          .map(withoutOwner);
        if (adopted.length === 0) return;
        for (const entry of adopted) {
          stored.set(entry.id, JSON.stringify(entry));
          durable.add(entry.id);
        }
        ctx.dispatch('system', [{ type: 'outbox.restored', entries: [...known.values(), ...adopted] }]);
      },
      async $discardOutbox(id) {
        await ctx.ready();
        if (entries().get(id)?.state !== 'failed') return;
        ctx.dispatch('intent', [{ type: 'outbox.removed', id, reason: 'discarded' }]);
      },
    },

    afterDispatch() {
      if (ctx.projections.outbox.revision === mirroredRevision) return;
      mirror();
      drain();
    },
    onLogOpened() {
      forgetRuntime();
      everHeld = new Set();
      store?.close();
      store = null;
      ready = false;
      mirroredRevision = -1;
      const user = ctx.credentials?.user_guid;
      opened = user ? openFor(user, ctx.epoch) : Promise.resolve();
    },
    onSocketOpen: retryNow,
    onSessionEnded() {
      forgetRuntime();
    },
    stop() {
      forgetRuntime();
      ready = false;
      store?.close();
      store = null;
    },
  };
}
