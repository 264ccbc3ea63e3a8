/**
 * Opening conversations, paging their history, and marking them viewed while
 * the user is looking (spec 1 §4: the unread counter is set on marking viewed;
 * the bookmark only moves forward).
 */
import { latestMessage } from '../../projections/messages';
import { ok, type Result } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

export interface ConversationsFeature extends Feature<'$openConversation' | '$loadOlder'> {
  loadPage(address: string, page: number): Promise<Result<null>>;
  markViewed(address: string): Promise<void>;
}

export function createConversationsFeature(ctx: CoreContext, refresh: () => Promise<void>): ConversationsFeature {
  const { runtime, publisher } = ctx;
  /** Channels whose newest page was fetched since the socket last (re)connected. */
  const fresh = new Set<string>();

  async function loadPage(address: string, page: number): Promise<Result<null>> {
    if (runtime.loadingHistory.has(address)) return ok(null);
    const at = ctx.epoch;
    runtime.loadingHistory.add(address);
    runtime.historyError.delete(address);
    publisher.touchMeta(address);
    publisher.schedule();
    const result = await ctx.api.call('history', { page, address, is_favorites: false, task_guid: null });
    if (at !== ctx.epoch) return ok(null);
    runtime.loadingHistory.delete(address);
    publisher.touchMeta(address);
    publisher.schedule();
    if (!result.ok) {
      runtime.historyError.set(address, `Could not load messages: ${result.error.message}`);
      return result;
    }
    const messages = result.value.data.filter((m) => m.address === address);
    if (messages.length !== result.value.data.length) ctx.rejections.reject('history', `messages of another channel in the history of ${address}`);
    ctx.dispatch('rest', [{ type: 'history.loaded', address, page, page_size: result.value.page_size, messages }]);
    if (page === 0) fresh.add(address);
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
    // Set locally at once; the server's bookmark follows. If that call fails, the next channel list converges.
    ctx.dispatch('intent', [{ type: 'channel.viewed', address, unread: 0, bookmark }]);
    await ctx.api.call('bookmark', { guid: latest.guid });
  }

  return {
    loadPage,
    markViewed,

    api: {
      async $openConversation(address) {
        await ctx.ready();
        ctx.dispatch('intent', [{ type: 'channel.opened', address }]);
        if (!address || !runtime.signedIn) return;
        if (!fresh.has(address)) await loadPage(address, 0);
        else await markViewed(address);
      },

      async $loadOlder(address) {
        await ctx.ready();
        const store = ctx.projections.messages.byAddress.get(address);
        if (store?.isComplete) return ok(null);
        return loadPage(address, (store?.page ?? -1) + 1);
      },
    },

    onFrame(frame) {
      if (frame.code !== 'MSG') return;
      const { address } = frame.data.message;
      if (!ctx.projections.channels.byAddress.has(address)) void refresh(); // a conversation we do not know yet
      void markViewed(address);
    },
    onSocketOpen() {
      fresh.clear(); // anything may have happened while we were away
    },
    onLogOpened() {
      fresh.clear();
    },
  };
}
