/** Search results as the UI shows them: snippets split into matching and other text, per source. */
import type { Message } from '../../protocol/entities';
import type { SearchHit } from '../../protocol/rest/search';
import { searchWords } from '../../protocol/rules/search-query';
import type { ChannelHitView, GlobalSourceView, SearchHitView, SearchView, Snippet } from '../../protocol/views-search';
import type { ChannelsState } from '../channels';
import type { PresenceState } from '../presence';
import type { SearchState } from '../search';
import type { User } from '../../protocol/entities';
import { SEARCH_PAGE_SIZE } from '../../protocol/rest/search';
import { authorName, fileView } from './message-view';
import { contactResults } from './people-view';
import { groupOf } from './channel-view';
import { partsToText, safeParts } from './text';

/** Snippets longer than this are cut around the first match. */
const SNIPPET_LENGTH = 240;

/** Splits text into pieces, marking every piece that starts a word with one of the words (prefix match, as the server searched). */
export function highlight(text: string, words: readonly string[]): Snippet[] {
  const wanted = words.map((w) => w.toLowerCase()).filter((w) => w.length > 0);
  if (wanted.length === 0 || text === '') return text === '' ? [] : [{ text, match: false }];
  const pieces: Snippet[] = [];
  const push = (t: string, match: boolean) => {
    if (!t) return;
    const last = pieces[pieces.length - 1];
    if (last && last.match === match) last.text += t;
    else pieces.push({ text: t, match });
  };
  const wordRe = /[\p{L}\p{N}_]+/gu;
  let at = 0;
  for (const m of text.matchAll(wordRe)) {
    const lower = m[0].toLowerCase();
    const hit = wanted.filter((w) => lower.startsWith(w)).sort((a, b) => b.length - a.length)[0];
    if (!hit) continue;
    push(text.slice(at, m.index), false);
    push(text.slice(m.index, m.index + hit.length), true);
    at = m.index + hit.length;
  }
  push(text.slice(at), false);
  return pieces;
}

/** Cuts long text around its first match, with an ellipsis where cut. */
function window(text: string, words: readonly string[]): string {
  if (text.length <= SNIPPET_LENGTH) return text;
  const lower = text.toLowerCase();
  const first = Math.min(...words.map((w) => lower.indexOf(w)).filter((i) => i >= 0), Number.POSITIVE_INFINITY);
  const start = Number.isFinite(first) ? Math.max(0, first - 60) : 0;
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

const plain = (m: Message | undefined): string => (m ? `${authorName(m)}: ${partsToText(m.parts)}` : '');

export function hitView(hit: SearchHit, words: readonly string[], channels: ChannelsState): SearchHitView {
  const m = hit.message;
  return {
    guid: m.guid,
    address: m.address,
    channelName: channels.byAddress.get(m.address)?.channel.name ?? 'Unknown conversation',
    author: authorName(m),
    created: m.created,
    snippet: highlight(window(partsToText(m.parts), words), words),
    before: window(plain(hit.before.at(-1)), words),
    after: window(plain(hit.after[0]), words),
    parts: safeParts(m.parts),
    file: fileView(m),
  };
}

/** Channels whose name contains every word (the user's own list; no call). */
export function channelMatches(channels: ChannelsState, term: string): ChannelHitView[] {
  const words = searchWords(term);
  if (words.length === 0) return [];
  const hits: ChannelHitView[] = [];
  for (const { channel } of channels.byAddress.values()) {
    const name = channel.name.toLowerCase();
    if (!words.every((w) => name.includes(w))) continue;
    hits.push({ address: channel.address, name: channel.name, group: groupOf(channel), snippet: highlight(channel.name, words) });
  }
  return hits.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.address < b.address ? -1 : 1)).slice(0, 50);
}

export function searchView(search: SearchState, channels: ChannelsState, presence: PresenceState, me: User | null): SearchView {
  const c = search.channel;
  const g = search.global;
  return {
    channel: c
      ? {
          address: c.address,
          query: c.query,
          status: c.status,
          error: c.error,
          hits: c.hits.map((h) => hitView(h, c.terms.length ? c.terms : searchWords(c.query.term), channels)),
          resultCount: c.resultCount,
          hasMore: c.hits.length < c.resultCount && c.hits.length >= (c.page + 1) * SEARCH_PAGE_SIZE,
        }
      : null,
    global: g ? { query: g.query, sources: globalSources(g, channels, presence, me) } : null,
  };
}

function globalSources(g: NonNullable<SearchState['global']>, channels: ChannelsState, presence: PresenceState, me: User | null): GlobalSourceView[] {
  const words = g.messages?.terms.length ? g.messages.terms : searchWords(g.query.term);
  return [
    g.query.conversations
      ? { source: 'channels', label: 'Channels', status: 'done', error: null, items: channelMatches(channels, g.query.term) }
      : { source: 'channels', label: 'Channels', status: 'off', error: null, items: [] },
    g.messages
      ? { source: 'messages', label: 'Messages', status: g.messages.status, error: g.messages.error, items: g.messages.hits.map((h) => hitView(h, words, channels)), resultCount: g.messages.resultCount }
      : { source: 'messages', label: 'Messages', status: 'off', error: null, items: [], resultCount: 0 },
    g.people
      ? { source: 'people', label: 'People', status: g.people.status, error: g.people.error, items: contactResults(g.people.users, g.query.term, presence, { myCompany: me?.company_guid, me: me?.target_user_guid }) }
      : { source: 'people', label: 'People', status: 'off', error: null, items: [] },
    // Meetings and files are sources of the spec that Plaza does not have yet: shown as such, so they plug in here.
    { source: 'meetings', label: 'Meetings', status: g.query.meetings ? 'unavailable' : 'off', error: null, items: [] },
    { source: 'files', label: 'Files', status: g.query.files ? 'unavailable' : 'off', error: null, items: [] },
  ];
}
