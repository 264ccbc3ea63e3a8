// @vitest-environment jsdom
/** In-channel search, global search and the window around a hit in the conversation, by role and label. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_QUERY, EMPTY_CHANNEL_QUERY } from '../../protocol/rules/search-query';
import { fail } from '../../protocol/result';
import type { SearchHitView, SearchView } from '../../protocol/views-search';
import { renderApp } from '../testing/render-app';
import { channelView, messageView, metaView, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const eng = channelView({ address: 'eng', name: 'Engineering' });
const hit = (guid: string, text: string, file: SearchHitView['file'] = null): SearchHitView => ({
  guid,
  address: 'eng',
  channelName: 'Engineering',
  author: 'Dave Diaz',
  created: Date.UTC(2025, 4, 20, 9, 30),
  snippet: [
    { text: 'Staging', match: true },
    { text: text, match: false },
  ],
  before: 'Bob Brown: earlier',
  after: '',
  parts: [{ type: 'text', text: `Staging${text}` }],
  file,
});

const openEng = (search?: SearchView) =>
  renderApp({
    path: '/conversations/eng',
    patches: [snapshot({ channels: { put: [eng], remove: [] }, conversation: { address: 'eng', reset: true, meta: metaView('eng'), messages: { put: [], remove: [] } }, ...(search ? { search } : {}) })],
  });

describe('in-channel search', () => {
  it('sends the term and filters; the worker refusing an empty search is shown', async () => {
    const a = openEng();
    fireEvent.click(screen.getByRole('button', { name: 'Search in conversation' }));
    const form = screen.getByRole('search', { name: 'Search this conversation' });
    a.core.results.$searchChannel = fail({ name: 'InvalidRequest', message: 'Type a search term or choose a filter.', field: 'term' });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Search' })));
    expect(screen.getByRole('alert').textContent).toBe('Type a search term or choose a filter.');
    delete a.core.results.$searchChannel;

    fireEvent.change(within(form).getByLabelText('Search for'), { target: { value: 'staging' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: 'dave' } });
    fireEvent.change(within(form).getByLabelText('On or after'), { target: { value: '2025-05-01' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Red' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: /Files only/ }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Search' })));
    const [address, query] = a.core.callsTo('$searchChannel').at(-1)!;
    expect(address).toBe('eng');
    expect(query).toEqual({ term: 'staging', flags: [5], include_files: true, date_range: { start: new Date(2025, 4, 1).getTime(), end: null }, from_name: 'dave' });
  });

  it('Escape clears the search box, then closes the panel and gives the keyboard back to its toggle', async () => {
    const a = openEng();
    const toggle = screen.getByRole('button', { name: 'Search in conversation' });
    toggle.focus();
    fireEvent.click(toggle);
    const box = within(screen.getByRole('search', { name: 'Search this conversation' })).getByLabelText('Search for') as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'stag' } });
    // With text in it, Escape is the box's own (browsers clear it): the panel stays.
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.getByRole('region', { name: 'Search in this conversation' })).toBeTruthy();
    fireEvent.change(box, { target: { value: '' } });
    await act(async () => fireEvent.keyDown(box, { key: 'Escape' }));
    expect(screen.queryByRole('region', { name: 'Search in this conversation' })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    expect(a.core.callsTo('$closeChannelSearch')).toHaveLength(1);
  });

  it('shows the file a hit shares, in the hit and its name ("Files only" finds hits by it)', () => {
    openEng({
      channel: { address: 'eng', query: { ...EMPTY_CHANNEL_QUERY, term: ' ', include_files: true }, status: 'done', error: null, hits: [hit('h1', ' report', { name: 'q2-report.pdf', size: 48_213, link: '/files/x' })], resultCount: 1, hasMore: false },
      global: null,
    });
    const button = within(screen.getByRole('list', { name: 'Search results' })).getByRole('button', { name: /Staging report, q2-report\.pdf \(47(\.1)? KB\)$/ });
    expect(within(button).getByText('q2-report.pdf')).toBeTruthy();
    expect(within(button).getByText(/47(\.1)? KB/)).toBeTruthy();
  });

  it('shows hits with matches marked; opening one asks for its context', async () => {
    const a = openEng({ channel: { address: 'eng', query: { ...EMPTY_CHANNEL_QUERY, term: 'stag' }, status: 'done', error: null, hits: [hit('h1', ' deploy is done')], resultCount: 51, hasMore: true }, global: null });
    // A search of this conversation is under way: its panel is open.
    expect(screen.getByRole('button', { name: 'Search in conversation' }).getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Search in this conversation' });
    expect(within(panel).getByRole('status').textContent).toBe('51 messages found');
    const results = screen.getByRole('list', { name: 'Search results' });
    const button = within(results).getByRole('button', { name: /Dave Diaz.*Staging deploy is done/ });
    expect(within(button).getByText('Staging').tagName).toBe('MARK');
    await act(async () => fireEvent.click(button));
    expect(a.core.callsTo('$openSearchHit')).toEqual([['eng', 'h1']]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'More results' })));
    expect(a.core.callsTo('$searchChannelMore')).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close search' })));
    expect(a.core.callsTo('$closeChannelSearch')).toHaveLength(1);
    expect(screen.queryByRole('search', { name: 'Search this conversation' })).toBeNull();
  });
});

describe('the conversation at a hit', () => {
  it('highlights the hit, pages the window either way and jumps back to the newest', async () => {
    const a = renderApp({
      path: '/conversations/eng',
      patches: [
        snapshot({
          channels: { put: [eng], remove: [] },
          conversation: {
            address: 'eng',
            reset: true,
            meta: metaView('eng', { context: { anchor: 'm2', hasBefore: true, hasAfter: true } }),
            messages: { put: ['m1', 'm2', 'm3'].map((g, i) => messageView({ guid: g, address: 'eng', sortKey: String(i) })), remove: [] },
          },
        }),
      ],
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    const current = within(log)
      .getAllByRole('article')
      .filter((el) => el.getAttribute('aria-current') === 'true');
    expect(current.map((el) => el.textContent)).toEqual([expect.stringContaining('message m2')]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load older messages' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Load newer messages' })));
    expect(a.core.callsTo('$loadContext')).toEqual([
      ['eng', 'before'],
      ['eng', 'after'],
    ]);
    expect(a.core.callsTo('$loadOlder')).toEqual([]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Jump to latest messages' })));
    expect(a.core.callsTo('$closeContext')).toEqual([['eng']]);
  });

  it("renders the bot's choices as buttons that answer it", async () => {
    const a = renderApp({
      path: '/conversations/bot',
      patches: [
        snapshot({
          channels: { put: [channelView({ address: 'bot', name: 'Plaza Bot', group: 'direct' })], remove: [] },
          conversation: {
            address: 'bot',
            reset: true,
            meta: metaView('bot'),
            messages: {
              put: [
                messageView({ guid: 'b1', address: 'bot', author: 'Plaza Bot', parts: [{ type: 'text', text: 'Shall I show you around?' }, { type: 'command', code: 'bot:handbook', text: 'Show me around' }] }),
                messageView({ guid: 'b2', address: 'bot', isOwn: true, sortKey: 'z', parts: [{ type: 'command', code: 'bot:handbook', text: 'Show me around' }] }),
              ],
              remove: [],
            },
          },
        }),
      ],
    });
    const log = screen.getByRole('log', { name: 'Messages' });
    const buttons = within(log).getAllByRole('button', { name: 'Show me around' });
    expect(buttons).toHaveLength(1); // the user's own answer reads as text
    await act(async () => fireEvent.click(buttons[0]!));
    expect(a.core.callsTo('$answerBot')).toEqual([['bot', 'bot:handbook', 'Show me around']]);
  });
});

describe('global search', () => {
  it('the search page refuses a term of spaces only with the reason, rather than leave the last results unexplained', async () => {
    const a = renderApp({ path: '/search?q=staging', patches: [snapshot({ channels: { put: [eng], remove: [] } })] });
    expect(a.core.callsTo('$searchGlobal')).toHaveLength(1);
    const form = screen.getByRole('search', { name: 'Search everything' });
    fireEvent.change(within(form).getByRole('searchbox', { name: 'Search for' }), { target: { value: '   ' } });
    a.core.results.$searchGlobal = fail({ name: 'InvalidRequest', message: 'Type a search term or choose a filter.', field: 'term' });
    await act(async () => fireEvent.submit(form));
    expect(a.core.callsTo('$searchGlobal').at(-1)).toEqual([{ ...DEFAULT_GLOBAL_QUERY, term: '   ', timeFrame: null }]);
    expect(screen.getByRole('alert').textContent).toBe('Type a search term or choose a filter.');
    expect(within(form).getByRole('searchbox', { name: 'Search for' })).toHaveProperty('value', '   ');
  });

  it('the header search opens the page, which searches and shows each source', async () => {
    const a = renderApp({ path: '/', patches: [snapshot({ channels: { put: [eng], remove: [] } })] });
    const header = screen.getByRole('search', { name: 'Search Plaza' });
    fireEvent.change(within(header).getByRole('searchbox', { name: 'Search Plaza' }), { target: { value: 'staging' } });
    await act(async () => fireEvent.submit(header));
    expect(a.location()).toBe('/search?q=staging');
    expect(a.core.callsTo('$searchGlobal')).toEqual([[{ ...DEFAULT_GLOBAL_QUERY, term: 'staging', timeFrame: null }]]);
    a.push({
      seq: 2,
      reset: false,
      search: {
        channel: null,
        global: {
          query: { ...DEFAULT_GLOBAL_QUERY, term: 'staging' },
          sources: [
            { source: 'channels', label: 'Channels', status: 'done', error: null, items: [] },
            { source: 'messages', label: 'Messages', status: 'done', error: null, items: [hit('h1', ' is green')], resultCount: 1 },
            { source: 'people', label: 'People', status: 'error', error: 'Network error', items: [] },
            { source: 'meetings', label: 'Meetings', status: 'unavailable', error: null, items: [] },
            { source: 'files', label: 'Files', status: 'off', error: null, items: [] },
          ],
        },
      },
    });
    const region = (name: RegExp) => screen.getByRole('region', { name });
    expect(within(region(/^Channels/)).getByText('Nothing found.')).toBeTruthy();
    expect(within(region(/^People/)).getByText('Could not search people: Network error')).toBeTruthy();
    expect(within(region(/^Meetings/)).getByText('Meetings are not in Plaza yet.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Files/ })).toBeNull();
    await act(async () => fireEvent.click(within(region(/^Messages/)).getByRole('button', { name: /Dave Diaz in Engineering/ })));
    expect(a.location()).toBe('/conversations/eng');
    expect(a.core.callsTo('$openSearchHit')).toEqual([['eng', 'h1']]);
  });

  it('the header box shows the open search, is emptied on leaving it, and keeps what is being typed elsewhere', async () => {
    const a = renderApp({ path: '/search?q=deploy', patches: [snapshot({ channels: { put: [eng], remove: [] } })] });
    const box = () => within(screen.getByRole('search', { name: 'Search Plaza' })).getByRole('searchbox', { name: 'Search Plaza' }) as HTMLInputElement;
    expect(box().value).toBe('deploy');
    await act(async () => a.router.navigate('/search?q=staging'));
    expect(box().value).toBe('staging');
    await act(async () => a.router.navigate('/conversations/eng'));
    expect(box().value).toBe('');
    fireEvent.change(box(), { target: { value: 'half typ' } });
    await act(async () => a.router.navigate('/'));
    expect(box().value).toBe('half typ');
  });

  it('sends the advanced options', async () => {
    const a = renderApp({ path: '/search', patches: [snapshot()] });
    const form = screen.getByRole('search', { name: 'Search everything' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'People' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Flagged messages only' }));
    fireEvent.change(within(form).getByLabelText('On or before'), { target: { value: '2025-06-30' } });
    await act(async () => fireEvent.submit(form));
    expect(a.core.callsTo('$searchGlobal')).toEqual([[{ ...DEFAULT_GLOBAL_QUERY, people: false, flagged: true, term: '', timeFrame: { start: null, end: new Date(2025, 5, 30).getTime() + 86_400_000 - 1 } }]]);
  });
});
