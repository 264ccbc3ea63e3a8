/**
 * Events of search and of jumping to a hit. Part of the DomainEvent union
 * (events.ts). Every search carries an id: results of an older search that
 * arrive after a newer one started are ignored by the fold.
 */
import type { Message, User } from './entities';
import type { SearchHit } from './rest/search';
import type { ChannelSearchQuery, GlobalSearchQuery } from './rules/search-query';

/** Global search sources that come from a server call (channels are matched locally, meetings and files do not exist yet). */
export type RemoteSearchSource = 'messages' | 'people';

export type SearchEvent =
  /** An in-channel search (or its next page) was sent. */
  | { type: 'channel_search.started'; id: string; address: string; query: ChannelSearchQuery; page: number }
  | { type: 'channel_search.results'; id: string; page: number; hits: SearchHit[]; result_count: number; terms: string[] }
  | { type: 'channel_search.failed'; id: string; message: string }
  | { type: 'channel_search.closed' }
  /** A global search was sent to the sources its query selects. */
  | { type: 'global_search.started'; id: string; query: GlobalSearchQuery }
  | { type: 'global_search.results'; id: string; source: 'messages'; hits: SearchHit[]; result_count: number; terms: string[] }
  | { type: 'global_search.results'; id: string; source: 'people'; users: User[] }
  | { type: 'global_search.failed'; id: string; source: RemoteSearchSource; message: string }
  | { type: 'global_search.closed' }
  /**
   * Messages around a message (messages/load_context): the open conversation
   * shows this window, scrolled to `anchor` and highlighting it, instead of
   * its newest pages, until it is closed.
   */
  | { type: 'context.loaded'; address: string; anchor: string; direction: 'both' | 'before' | 'after'; messages: Message[]; has_before: boolean; has_after: boolean }
  /** Back to the newest messages. */
  | { type: 'context.closed'; address: string };
