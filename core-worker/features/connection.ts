/**
 * The connection as the user experiences it (spec 1 §4): the 'Internet
 * connection offline' alert (type 1003) once the socket has been away from
 * online for 5 s, cleared when it is back; a time jump requests a resync; the
 * browser's network events and the landing page's Try again reconnect and
 * catch up at once instead of after the retry delay.
 */
import type { SocketState } from '../../protocol/events';
import { OFFLINE_ALERT_AFTER_MS } from '../../protocol/frames/connection';
import { ALERT_TYPE, alertTypeName } from '../../protocol/rules/alerts';
import type { CoreContext, Feature } from '../core-context';

/** The guid of the client's own offline alert: one at a time, cleared when back online. */
export const OFFLINE_ALERT_GUID = 'client-1003-offline';
/** What the offline alert says beside its name (the wording is Plaza's; the spec names the alert only). */
export const OFFLINE_ALERT_MESSAGE = 'Plaza keeps trying to reconnect. What you write is kept and sent once the connection is back.';

export interface ConnectionHost {
  catchUp(): Promise<void>;
  /** Sends what waits in the outbox now. */
  retryOutbox(): void;
}

export interface ConnectionFeature extends Feature<'$setNetwork' | '$resync'> {
  /** The socket's state changed (after the change was folded). */
  socketState(state: SocketState): void;
  /** The socket's time-jump check found the clock `by` ms late. */
  timeJumped(by: number): void;
}

export function createConnectionFeature(ctx: CoreContext, host: ConnectionHost): ConnectionFeature {
  const { clock } = ctx.deps;
  let offlineTimer: unknown = null;

  const cancelOfflineTimer = (): void => {
    clock.clearTimeout(offlineTimer);
    offlineTimer = null;
  };

  const raiseOfflineAlert = (): void => {
    if (ctx.projections.alerts.byGuid.has(OFFLINE_ALERT_GUID)) return;
    const alert = {
      guid: OFFLINE_ALERT_GUID,
      alert_type: ALERT_TYPE.offline,
      alert_type_name: '',
      alert_created: clock.now(),
      message: OFFLINE_ALERT_MESSAGE,
      target: null,
      is_dismissed: false,
      toast_id: null,
    };
    ctx.dispatch('timer', [{ type: 'alert.received', alert }]);
    ctx.showToast({ title: alertTypeName(ALERT_TYPE.offline), body: OFFLINE_ALERT_MESSAGE, kind: 'error', alert_guid: OFFLINE_ALERT_GUID });
  };

  return {
    socketState(state) {
      if (state === 'online') {
        cancelOfflineTimer();
        if (ctx.projections.alerts.byGuid.has(OFFLINE_ALERT_GUID)) ctx.dispatch('socket', [{ type: 'alert.cleared', guid: OFFLINE_ALERT_GUID }]);
        return;
      }
      if (offlineTimer !== null || !ctx.runtime.signedIn) return;
      // Still not online 5 s after leaving it: alert 1003 (spec 1 §4).
      offlineTimer = clock.setTimeout(() => {
        offlineTimer = null;
        if (ctx.socket.state !== 'online' && ctx.runtime.signedIn) raiseOfflineAlert();
      }, OFFLINE_ALERT_AFTER_MS);
    },

    timeJumped(by) {
      if (!ctx.runtime.signedIn) return;
      ctx.dispatch('timer', [{ type: 'clock.jumped', by }]);
      void host.catchUp();
    },

    api: {
      async $setNetwork(online) {
        await ctx.ready();
        if (!online || !ctx.runtime.signedIn) return;
        ctx.socket.retryNow();
        host.retryOutbox();
      },
      async $resync() {
        await ctx.ready();
        if (!ctx.runtime.signedIn) return;
        ctx.socket.retryNow();
        await host.catchUp();
      },
    },

    onFrame(frame) {
      if (frame.code === 'ACK') ctx.socket.acknowledged(frame.data.check);
    },
    onSessionEnded: cancelOfflineTimer,
    stop: cancelOfflineTimer,
  };
}
