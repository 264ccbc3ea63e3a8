/** One-line descriptions of the people and search events for the debugger's lists; undefined for other events. */
import type { PeopleEvent } from '../../protocol/events-people';
import type { SearchEvent } from '../../protocol/events-search';
import { clip } from './describe';

export function describePeopleOrSearchEvent(e: PeopleEvent | SearchEvent): string | undefined {
  switch (e.type) {
    case 'presence.changed':
      return `${e.user_guid} ${e.connection_state}${e.custom_status ? ` "${e.custom_status.text}"` : ''}`;
    case 'user.blocked_changed':
      return `${e.user_guid} ${e.is_blocked ? 'blocked' : 'reinstated'}`;
    case 'self.activity':
      return e.idle ? 'idle' : 'active';
    case 'statuses.listed':
      return `${e.statuses.length} statuses, selected ${e.statuses.find((s) => s.selected)?.icon ?? 'none'}`;
    case 'user.detailed':
      return `${e.user.target_user_guid}${e.blocked ? ' (blocked)' : ''}`;
    case 'people.searched':
      return clip(`"${e.term}": ${e.users.length} people`);
    case 'connection_requests.listed':
      return `${e.requests.length} requests`;
    case 'connection_request.added':
      return `${e.request.guid} from ${e.request.target_user_guid}`;
    case 'connection_request.removed':
      return e.guid;
    case 'connect_links.listed':
      return `${e.links.length} links`;
    case 'connect_link.upserted':
      return `${e.link.cl_guid} ${e.link.clicks}/${e.link.max_clicks}`;
    case 'connect_link.removed':
      return e.cl_guid;
    case 'bot.failed':
      return clip(e.message);
    case 'bot.error.dismissed':
    case 'channel_search.closed':
    case 'global_search.closed':
      return '';
    case 'channel_search.started':
      return clip(`${e.address} "${e.query.term}" page ${e.page}`);
    case 'channel_search.results':
      return `${e.hits.length} of ${e.result_count}`;
    case 'channel_search.failed':
    case 'global_search.failed':
      return clip(e.message);
    case 'global_search.started':
      return clip(`"${e.query.term}"`);
    case 'global_search.results':
      return e.source === 'messages' ? `messages: ${e.hits.length} of ${e.result_count}` : `people: ${e.users.length}`;
    case 'context.loaded':
      return `${e.address} around ${e.anchor} (${e.direction}): ${e.messages.length}`;
    case 'context.closed':
      return e.address;
    default:
      return undefined;
  }
}
