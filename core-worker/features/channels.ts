/** Conversations the user starts or changes: direct messages. */
import { ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

export function createChannelsFeature(ctx: CoreContext): Feature<'$startDirectMessage'> {
  return {
    api: {
      async $startDirectMessage(targetUserGuid) {
        await ctx.ready();
        // One already listed opens as it is, with no call: no round trip, and it opens even with a person the
        // server would not start one with now (blocked since: their conversation stays listed and readable).
        for (const { channel } of ctx.projections.channels.byAddress.values()) {
          if (channel.channel_type === 0 && channel.target_user_guid === targetUserGuid) return ok({ address: channel.address });
        }
        const result = await ctx.api.call('startConversation', { target_user_guid: targetUserGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'channel.upserted', channel: result.value.channel }]);
        return ok({ address: result.value.channel.address });
      },
    },
  };
}
