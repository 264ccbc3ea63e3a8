/** Search in the core: the rules of spec 2 §5, stale answers, and jumping to a hit (load_context → the conversation shows the window). */
import { describe, expect, it } from 'vitest';
import type { ChannelWire, MessageWire, UserWire } from '../../protocol/entities';
import { DEFAULT_GLOBAL_QUERY, EMPTY_CHANNEL_QUERY } from '../../protocol/rules/search-query';
import type { ViewPatch } from '../../protocol/views';
import { startHarness, type Harness, type Route } from './harness';

const P = '/secure/data/confirmed/corporate';
const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
const eng: ChannelWire = { guid: 'eng-g', address: 'eng', name: 'Engineering', channel_type: 1, etype: 'channel' };
const msg = (guid: string, created: number, text = guid): MessageWire => ({ guid, address: 'eng', created, from_guid: 'alice', from_first_name: 'Alice', from_last_name: 'A', json: JSON.stringify([{ type: 'text', text }]) });

async function signedIn(extra: Record<string, Route>): Promise<Harness> {
  const h = await startHarness({
    routes: {
      '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-0123456789abcdef', user: bob } }),
      [`${P}/channels/list`]: () => ({ status: 200, body: { isOk: true, channels: [eng] } }),
      [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob] } }),
      [`${P}/messages/history`]: () => ({ status: 200, body: { isOk: true, data: [msg('m100', 100)], page_size: 50 } }),
      ...extra,
    },
  });
  await h.core.api.$signIn('bob@acme.test', 'plaza-demo');
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

const searchCalls = (h: Harness) => h.calls.filter((c) => c.path.endsWith('/messages/search')).map((c) => c.body);
const last = <K extends keyof ViewPatch>(h: Harness, key: K) => h.patches.filter((p) => p[key] !== undefined).at(-1)![key]!;

describe('in-channel search', () => {
  it('runs only with a term or a filter; an empty term with a filter is sent as a single space', async () => {
    const h = await signedIn({ [`${P}/messages/search`]: () => ({ status: 200, body: { isOk: true, messages: [], result_count: 0, terms: [] } }) });
    expect(await h.core.api.$searchChannel('eng', { ...EMPTY_CHANNEL_QUERY, term: '   ' })).toEqual({
      ok: false,
      error: { name: 'InvalidRequest', message: 'Type a search term or choose a filter.', field: 'term' },
    });
    expect(searchCalls(h)).toEqual([]);
    await h.core.api.$searchChannel('eng', { ...EMPTY_CHANNEL_QUERY, from_name: ' Alice ' });
    await h.core.api.$searchChannel('eng', { ...EMPTY_CHANNEL_QUERY, flags: [2], include_files: true, date_range: { start: 5, end: null } });
    await h.core.api.$searchChannel('eng', { ...EMPTY_CHANNEL_QUERY, term: ' deploy ' });
    expect(searchCalls(h)).toEqual([
      { address: 'eng', term: ' ', page: 0, flags: [], include_files: false, date_range: null, from_name: 'Alice' },
      { address: 'eng', term: ' ', page: 0, flags: [2], include_files: true, date_range: { start: 5, end: null }, from_name: '' },
      { address: 'eng', term: 'deploy', page: 0, flags: [], include_files: false, date_range: null, from_name: '' },
    ]);
  });

  it('drops the answer of a search a newer one replaced, and loads more pages', async () => {
    const answers: ((v: unknown) => void)[] = [];
    const h = await signedIn({
      [`${P}/messages/search`]: (body) =>
        new Promise((resolve) => {
          const hits = body.term === 'old' ? [msg('o1', 1, 'old')] : Array.from({ length: body.page === 0 ? 50 : 10 }, (_, i) => msg(`n${body.page}-${i}`, 1000 - i, 'new'));
          answers.push(() => resolve({ status: 200, body: { isOk: true, messages: hits, result_count: 60, terms: [body.term] } }));
        }),
    });
    const first = h.core.api.$searchChannel('eng', { ...EMPTY_CHANNEL_QUERY, term: 'old' });
    const second = h.core.api.$searchChannel('eng', { ...EMPTY_CHANNEL_QUERY, term: 'new' });
    await h.clock.advance(0);
    answers[1]!(null);
    await second;
    answers[0]!(null);
    await first;
    h.frame();
    let view = last(h, 'search').channel!;
    expect(view.hits).toHaveLength(50);
    expect(view.hits[0]!.snippet).toEqual([{ text: 'new', match: true }]);
    expect(view.hasMore).toBe(true);
    const more = h.core.api.$searchChannelMore();
    await h.clock.advance(0);
    answers[2]!(null);
    await more;
    h.frame();
    view = last(h, 'search').channel!;
    expect([view.hits.length, view.hasMore, view.status]).toEqual([60, false, 'done']);
  });
});

