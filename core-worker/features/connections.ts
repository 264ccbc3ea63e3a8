/**
 * Connections (spec 2 §4, §7, §8): incoming requests and the user's connect
 * links on every (re)connect; answering a request; creating, deleting and
 * using links, with the toasts of spec 1 §8 and spec 2 §8.
 */
import { clGuidFrom } from '../../protocol/connections';
import { fail, ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';
import { PEOPLE_TOASTS } from './people-toasts';

type Methods = '$respondConnection' | '$createConnectLink' | '$deleteConnectLink' | '$useConnectLink';

export function createConnectionsFeature(ctx: CoreContext): Feature<Methods> {
  async function load(): Promise<void> {
    const at = ctx.epoch;
    const [requests, links] = await Promise.all([ctx.api.call('crList', {}), ctx.api.call('connectCodes', {})]);
    if (at !== ctx.epoch) return;
    if (requests.ok) ctx.dispatch('rest', [{ type: 'connection_requests.listed', requests: requests.value.requests }]);
    if (links.ok) ctx.dispatch('rest', [{ type: 'connect_links.listed', links: links.value.links }]);
  }

  return {
    api: {
      async $respondConnection(guid, accept) {
        await ctx.ready();
        const result = await ctx.api.call('crRespond', { guid, response: accept ? 0 : 1 });
        if (!result.ok) return result;
        const { channel } = result.value;
        ctx.dispatch('rest', [{ type: 'connection_request.removed', guid }, ...(channel ? [{ type: 'channel.upserted' as const, channel }] : [])]);
        return ok({ address: channel?.address ?? null });
      },

      async $createConnectLink(options = {}) {
        await ctx.ready();
        const result = await ctx.api.call('connectCreate', {
          ...(options.ttl_seconds !== undefined ? { ttl_seconds: options.ttl_seconds } : {}),
          ...(options.max_clicks !== undefined ? { max_clicks: options.max_clicks } : {}),
          ...(options.team_guid ? { team_guid: options.team_guid } : {}),
        });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'connect_link.upserted', link: result.value.link }]);
        return ok({ cl_guid: result.value.link.cl_guid });
      },

      async $deleteConnectLink(clGuid) {
        await ctx.ready();
        const result = await ctx.api.call('connectDelete', { cl_guid: clGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'connect_link.removed', cl_guid: clGuid }]);
        return ok(null);
      },

      async $useConnectLink(link) {
        await ctx.ready();
        const clGuid = clGuidFrom(link);
        if (!clGuid) return fail({ name: 'InvalidRequest', message: 'Paste a connect link.', field: 'link' });
        const result = await ctx.api.call('connectStart', { cl_guid: clGuid });
        if (!result.ok) {
          ctx.showToast(PEOPLE_TOASTS.requestFailed(result.error.message));
          return result;
        }
        const { channel } = result.value;
        if (!channel) {
          // "Returns no user": a request went to the link's owner (spec 2 §8).
          ctx.showToast(PEOPLE_TOASTS.requestSent());
          return ok({ address: null });
        }
        ctx.dispatch('rest', [{ type: 'channel.upserted', channel }]);
        return ok({ address: channel.address });
      },
    },

    frames: {
      CRQ(frame) {
        if (!frame.data.connected_user) return;
        const u = frame.data.connected_user;
        ctx.showToast(PEOPLE_TOASTS.connected(u.name || `${u.first_name} ${u.last_name}`.trim() || 'Someone'));
      },
    },
    onSocketOpen() {
      void load();
    },
  };
}
