/**
 * Log compaction and the message cache bound. Once the log has grown by
 * enough since the last snapshot (a channel list of 5,000 counts as 5,000) —
 * at least COMPACT_AFTER_WEIGHT, and at least what the last snapshot held, so
 * that snapshots, which cost in proportion to the state, cost a bounded amount
 * per event however large the state is — a timer compacts it: messages of the least recently used conversations are
 * evicted (an event, so the log still describes the state), the projections
 * are snapshotted and the log's prefix is replaced by the snapshot — in
 * IndexedDB and in memory. A cold start then folds one snapshot and a short
 * tail, however long the user has been around.
 */
import { snapshotOf } from '../../projections/snapshot';
import type { Projections } from '../../projections/fold';
import type { DomainEvent, Envelope } from '../../protocol/events';
import type { CoreContext, FeatureHooks } from '../core-context';
import type { EventLog } from '../event-log';

/**
 * Compact once the events since the last snapshot weigh this much (records they carry), or as much as the
 * state did at the last snapshot if that is more. A snapshot copies the state (a heavy user's ~20,000 cached
 * messages and 4,000 conversations: ~10 ms); taken every 2,000 events it cost a heavy user's worker more
 * than all the folding, and a replay of a long session most of its time. The tail a cold start folds is then
 * at most about the state's size.
 */
export const COMPACT_AFTER_WEIGHT = 2_000;
/** …after this quiet-ish delay, so a burst is compacted once, not per batch. */
export const COMPACT_DELAY_MS = 2_000;
/** Cached messages beyond this are evicted at the next compaction, least recently used conversation first… */
export const MESSAGE_CACHE_LIMIT = 20_000;
/** …down to this many. */
export const MESSAGE_CACHE_TARGET = 15_000;

/** How much a snapshot of the state weighs: the records it holds (cached messages and conversations). */
function stateWeight(p: Projections): number {
  let weight = p.channels.byAddress.size;
  for (const store of p.messages.byAddress.values()) weight += store.order.length;
  return weight;
}

/** How much an event adds to the log: the records it carries. */
function weightOf(event: DomainEvent): number {
  switch (event.type) {
    case 'channels.listed':
      return event.channels.length;
    case 'users.listed':
      return event.users.length;
    case 'history.loaded':
      return event.messages.length;
    case 'log.snapshot':
      return 0;
    default:
      return 1;
  }
}

export interface CompactionFeature extends FeatureHooks {
  /** A conversation was opened or its history loaded: it is the last one evicted. */
  touch(address: string): void;
  /** Compacts now (tests and the benchmark; normally the timer does it). */
  compactNow(): Promise<void>;
}

export function createCompactionFeature(ctx: CoreContext, log: () => EventLog | null): CompactionFeature {
  const { clock } = ctx.deps;
  let counted: readonly Envelope[] | null = null;
  let countedLength = 0;
  let weight = 0;
  /** The weight of events after which the log is compacted (see COMPACT_AFTER_WEIGHT). */
  let threshold = COMPACT_AFTER_WEIGHT;
  let timer: unknown = null;
  /** Recency of use per conversation; after a reload, the stores' own order (oldest first) stands in. */
  const used = new Map<string, number>();
  let useCounter = 0;

  function measure(): void {
    const current = log();
    if (!current) return;
    const envelopes = current.envelopes;
    if (envelopes !== counted) {
      counted = envelopes;
      countedLength = 0;
      weight = 0;
    }
    for (let i = countedLength; i < envelopes.length; i++) weight += weightOf(envelopes[i]!.event);
    countedLength = envelopes.length;
    if (weight >= threshold && timer === null) {
      timer = clock.setTimeout(() => {
        timer = null;
        void compactNow();
      }, COMPACT_DELAY_MS);
    }
  }

  /** The conversations whose messages go, least recently used first, until the cache is at its target. */
  function evictions(): string[] {
    const stores = ctx.projections.messages.byAddress;
    let total = 0;
    for (const store of stores.values()) total += store.order.length;
    if (total <= MESSAGE_CACHE_LIMIT) return [];
    const open = ctx.projections.session.openAddress;
    const order = [...stores.keys()].filter((a) => a !== open);
    // Never used in this session (-1) first, in the stores' order; then by last use.
    const rank = new Map(order.map((a, i) => [a, used.get(a) ?? -1 - order.length + i]));
    order.sort((a, b) => rank.get(a)! - rank.get(b)!);
    const out: string[] = [];
    for (const address of order) {
      if (total <= MESSAGE_CACHE_TARGET) break;
      total -= stores.get(address)!.order.length;
      out.push(address);
    }
    return out;
  }

  async function compactNow(): Promise<void> {
    clock.clearTimeout(timer);
    timer = null;
    const current = log();
    if (!current) return;
    const evict = evictions();
    if (evict.length) ctx.dispatch('system', [{ type: 'messages.evicted', addresses: evict }]);
    const p = ctx.projections;
    if ((current.envelopes.at(-1)?.seq ?? 0) !== p.seq || p.seq === 0) return;
    const snapshot: Envelope = { seq: p.seq, at: clock.now(), source: 'system', event: { type: 'log.snapshot', snapshot: snapshotOf(p) } };
    threshold = Math.max(COMPACT_AFTER_WEIGHT, stateWeight(p));
    await current.compact(snapshot);
  }

  return {
    touch(address) {
      used.set(address, ++useCounter);
    },
    compactNow,
    afterDispatch: measure,
    onLogOpened() {
      used.clear();
      counted = null;
      threshold = Math.max(COMPACT_AFTER_WEIGHT, stateWeight(ctx.projections));
      measure();
    },
    onSessionEnded() {
      clock.clearTimeout(timer);
      timer = null;
    },
    stop() {
      clock.clearTimeout(timer);
      timer = null;
    },
  };
}
