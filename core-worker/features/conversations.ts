/**
 * Opening conversations, paging their history, and marking them viewed while
 * the user is looking (spec 1 §4: the unread counter is set on marking viewed;
 * the bookmark only moves forward). The bookmark reaches the server through
 * the outbox, one per channel, the newest replacing one still waiting.
 */
import { latestMessage } from '../../projections/messages';
import { ok, type Result } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

export interface ConversationsFeature extends Feature<'$openConversation' | '$loadOlder'> {
  loadPage(address: string, page: number): Promise<Result<null>>;
  markViewed(address: string): Promise<void>;
  /** Whether the newest page of a conversation is cached (and so kept current by catch-up). */
  isFresh(address: string): boolean;
}

export interface ConversationsHost {
  /** Catches up with the server (a message arrived in a conversation we do not know). */
  catchUp(): Promise<void>;
  /** Makes sure the catch-up cursor exists before a history snapshot is taken. */
  ensureCursor(): Promise<boolean>;
  /** Queues the read bookmark of a channel in the outbox. */
  queueBookmark(address: string, bookmark: { guid: string; created: number }): Promise<unknown>;
  /** The conversation was used: its cached messages are the last to be evicted (features/compaction.ts). */
  touch(address: string): void;
}

export function createConversationsFeature(ctx: CoreContext, host: ConversationsHost): ConversationsFeature {
  const { runtime, publisher } = ctx;

  // A store with a loaded page is kept current by catch-up (features/sync.ts) until it is evicted.
  const isFresh = (address: string): boolean => (ctx.projections.messages.byAddress.get(address)?.page ?? -1) >= 0;

  async function loadPage(address: string, page: number): Promise<Result<null>> {
    if (runtime.loadingHistory.has(address)) return ok(null);
    host.touch(address);
    const at = ctx.epoch;
    runtime.loadingHistory.add(address);
    runtime.historyError.delete(address);
    publisher.touchMeta(address);
    publisher.schedule();
    const done = (): void => {
      runtime.loadingHistory.delete(address);
      publisher.touchMeta(address);
      publisher.schedule();
    };
    // The cursor should predate the snapshot: catching up from it then covers everything after the page.
    // If it cannot be had now, the page loads anyway; the first cursor obtained later resets what was loaded before it (sync.ts).
    await host.ensureCursor();
    if (at !== ctx.epoch) return ok(null);
    const result = await ctx.api.call('history', { page, address, is_favorites: false, task_guid: null });
    if (at !== ctx.epoch) return ok(null);
    done();
    if (!result.ok) {
      runtime.historyError.set(address, `Could not load messages: ${result.error.message}`);
      return result;
    }
    const messages = result.value.data.filter((m) => m.address === address);
    if (messages.length !== result.value.data.length) ctx.rejections.reject('history', `messages of another channel in the history of ${address}`);
    ctx.dispatch('rest', [{ type: 'history.loaded', address, page, page_size: result.value.page_size, messages }]);
    // The user is waiting for these rows: show them now, not at the next frame.
    if (ctx.projections.session.openAddress === address) publisher.flushSoon();
    await markViewed(address);
    return ok(null);
  }

  /** Marks the open conversation viewed up to its newest message, while the user is looking at it. */
  async function markViewed(address: string): Promise<void> {
    const p = ctx.projections;
    if (!ctx.attentive || !runtime.signedIn || p.session.openAddress !== address) return;
    const count = p.unread.byAddress.get(address)?.count ?? 0;
    const latest = latestMessage(p.messages.byAddress.get(address));
    if (count === 0 || !latest) return;
    const bookmark = { guid: latest.guid, created: latest.created };
    // Set locally at once; the server's bookmark follows through the outbox. The next channel list converges the count.
    ctx.dispatch('intent', [{ type: 'channel.viewed', address, unread: 0, bookmark }]);
    await host.queueBookmark(address, bookmark);
  }

  return {
    loadPage,
    markViewed,
    isFresh,

    api: {
      async $openConversation(address) {
        await ctx.ready();
        ctx.dispatch('intent', [{ type: 'channel.opened', address }]);
        if (!address || !runtime.signedIn) return;
        host.touch(address);
        // Cached (opened or prefetched, kept current by catch-up since): shown at once, nothing to fetch.
        if (!isFresh(address)) await loadPage(address, 0);
        else await markViewed(address);
      },

      async $loadOlder(address) {
        await ctx.ready();
        const store = ctx.projections.messages.byAddress.get(address);
        if (store?.isComplete) return ok(null);
        return loadPage(address, (store?.page ?? -1) + 1);
      },
    },

    frames: {
      MSG(frame) {
        const { address } = frame.data.message;
        // A message in the conversation on screen is shown at once; others wait for the frame's patch.
        const open = ctx.projections.session.openAddress === address;
        if (open) publisher.flushSoon();
        if (!ctx.projections.channels.byAddress.has(address)) void host.catchUp(); // a conversation we do not know yet
        if (open) void markViewed(address); // most messages are elsewhere: no async call, no promise
      },
    },
  };
}
