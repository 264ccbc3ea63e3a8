/**
 * Thread panels (spec 1 §3 reply_to, §7 messages/thread): opening one loads
 * the whole thread; live replies keep it current (threads projection); after
 * a reconnect the open thread is loaded again, since replies may have been
 * missed while away — or loaded at last, if it could not be while away.
 */
import { FAILURE } from '../../protocol/rest/acceptance';
import { ok, type Result } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

export interface ThreadsFeature extends Feature<'$openThread' | '$deletedMessages'> {
  load(address: string, guid: string): Promise<Result<null>>;
}

export function createThreadsFeature(ctx: CoreContext): ThreadsFeature {
  const { runtime, publisher } = ctx;

  const setState = (state: { loading: boolean; error: string | null }): void => {
    runtime.thread = state;
    publisher.changes.threadOpen = true;
    publisher.schedule();
  };

  async function load(address: string, guid: string): Promise<Result<null>> {
    const at = ctx.epoch;
    setState({ loading: true, error: null });
    const result = await ctx.api.call('thread', { address, guid });
    if (at !== ctx.epoch) return ok(null);
    const open = ctx.projections.threads.open;
    const stillOpen = open?.address === address && open.guid === guid;
    if (!result.ok) {
      if (stillOpen) setState({ loading: false, error: result.error.status === 404 ? null : `Could not load the thread: ${result.error.message}` });
      if (result.error.status === 404 && stillOpen) ctx.dispatch('rest', [{ type: 'message.deleted', address, guid }]);
      return result;
    }
    const { message, data } = result.value;
    if (message.address !== address || data.some((m) => m.address !== address || m.reply_to !== message.guid)) {
      ctx.rejections.reject('thread', `a thread of ${address} with messages of another thread or channel`);
      if (stillOpen) setState({ loading: false, error: 'The server answered with another thread.' });
      return { ok: false, error: { name: FAILURE.invalidResponse, message: 'The server answered with another thread.' } };
    }
    ctx.dispatch('rest', [{ type: 'thread.loaded', address, parent: message, replies: data }]);
    // A reply's guid opens the thread it belongs to.
    if (stillOpen && message.guid !== guid) ctx.dispatch('intent', [{ type: 'thread.opened', thread: { address, guid: message.guid } }]);
    if (stillOpen) setState({ loading: false, error: null });
    return ok(null);
  }

  return {
    load,
    api: {
      async $openThread(address, guid) {
        await ctx.ready();
        ctx.dispatch('intent', [{ type: 'thread.opened', thread: guid ? { address, guid } : null }]);
        if (!guid) {
          setState({ loading: false, error: null });
          return ok(null);
        }
        if (!runtime.signedIn) return ok(null);
        return load(address, guid);
      },
      async $deletedMessages(guids) {
        await ctx.ready();
        // The tombstones: every deletion heard live, in a response, or by catching up (messages/changes).
        return guids.filter((guid) => ctx.projections.messages.deleted.has(guid));
      },
    },
    onSocketOpen() {
      // Loaded: replies may have been missed while away. Not loaded because the server could not be reached (opened,
      // or the page reloaded, in the middle of an outage): the panel would otherwise wait for the user to reopen it.
      const open = ctx.projections.threads.open;
      if (open && (ctx.projections.threads.byParent.has(open.guid) || runtime.thread.error !== null)) void load(open.address, open.guid);
    },
    onLogOpened() {
      runtime.thread = { loading: false, error: null };
    },
  };
}
