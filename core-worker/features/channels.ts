/** Conversations the user starts or changes: direct messages. */
import { ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

export function createChannelsFeature(ctx: CoreContext): Feature<'$startDirectMessage'> {
  return {
    api: {
      async $startDirectMessage(targetUserGuid) {
        await ctx.ready();
        const result = await ctx.api.call('startConversation', { target_user_guid: targetUserGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'channel.upserted', channel: result.value.channel }]);
        return ok({ address: result.value.channel.address });
      },
    },
  };
}
