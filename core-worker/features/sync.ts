/**
 * Bringing the local state up to date with the server: the channel list, the
 * directory and the open conversation's newest page, on every (re)connect, and
 * once without a socket if it has not opened in time.
 */
import type { CoreContext, FeatureHooks } from '../core-context';

/** If the socket has not opened by then, the first REST refresh goes out anyway. */
export const REFRESH_WITHOUT_SOCKET_MS = 2_000;

export interface SyncFeature extends FeatureHooks {
  refresh(): Promise<void>;
  /** Called when the session goes online: refreshes without the socket if it is slow to open. */
  armRefreshWithoutSocket(): void;
}

export function createSyncFeature(ctx: CoreContext, loadNewest: (address: string) => Promise<unknown>): SyncFeature {
  const { clock } = ctx.deps;
  let refreshTimer: unknown = null;

  async function refresh(): Promise<void> {
    const at = ctx.epoch;
    const [channels, users] = await Promise.all([
      ctx.api.call('channelsList', { include_recent: true }),
      ctx.api.call('usersList', { include_self: true, include_bots: true }),
    ]);
    if (at !== ctx.epoch) return;
    if (users.ok) {
      const self = users.value.users.find((u) => u.target_user_guid === ctx.credentials?.user_guid);
      if (self && !ctx.projections.session.active) ctx.dispatch('system', [{ type: 'session.started', user: self }]);
      ctx.dispatch('rest', [{ type: 'users.listed', users: users.value.users }]);
    }
    if (channels.ok) ctx.dispatch('rest', [{ type: 'channels.listed', channels: channels.value.channels }]);
    const open = ctx.projections.session.openAddress;
    if (open) await loadNewest(open);
  }

  return {
    refresh,
    armRefreshWithoutSocket() {
      clock.clearTimeout(refreshTimer);
      refreshTimer = clock.setTimeout(() => {
        if (ctx.socket.state !== 'online') void refresh();
      }, REFRESH_WITHOUT_SOCKET_MS);
    },
    onSocketOpen() {
      void refresh();
    },
    onSessionEnded() {
      clock.clearTimeout(refreshTimer);
    },
    stop() {
      clock.clearTimeout(refreshTimer);
    },
  };
}
