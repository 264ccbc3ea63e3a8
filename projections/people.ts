/**
 * The people features' state: the user's own custom statuses, the last
 * directory search, loaded profile details, connection requests and connect
 * links, and the welcome bot's error popover.
 */
import type { ConnectionRequest, ConnectLink } from '../protocol/connections';
import type { CustomStatus } from '../protocol/custom-status';
import type { User } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface PeopleState {
  statuses: CustomStatus[];
  statusesLoaded: boolean;
  search: { term: string; users: User[] } | null;
  /** users/details answers by user guid; `blocked` when the server said the user is blocked. */
  details: Map<string, { user: User; blocked: boolean }>;
  requests: Map<string, ConnectionRequest>;
  links: Map<string, ConnectLink>;
  botError: string | null;
}

export function createPeople(): PeopleState {
  return { statuses: [], statusesLoaded: false, search: null, details: new Map(), requests: new Map(), links: new Map(), botError: null };
}

export function applyPeople(state: PeopleState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'statuses.listed':
      state.statuses = event.statuses;
      state.statusesLoaded = true;
      changes.people = true;
      return;
    case 'people.searched':
      state.search = { term: event.term, users: event.users };
      changes.people = true;
      return;
    case 'user.detailed':
      state.details.set(event.user.target_user_guid, { user: event.user, blocked: event.blocked });
      changes.userGuids.add(event.user.target_user_guid);
      return;
    case 'connection_requests.listed':
      state.requests = new Map(event.requests.map((r) => [r.guid, r]));
      changes.people = true;
      return;
    case 'connection_request.added':
      state.requests.set(event.request.guid, event.request);
      changes.people = true;
      return;
    case 'connection_request.removed':
      if (state.requests.delete(event.guid)) changes.people = true;
      return;
    case 'connect_links.listed':
      state.links = new Map(event.links.map((l) => [l.cl_guid, l]));
      changes.people = true;
      return;
    case 'connect_link.upserted':
      state.links.set(event.link.cl_guid, event.link);
      changes.people = true;
      return;
    case 'connect_link.removed':
      if (state.links.delete(event.cl_guid)) changes.people = true;
      return;
    case 'bot.failed':
      state.botError = event.message;
      changes.people = true;
      return;
    case 'bot.error.dismissed':
      if (state.botError !== null) changes.people = true;
      state.botError = null;
      return;
    case 'session.ended':
      // Another sign-in starts without the last one's popover or search.
      if (state.botError !== null || state.search !== null) changes.people = true;
      state.botError = null;
      state.search = null;
      return;
    default:
      return;
  }
}
