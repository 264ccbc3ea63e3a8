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
import { POST_JSON_MAX } from '../../protocol/rest/messages';
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
        // Refused here, before it leaves the composer for the outbox: sent, the server's schema refuses it with
        // zod's wording and every retry fails the same way.
        const json = JSON.stringify(parts);
        if (json.length > POST_JSON_MAX) return fail({ name: 'InvalidRequest', message: tooLongMessage(text.length, json.length), field: 'json' });
        const client_guid = await outbox.enqueue('post', address, {
          json,
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

/**
 * Why a message is too long to post, in the composer's terms: its length as typed, and about how many
 * characters fit (the limit is on the message as sent, whose mentions, links and lists take a few more).
 */
export function tooLongMessage(typed: number, sent: number): string {
  const fits = Math.max(0, Math.floor((POST_JSON_MAX * typed) / sent));
  const n = (x: number): string => x.toLocaleString('en-US');
  return `This message is too long to send: ${n(typed)} characters, where about ${n(fits)} fit. Split it into shorter messages.`;
}
