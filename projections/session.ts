/** Who is signed in, which conversation is open, and the company directory. */
import type { User } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface SessionState {
  user: User | null;
  /** True between session.started and session.ended. */
  active: boolean;
  endedReason: 'signed-out' | 'unauthorized' | 'server-logout' | null;
  openAddress: string | null;
  usersByGuid: Map<string, User>;
  /** The server answered 418 and nothing has succeeded since: the UI shows the landing page (spec 1 §8). */
  unconfirmed: boolean;
}

export function createSession(): SessionState {
  return { user: null, active: false, endedReason: null, openAddress: null, usersByGuid: new Map(), unconfirmed: false };
}

/** A copy later folds cannot change (users are values: folds replace them, never mutate them). */
export function cloneSession(state: SessionState): SessionState {
  return { ...state, usersByGuid: new Map(state.usersByGuid) };
}

export function applySession(state: SessionState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'session.started':
      state.user = event.user;
      state.active = true;
      state.endedReason = null;
      state.unconfirmed = false;
      state.usersByGuid.set(event.user.target_user_guid, event.user);
      changes.session = true;
      changes.allChannels = true; // posting rights depend on who is signed in
      return;
    case 'session.ended':
      state.active = false;
      state.endedReason = event.reason;
      changes.session = true;
      return;
    case 'users.listed': {
      const self = state.user ? state.usersByGuid.get(state.user.target_user_guid) : undefined;
      state.usersByGuid = new Map(event.users.map((u) => [u.target_user_guid, u]));
      // users/list leaves the user out by default; keep knowing who we are.
      if (self && !state.usersByGuid.has(self.target_user_guid)) state.usersByGuid.set(self.target_user_guid, self);
      changes.users = true;
      return;
    }
    case 'user.detailed':
    case 'user.blocked_changed': {
      // Whether someone is blocked (in their company, or by the user's) is kept on their directory entry, the
      // newest word winning: the list, their details, or a block or reinstatement heard since (spec 3 §4.1).
      const guid = event.type === 'user.detailed' ? event.user.target_user_guid : event.user_guid;
      const blocked = event.type === 'user.detailed' ? event.user.is_blocked : event.is_blocked;
      const known = state.usersByGuid.get(guid);
      if (!known || known.is_blocked === blocked) return;
      state.usersByGuid.set(guid, { ...known, is_blocked: blocked });
      changes.userGuids.add(guid);
      return;
    }
    case 'session.unconfirmed':
    case 'session.confirmed': {
      const unconfirmed = event.type === 'session.unconfirmed';
      if (state.unconfirmed !== unconfirmed) changes.session = true;
      state.unconfirmed = unconfirmed;
      return;
    }
    case 'channel.opened':
      if (state.openAddress !== event.address) {
        state.openAddress = event.address;
        changes.openConversation = true;
      }
      return;
    default:
      return; // other events do not concern the session
  }
}
