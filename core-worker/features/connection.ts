/**
 * The connection as the user experiences it (spec 1 §4): the 'Internet
 * connection offline' alert (type 1003) once the socket has been away from
 * online for 5 s, cleared when it is back; a time jump requests a resync; the
 * browser's network events and the landing page's Try again reconnect and
 * catch up at once instead of after the retry delay.
 *
 * After 5 s offline it also pings the server every 2.5 s (plus a per-user
 * offset, so a restarted server is not hit by every client at once): the
 * first answer reconnects at once. The socket's own schedule (1 s ×1.5, up
 * to 30 s) stays as the spec says; the ping only shortens the wait after a
 * long outage, from up to 30 s to about 2.5 s. If the socket then still
 * fails (the server answers REST but not the socket), probing stops until
 * the socket is online again and the spec's schedule alone goes on.
 */
import { fnv1a64 } from '../../projections/hash';
import type { SocketState } from '../../protocol/events';
import { OFFLINE_ALERT_AFTER_MS, REACHABILITY_PROBE_AFTER_MS, REACHABILITY_PROBE_MS } from '../../protocol/frames/connection';
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
  let probeTimer: unknown = null;
  /** A ping's answer started the current connection attempt: if it fails too, stop pinging until online. */
  let probeReconnected = false;

  const cancelOfflineTimer = (): void => {
    clock.clearTimeout(offlineTimer);
    offlineTimer = null;
    clock.clearTimeout(probeTimer);
    probeTimer = null;
  };

  /** Up to a second more per user, the same every time: spreads many clients' pings. */
  const probeOffset = (): number => parseInt(fnv1a64(ctx.credentials?.user_guid ?? '').slice(-4), 16) % 1_000;

  const armProbe = (delay: number): void => {
    clock.clearTimeout(probeTimer);
    probeTimer = clock.setTimeout(() => void probe(), delay);
  };

  async function probe(): Promise<void> {
    probeTimer = null;
    if (!ctx.runtime.signedIn || ctx.socket.state === 'online') return;
    const at = ctx.epoch;
    const answer = await ctx.api.call('ping', {});
    if (at !== ctx.epoch || !ctx.runtime.signedIn || (ctx.socket.state as SocketState) === 'online') return;
    if (answer.ok) {
      probeReconnected = true;
      ctx.socket.retryNow();
      host.retryOutbox();
      return; // the attempt's outcome decides what comes next (socketState)
    }
    armProbe(REACHABILITY_PROBE_MS + probeOffset());
  }

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
        probeReconnected = false;
        if (ctx.projections.alerts.byGuid.has(OFFLINE_ALERT_GUID)) ctx.dispatch('socket', [{ type: 'alert.cleared', guid: OFFLINE_ALERT_GUID }]);
        return;
      }
      if (!ctx.runtime.signedIn) return;
      // The attempt a ping started failed: the socket's own schedule goes on alone.
      if (state === 'offline' && probeReconnected) {
        clock.clearTimeout(probeTimer);
        probeTimer = null;
      } else if (probeTimer === null && !probeReconnected) armProbe(REACHABILITY_PROBE_AFTER_MS + probeOffset());
      if (offlineTimer !== null) return;
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
        if (!ctx.runtime.signedIn) return;
        if (!online) {
          ctx.socket.checkNow();
          return;
        }
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

    frames: {
      ACK: (frame) => ctx.socket.acknowledged(frame.data.check),
    },
    onSessionEnded() {
      cancelOfflineTimer();
      probeReconnected = false;
    },
    stop: cancelOfflineTimer,
  };
}
