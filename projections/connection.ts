/**
 * The realtime socket's state, the app shell's resync flag, and the spec's
 * connection-status mapping (spec 1 §4).
 *
 * The spec requests a "delayed reload" after a reconnect that followed more
 * than 5 s offline, or when the time varied. Plaza resyncs instead (no page
 * reload, nothing typed is lost): `resync` is raised then and cleared when the
 * next catch-up has completed. Both decisions read only envelope times.
 */
import type { Envelope, SocketState } from '../protocol/events';
import { OFFLINE_ALERT_AFTER_MS } from '../protocol/frames/connection';
import type { ChangeSet } from './changes';

export interface ConnectionState {
  socket: SocketState;
  /** Envelope time of the last change away from online (offline or connecting after online), for the 5 s rules. */
  offlineSince: number | null;
  /** The spec's delayed-reload flag, as a resync: raised by a long outage or a time jump, cleared by a completed catch-up. */
  resync: boolean;
}

export function createConnection(): ConnectionState {
  return { socket: 'connecting', offlineSince: null, resync: false };
}

export function cloneConnection(state: ConnectionState): ConnectionState {
  return { ...state };
}

export function applyConnection(state: ConnectionState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'connection.changed': {
      if (event.state === state.socket) return;
      if (event.state === 'online') {
        if (state.offlineSince !== null && at - state.offlineSince > OFFLINE_ALERT_AFTER_MS) state.resync = true;
        state.offlineSince = null;
      } else if (state.socket === 'online' || (event.state === 'offline' && state.offlineSince === null)) {
        state.offlineSince = at;
      }
      state.socket = event.state;
      changes.connection = true;
      return;
    }
    case 'clock.jumped':
      if (!state.resync) changes.connection = true;
      state.resync = true;
      return;
    case 'sync.completed':
      if (state.resync) changes.connection = true;
      state.resync = false;
      return;
    default:
      return;
  }
}

/** idle or empty means Idle; active or typing means Active; anything else means Offline (spec 1 §4). */
export function connectionStatus(connectionState: string): 'Active' | 'Idle' | 'Offline' {
  const s = connectionState.toLowerCase();
  if (s === 'idle' || s === '') return 'Idle';
  if (s === 'active' || s === 'typing') return 'Active';
  return 'Offline';
}
