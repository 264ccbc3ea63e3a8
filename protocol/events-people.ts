/**
 * Events of the people features: presence, custom status, the directory,
 * connections and the welcome bot. Part of the DomainEvent union (events.ts).
 */
import type { ConnectionRequest, ConnectLink } from './connections';
import type { CustomStatus, UserCustomStatus } from './custom-status';
import type { User } from './entities';

export type PeopleEvent =
  /** Someone's presence changed (NOS frame). An automatic 'active' turns idle 30 s after the envelope time. */
  | { type: 'presence.changed'; user_guid: string; connection_state: string; custom_status: UserCustomStatus | null }
  /** The user's company blocked someone, or reinstated them (NOS with `is_blocked`): they show as blocked, or no longer. */
  | { type: 'user.blocked_changed'; user_guid: string; is_blocked: boolean }
  /** The worker decided the signed-in user became idle or active (spec 3 §4.1). */
  | { type: 'self.activity'; idle: boolean }
  /** The user's own custom statuses (status/custom/*): the whole list, `selected` on the chosen one. */
  | { type: 'statuses.listed'; statuses: CustomStatus[] }
  /** One user's details (users/details); `blocked` when the server said the user is blocked. */
  | { type: 'user.detailed'; user: User; blocked: boolean }
  /** The directory searched (members/search) for `term`. */
  | { type: 'people.searched'; term: string; users: User[] }
  /** Incoming connection requests (cr/list). Replaces what was known. */
  | { type: 'connection_requests.listed'; requests: ConnectionRequest[] }
  /** A connection request arrived (CRQ request). */
  | { type: 'connection_request.added'; request: ConnectionRequest }
  /** A request was answered (cr/respond, CRQ remove). */
  | { type: 'connection_request.removed'; guid: string }
  /** The user's connect links (connect/codes). Replaces what was known. */
  | { type: 'connect_links.listed'; links: ConnectLink[] }
  /** A link was created or used (connect/create, CRQ connect_link_added / connect_link_used). */
  | { type: 'connect_link.upserted'; link: ConnectLink }
  /** A link was deleted (connect/delete, CRQ connect_link_deleted). */
  | { type: 'connect_link.removed'; cl_guid: string }
  /** Asking the bot to post failed: the 'Bot Error' popover (spec 1 §2, §8). */
  | { type: 'bot.failed'; message: string }
  /** The user closed the 'Bot Error' popover. */
  | { type: 'bot.error.dismissed' };
