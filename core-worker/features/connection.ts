/**
 * The connection as the user experiences it (spec 1 §4): the 'Internet
 * connection offline' alert (type 1003) once the socket has been away from
 * online for 5 s, cleared when it is back; a time jump requests a resync; the
 * browser's network events and the landing page's Try again reconnect and
 * catch up at once instead of after the retry delay.
 */
import type { SocketState } from '../../protocol/events';
import { OFFLINE_ALERT_AFTER_MS } from '../../protocol/frames/connection';
import type { CoreContext, Feature } from '../core-context';

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

  return {
    socketState(state) {
      if (state === 'online') {
        cancelOfflineTimer();
        return;
      }
      if (offlineTimer !== null || !ctx.runtime.signedIn) return;
      offlineTimer = clock.setTimeout(() => {
        offlineTimer = null;
        if (ctx.socket.state === 'online' || !ctx.runtime.signedIn) return;
        // TODO(alerts): raise alert 1003 'Internet connection offline'
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
