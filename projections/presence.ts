/**
 * Presence (spec 3 §4.1): every known user's connection state and selected
 * custom status, as the last users list or NOS frame said; the signed-in
 * user's own idle/active as the worker decided. Another user's automatic
 * 'active' turns idle 30 s (envelope time) after it was last heard, unless a
 * newer report came; the core's timer sends the clock tick that expires it.
 */
import type { UserCustomStatus } from '../protocol/custom-status';
import type { User } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { PRESENCE_IDLE_AFTER_MS } from '../protocol/frames/people';
import type { ChangeSet } from './changes';

export interface PresenceEntry {
  connection_state: string;
  custom_status: UserCustomStatus | null;
}

export interface PresenceState {
  byGuid: Map<string, PresenceEntry>;
  /** user guid → envelope time at which their automatic 'active' becomes idle. */
  activeUntil: Map<string, number>;
  /** The signed-in user, as the worker decided (spec 3 §4.1). */
  selfIdle: boolean;
}

export function createPresence(): PresenceState {
  return { byGuid: new Map(), activeUntil: new Map(), selfIdle: false };
}

const isActive = (state: string): boolean => state === 'active' || state === 'typing';

function set(state: PresenceState, guid: string, entry: PresenceEntry, at: number, changes: ChangeSet): void {
  const previous = state.byGuid.get(guid);
  state.byGuid.set(guid, entry);
  // Only an automatic 'active' expires: a chosen custom status stands until changed.
  if (isActive(entry.connection_state) && entry.custom_status === null) state.activeUntil.set(guid, at + PRESENCE_IDLE_AFTER_MS);
  else state.activeUntil.delete(guid);
  if (!previous || previous.connection_state !== entry.connection_state || JSON.stringify(previous.custom_status) !== JSON.stringify(entry.custom_status)) {
    changes.userGuids.add(guid);
  }
}

const entryOf = (u: User): PresenceEntry => ({ connection_state: u.connection_state, custom_status: u.custom_status ?? null });

export function applyPresence(state: PresenceState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'users.listed': {
      const listed = new Set<string>();
      for (const u of event.users) {
        listed.add(u.target_user_guid);
        set(state, u.target_user_guid, entryOf(u), at, changes);
      }
      for (const guid of [...state.byGuid.keys()]) {
        if (listed.has(guid)) continue;
        state.byGuid.delete(guid);
        state.activeUntil.delete(guid);
      }
      return;
    }
    case 'session.started':
      set(state, event.user.target_user_guid, entryOf(event.user), at, changes);
      return;
    case 'user.detailed':
      set(state, event.user.target_user_guid, entryOf(event.user), at, changes);
      return;
    case 'presence.changed':
      set(state, event.user_guid, { connection_state: event.connection_state, custom_status: event.custom_status }, at, changes);
      return;
    case 'self.activity':
      if (state.selfIdle !== event.idle) {
        state.selfIdle = event.idle;
        changes.people = true;
      }
      return;
    case 'clock.ticked':
      for (const [guid, until] of [...state.activeUntil]) {
        if (until > at) continue;
        state.activeUntil.delete(guid);
        const entry = state.byGuid.get(guid);
        if (entry) {
          state.byGuid.set(guid, { ...entry, connection_state: 'idle' });
          changes.userGuids.add(guid);
        }
      }
      return;
    default:
      return;
  }
}

/** The earliest moment an automatic 'active' expires, for the core's timer; null when none is pending. */
export function nextPresenceExpiry(state: PresenceState): number | null {
  let next: number | null = null;
  for (const until of state.activeUntil.values()) if (next === null || until < next) next = until;
  return next;
}
