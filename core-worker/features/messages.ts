/** Posting (in a conversation or a thread, urgent or not) and deleting messages, replies included. */
import { partsFromText } from '../../projections/compose';
import { FAILURE } from '../../protocol/rest/acceptance';
import { fail, ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';
import { findMessage } from './reactions';

export function createMessagesFeature(ctx: CoreContext): Feature<'$post' | '$deleteMessage'> {
  return {
    api: {
      async $post(address, text, options = {}) {
        await ctx.ready();
        const parts = partsFromText(text, { users: ctx.projections.session.usersByGuid.values(), address });
        if (parts.length === 0) return fail({ name: 'InvalidRequest', message: 'Type a message first.', field: 'json' });
        const result = await ctx.api.call('post', {
          address,
          json: JSON.stringify(parts),
          is_urgent: options.is_urgent ?? false,
          ...(options.reply_to ? { reply_to: options.reply_to } : {}),
          client_guid: ctx.deps.random.uuid(),
        });
        if (!result.ok) return result;
        const { message } = result.value;
        if (message.address !== address) {
          ctx.rejections.reject('post', `response for another channel (${message.address})`);
          return fail({ name: FAILURE.invalidResponse, message: 'The server answered for another conversation.' });
        }
        ctx.dispatch('rest', [{ type: 'message.received', message }]);
        return ok({ guid: message.guid });
      },

      async $deleteMessage(address, guid) {
        await ctx.ready();
        const stored = findMessage(ctx.projections, address, guid);
        const reply_to = stored?.reply_to ?? null;
        const result = await ctx.api.call('deleteMessage', { address, guid, ...(reply_to ? { reply_to } : {}) });
        if (!result.ok) return result;
        ctx.dispatch('rest', [
          { type: 'message.deleted', address, guid, reply_to, ...(stored ? { from_guid: stored.from_guid, created: stored.created } : {}) },
        ]);
        return ok(null);
      },
    },
  };
}
