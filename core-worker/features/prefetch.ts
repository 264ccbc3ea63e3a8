/**
 * Prefetching the newest page of the conversations the user will most likely
 * open next, so that switching to them shows messages at once. Capped like
 * the Mattermost web app's prefetch: conversations with unread mentions first,
 * then other unread ones (most recent activity first), at most
 * PREFETCH_CHANNELS of them per channel list, and at most PREFETCH_CONCURRENCY
 * requests in flight, so the prefetch never crowds out what the user asks for.
 */
import { lastMessageTs } from '../../projections/channels';
import type { CoreContext, FeatureHooks } from '../core-context';

export const PREFETCH_CHANNELS = 25;
export const PREFETCH_CONCURRENCY = 2;

export interface PrefetchFeature extends FeatureHooks {
  /** A fresh channel list arrived: queue the likely conversations whose newest page is not cached. */
  plan(): void;
  /** Addresses queued or in flight (tests). */
  readonly queued: readonly string[];
}

export function createPrefetchFeature(ctx: CoreContext, loadNewest: (address: string) => Promise<unknown>, isFresh: (address: string) => boolean): PrefetchFeature {
  let queue: string[] = [];
  let running = 0;
  let epoch = -1;

  function pump(): void {
    while (running < PREFETCH_CONCURRENCY && queue.length > 0) {
      const address = queue.shift()!;
      if (isFresh(address) || !ctx.runtime.signedIn) continue;
      running++;
      const at = ctx.epoch;
      void loadNewest(address).finally(() => {
        if (at !== ctx.epoch) return; // another session: its counters were reset
        running--;
        pump();
      });
    }
  }

  return {
    plan() {
      if (epoch !== ctx.epoch) {
        epoch = ctx.epoch;
        running = 0;
      }
      const p = ctx.projections;
      // Without a catch-up cursor (the change feed unreachable) a prefetched page would be dropped when the
      // first cursor arrives, and each load would ask for the cursor again, starting another catch-up and
      // another plan: a request loop. Prefetching waits for a catch-up that worked.
      if (p.messages.cursor === null) {
        queue = [];
        return;
      }
      const candidates: { address: string; mentions: number; unread: number; recent: number }[] = [];
      for (const [address, entry] of p.unread.byAddress) {
        if (entry.count === 0 || address === p.session.openAddress || isFresh(address)) continue;
        const record = p.channels.byAddress.get(address);
        if (!record) continue;
        candidates.push({ address, mentions: entry.mentions, unread: entry.count, recent: lastMessageTs(record) ?? 0 });
      }
      candidates.sort((a, b) => Number(b.mentions > 0) - Number(a.mentions > 0) || b.recent - a.recent || (a.address < b.address ? -1 : 1));
      queue = candidates.slice(0, PREFETCH_CHANNELS).map((c) => c.address);
      pump();
    },
    get queued() {
      return queue;
    },
    onSessionEnded() {
      queue = [];
    },
    onLogOpened() {
      queue = [];
    },
  };
}
