/** The realtime socket's state, and the spec's connection-status mapping (spec 1 §4). */
import type { Envelope, SocketState } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface ConnectionState {
  socket: SocketState;
  /** Envelope time of the last change to offline, for the 5 s offline alert. */
  offlineSince: number | null;
}

export function createConnection(): ConnectionState {
  return { socket: 'connecting', offlineSince: null };
}

export function cloneConnection(state: ConnectionState): ConnectionState {
  return { ...state };
}

export function applyConnection(state: ConnectionState, { event, at }: Envelope, changes: ChangeSet): void {
  if (event.type !== 'connection.changed' || event.state === state.socket) return;
  state.offlineSince = event.state === 'offline' ? at : event.state === 'online' ? null : state.offlineSince;
  state.socket = event.state;
  changes.connection = true;
}

/** idle or empty means Idle; active or typing means Active; anything else means Offline (spec 1 §4). */
export function connectionStatus(connectionState: string): 'Active' | 'Idle' | 'Offline' {
  const s = connectionState.toLowerCase();
  if (s === 'idle' || s === '') return 'Idle';
  if (s === 'active' || s === 'typing') return 'Active';
  return 'Offline';
}
