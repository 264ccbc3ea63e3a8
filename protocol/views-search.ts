/** View types of search (spec 2 §3): in-channel and global, results per source. */
import type { MessagePart } from './entities';
import type { ChannelGroup, FileView } from './views';
import type { ContactResultView } from './views-people';
import type { ChannelSearchQuery, GlobalSearchQuery } from './rules/search-query';

/** A piece of text, marked when it matches a search word (the worker splits; the UI only styles). */
export interface Snippet {
  text: string;
  match: boolean;
}

export interface SearchHitView {
  guid: string;
  address: string;
  channelName: string;
  author: string;
  created: number;
  /** The message text in pieces, matches marked. */
  snippet: Snippet[];
  /** The messages just before and after, as plain text ('' when none). */
  before: string;
  after: string;
  /** Parts, for a richer rendering if wanted (unsafe links already text). */
  parts: MessagePart[];
  /** The file the message shares, if any: "Files only" finds messages by it. */
  file: FileView | null;
}

export type SearchStatus = 'searching' | 'done' | 'error';

export interface ChannelSearchView {
  address: string;
  query: ChannelSearchQuery;
  status: SearchStatus;
  error: string | null;
  hits: SearchHitView[];
  resultCount: number;
  /** More hits exist than are loaded. */
  hasMore: boolean;
}

export interface ChannelHitView {
  address: string;
  name: string;
  group: ChannelGroup;
  snippet: Snippet[];
}

export const GLOBAL_SOURCES = ['channels', 'messages', 'people', 'meetings', 'files'] as const;
export type GlobalSource = (typeof GLOBAL_SOURCES)[number];

/** One source's part of a global search. 'unavailable': the source does not exist in Plaza yet; 'off': not asked for. */
export type GlobalSourceView =
  | { source: 'channels'; label: string; status: 'done' | 'off'; error: null; items: ChannelHitView[] }
  | { source: 'messages'; label: string; status: SearchStatus | 'off'; error: string | null; items: SearchHitView[]; resultCount: number }
  | { source: 'people'; label: string; status: SearchStatus | 'off'; error: string | null; items: ContactResultView[] }
  | { source: 'meetings' | 'files'; label: string; status: 'unavailable' | 'off'; error: null; items: [] };

export interface GlobalSearchView {
  query: GlobalSearchQuery;
  sources: GlobalSourceView[];
}

export interface SearchView {
  channel: ChannelSearchView | null;
  global: GlobalSearchView | null;
}
