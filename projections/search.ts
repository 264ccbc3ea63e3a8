/**
 * Search results (spec 2 §3): the current in-channel search of one
 * conversation, and the current global search with its per-source results.
 * A search's results apply only while it is the current one (by id), so a
 * slow answer to an older query never overwrites a newer one. Deleted
 * messages and lost channels leave the results.
 */
import type { SearchHit } from '../protocol/rest/search';
import type { ChannelSearchQuery, GlobalSearchQuery } from '../protocol/rules/search-query';
import type { User } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';

export type SearchPhase = 'searching' | 'done' | 'error';

export interface ChannelSearch {
  id: string;
  address: string;
  query: ChannelSearchQuery;
  /** Highest page loaded (0 first). */
  page: number;
  status: SearchPhase;
  error: string | null;
  hits: SearchHit[];
  resultCount: number;
  terms: string[];
}

export interface GlobalSearch {
  id: string;
  query: GlobalSearchQuery;
  messages: { status: SearchPhase; error: string | null; hits: SearchHit[]; resultCount: number; terms: string[] } | null;
  people: { status: SearchPhase; error: string | null; users: User[] } | null;
}

export interface SearchState {
  channel: ChannelSearch | null;
  global: GlobalSearch | null;
}

export function createSearch(): SearchState {
  return { channel: null, global: null };
}

const withoutGuid = (hits: SearchHit[], guid: string): SearchHit[] => hits.filter((h) => h.message.guid !== guid);

export function applySearch(state: SearchState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'channel_search.started': {
      const more = event.page > 0 && state.channel?.address === event.address ? state.channel : null;
      state.channel = {
        id: event.id,
        address: event.address,
        query: event.query,
        page: more ? more.page : 0,
        status: 'searching',
        error: null,
        hits: more ? more.hits : [],
        resultCount: more ? more.resultCount : 0,
        terms: more ? more.terms : [],
      };
      changes.search = true;
      return;
    }
    case 'channel_search.results': {
      const s = state.channel;
      if (!s || s.id !== event.id) return;
      const seen = new Set(s.hits.map((h) => h.message.guid));
      s.hits = event.page === 0 ? event.hits : [...s.hits, ...event.hits.filter((h) => !seen.has(h.message.guid))];
      s.page = event.page;
      s.resultCount = event.result_count;
      s.terms = event.terms;
      s.status = 'done';
      changes.search = true;
      return;
    }
    case 'channel_search.failed':
      if (!state.channel || state.channel.id !== event.id) return;
      state.channel.status = 'error';
      state.channel.error = event.message;
      changes.search = true;
      return;
    case 'channel_search.closed':
      if (state.channel) changes.search = true;
      state.channel = null;
      return;
    case 'global_search.started':
      state.global = {
        id: event.id,
        query: event.query,
        messages: event.query.messages ? { status: 'searching', error: null, hits: [], resultCount: 0, terms: [] } : null,
        people: event.query.people ? { status: 'searching', error: null, users: [] } : null,
      };
      changes.search = true;
      return;
    case 'global_search.results': {
      const g = state.global;
      if (!g || g.id !== event.id) return;
      if (event.source === 'messages') g.messages = { status: 'done', error: null, hits: event.hits, resultCount: event.result_count, terms: event.terms };
      else g.people = { status: 'done', error: null, users: event.users };
      changes.search = true;
      return;
    }
    case 'global_search.failed': {
      const g = state.global;
      if (!g || g.id !== event.id) return;
      if (event.source === 'messages') g.messages = { status: 'error', error: event.message, hits: [], resultCount: 0, terms: [] };
      else g.people = { status: 'error', error: event.message, users: [] };
      changes.search = true;
      return;
    }
    case 'global_search.closed':
      if (state.global) changes.search = true;
      state.global = null;
      return;
    case 'message.deleted': {
      const c = state.channel;
      if (c && c.hits.some((h) => h.message.guid === event.guid)) {
        c.hits = withoutGuid(c.hits, event.guid);
        c.resultCount = Math.max(0, c.resultCount - 1);
        changes.search = true;
      }
      const m = state.global?.messages;
      if (m && m.hits.some((h) => h.message.guid === event.guid)) {
        m.hits = withoutGuid(m.hits, event.guid);
        m.resultCount = Math.max(0, m.resultCount - 1);
        changes.search = true;
      }
      return;
    }
    case 'channel.removed': {
      if (state.channel?.address === event.address) {
        state.channel = null;
        changes.search = true;
      }
      const m = state.global?.messages;
      if (m && m.hits.some((h) => h.message.address === event.address)) {
        const kept = m.hits.filter((h) => h.message.address !== event.address);
        m.resultCount = Math.max(0, m.resultCount - (m.hits.length - kept.length));
        m.hits = kept;
        changes.search = true;
      }
      return;
    }
    case 'session.ended':
      if (state.channel || state.global) changes.search = true;
      state.channel = null;
      state.global = null;
      return;
    default:
      return;
  }
}