describe('global search', () => {
  it('asks messages and people, matches channels locally, marks meetings and files unavailable', async () => {
    const h = await signedIn({
      [`${P}/messages/global_search`]: () => ({ status: 200, body: { isOk: true, messages: [msg('g1', 7, 'engine room')], result_count: 1, terms: ['engine'] } }),
      [`${P}/members/search`]: () => ({ status: 200, body: { isOk: true, members: [{ ...bob, target_user_guid: 'eng-bob', email: 'engbob@acme.test', name: 'Engine Bob' }] } }),
    });
    expect((await h.core.api.$searchGlobal({ ...DEFAULT_GLOBAL_QUERY, term: 'engine' })).ok).toBe(true);
    h.frame();
    const sources = last(h, 'search').global!.sources;
    expect(sources.map((s) => [s.source, s.status, s.items.length])).toEqual([
      ['channels', 'done', 1],
      ['messages', 'done', 1],
      ['people', 'done', 1],
      ['meetings', 'unavailable', 0],
      ['files', 'unavailable', 0],
    ]);
    expect(h.calls.find((c) => c.path.endsWith('/global_search'))?.body).toEqual({ term: 'engine', page: 0, date_range: null, flagged: false });
    // Flagged only: no term is sent as a space, and people are not asked.
    await h.core.api.$searchGlobal({ ...DEFAULT_GLOBAL_QUERY, flagged: true });
    expect(h.calls.filter((c) => c.path.endsWith('/global_search')).at(-1)?.body).toEqual({ term: ' ', page: 0, date_range: null, flagged: true });
    expect(h.calls.filter((c) => c.path.endsWith('/members/search'))).toHaveLength(1);
    expect((await h.core.api.$searchGlobal({ ...DEFAULT_GLOBAL_QUERY })).ok).toBe(false);
  });

  it('refuses to look nowhere: with every source unchecked it says so instead of showing nothing', async () => {
    const h = await signedIn({});
    const nowhere = { ...DEFAULT_GLOBAL_QUERY, term: 'engine', conversations: false, messages: false, people: false, meetings: false, files: false };
    expect(await h.core.api.$searchGlobal(nowhere)).toEqual({ ok: false, error: { name: 'InvalidRequest', message: 'Choose at least one place to look in.', field: 'sources' } });
    expect(h.calls.filter((c) => c.path.endsWith('/global_search') || c.path.endsWith('/members/search'))).toEqual([]);
    // One source is enough, even one Plaza does not have yet (it says so).
    expect((await h.core.api.$searchGlobal({ ...nowhere, files: true })).ok).toBe(true);
  });
});

describe('jumping to a hit', () => {
  it('shows the messages around the hit in the conversation, extends it, and goes back to the newest', async () => {
    const h = await signedIn({
      [`${P}/messages/load_context`]: (body) =>
        body.direction === 'both'
          ? { status: 200, body: { isOk: true, messages: [msg('m40', 40), msg('m41', 41), msg('m42', 42)], has_before: true, has_after: true } }
          : body.direction === 'before'
            ? { status: 200, body: { isOk: true, messages: [msg('m39', 39)], has_before: false, has_after: true } }
            : { status: 200, body: { isOk: true, messages: [msg('m43', 43)], has_before: true, has_after: true } },
    });
    await h.core.api.$openConversation('eng');
    expect((await h.core.api.$openSearchHit('eng', 'm41')).ok).toBe(true);
    h.frame();
    let c = last(h, 'conversation');
    expect(c.reset).toBe(true);
    expect(c.messages.put.map((m) => m.guid)).toEqual(['m40', 'm41', 'm42']);
    expect(c.meta?.context).toEqual({ anchor: 'm41', hasBefore: true, hasAfter: true });
    await h.core.api.$loadContext('eng', 'before');
    await h.core.api.$loadContext('eng', 'after');
    expect(h.calls.filter((c2) => c2.path.endsWith('/load_context')).map((c2) => [c2.body.guid, c2.body.direction])).toEqual([
      ['m41', 'both'],
      ['m40', 'before'],
      ['m42', 'after'],
    ]);
    h.frame();
    c = last(h, 'conversation');
    expect(c.messages.put.map((m) => m.guid)).toEqual(['m39', 'm40', 'm41', 'm42', 'm43']);
    expect(c.meta?.context).toEqual({ anchor: 'm41', hasBefore: false, hasAfter: true });
    await h.core.api.$closeContext('eng');
    h.frame();
    c = last(h, 'conversation');
    expect(c.messages.put.map((m) => m.guid)).toEqual(['m100']);
    expect(c.meta?.context).toBeNull();
  });
});
