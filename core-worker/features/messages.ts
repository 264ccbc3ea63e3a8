/**
 * Posting (in a conversation or a thread, urgent or not) and deleting
 * messages, replies included — both through the outbox: a post shows at once
 * as sending and is delivered exactly once; a deletion shows the message as
 * deleting until the server confirms it. What can be refused without the
 * server (an empty message, a channel the user may not post in) is refused at
 * once, with the reason the server would give.
 */
import { partsFromText } from '../../projections/compose';
import { peerBlocked } from '../../projections/views/channel-view';
import { postingRight } from '../../protocol/rules/posting-rights';
import { fail, ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';
import type { OutboxFeature } from './outbox';
import { findMessage } from './reactions';

export function createMessagesFeature(ctx: CoreContext, outbox: Pick<OutboxFeature, 'enqueue'>): Feature<'$post' | '$deleteMessage'> {
  return {
    api: {
      async $post(address, text, options = {}) {
        await ctx.ready();
        if (!ctx.runtime.signedIn) return fail({ name: 'Unauthorized', message: 'Not signed in' });
        const parts = partsFromText(text, { users: ctx.projections.session.usersByGuid.values(), address });
        if (parts.length === 0) return fail({ name: 'InvalidRequest', message: 'Type a message first.', field: 'json' });
        const channel = ctx.projections.channels.byAddress.get(address)?.channel;
        const { session } = ctx.projections;
        const right = channel ? postingRight(channel, { is_company_admin: session.user?.is_company_admin ?? false }, { peerBlocked: peerBlocked(channel, session.usersByGuid) }) : null;
        if (right && !right.allowed) return fail({ name: 'NotAllowed', message: right.reason });
        const client_guid = await outbox.enqueue('post', address, {
          json: JSON.stringify(parts),
          parts,
          is_urgent: options.is_urgent ?? false,
          reply_to: options.reply_to ?? null,
        });
        return ok({ client_guid });
      },

      async $deleteMessage(address, guid) {
        await ctx.ready();
        if (!ctx.runtime.signedIn) return fail({ name: 'Unauthorized', message: 'Not signed in' });
        for (const entry of ctx.projections.outbox.byId.values()) {
          if (entry.kind === 'delete' && entry.payload.guid === guid && entry.state === 'pending') return ok(null); // already on its way
        }
        const stored = findMessage(ctx.projections, address, guid);
        await outbox.enqueue('delete', address, { guid, from_guid: stored?.from_guid ?? null, created: stored?.created ?? null, reply_to: stored?.reply_to ?? null });
        return ok(null);
      },
    },
  };
}
