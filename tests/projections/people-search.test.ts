/**
 * The people and search projections: presence with others' automatic 'active'
 * expiring after 30 s, own statuses, connections, contact results, search
 * results by id, the window around a hit — and, for all of them, folding
 * incrementally equals rebuilding from the log.
 */
import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { canonicalJson } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, foldAll, type Projections } from '../../projections/fold';
import { nextPresenceExpiry } from '../../projections/presence';
import { contactResults } from '../../projections/views/people-view';
import { highlight, searchView } from '../../projections/views/search-view';
import { userView } from '../../projections/views/user-view';
import type { DomainEvent } from '../../protocol/events';
import type { SearchHit } from '../../protocol/rest/search';
import { EMPTY_CHANNEL_QUERY, DEFAULT_GLOBAL_QUERY } from '../../protocol/rules/search-query';

const me = user({ target_user_guid: 'me' });
const hit = (guid: string, address: string, created: number, text = `hit ${guid}`): SearchHit => ({
  message: message({ guid, address, created, from_guid: 'alice', text }),
  is_search_hit: true,
  before: [],
  after: [],
});

describe('presence', () => {
  it("turns another user's automatic 'active' idle 30 s after it was last heard, by envelope time", () => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: me })
      .add({ type: 'users.listed', users: [user({ target_user_guid: 'bob', connection_state: 'active' }), user({ target_user_guid: 'carol', connection_state: 'offline' })] });
    let p = foldAll(log.envelopes);
    expect(nextPresenceExpiry(p.presence)).toBe(T0 + 30_000);
    log.advance(20_000).add({ type: 'presence.changed', user_guid: 'bob', connection_state: 'active', custom_status: null });
    log.advance(15_000).add({ type: 'clock.ticked' });
    p = foldAll(log.envelopes);
    expect(p.presence.byGuid.get('bob')?.connection_state).toBe('active'); // refreshed at +20 s: due at +50 s
    log.advance(15_000).add({ type: 'clock.ticked' });
    p = foldAll(log.envelopes);
    expect(p.presence.byGuid.get('bob')?.connection_state).toBe('idle');
    expect(nextPresenceExpiry(p.presence)).toBeNull();
    expect(userView(p.session.usersByGuid.get('bob')!, { presence: p.presence.byGuid.get('bob') }).status).toBe('Idle');
  });

  it('keeps a custom status (no expiry), hides an unknown one, and shows a blocked user as blocked', () => {
    const status = { icon: 'easel', text: 'In a meeting', color: 'red' };
    const log = new LogBuilder()
      .add({ type: 'users.listed', users: [user({ target_user_guid: 'bob' }), user({ target_user_guid: 'dave', is_blocked: true, connection_state: 'active' })] })
      .add({ type: 'presence.changed', user_guid: 'bob', connection_state: 'active', custom_status: status })
      .advance(60_000)
      .add({ type: 'clock.ticked' });
    const p = foldAll(log.envelopes);
    const bob = userView(p.session.usersByGuid.get('bob')!, { presence: p.presence.byGuid.get('bob') });
    expect(bob.status).toBe('Active');
    expect(bob.customStatus).toEqual({ icon: 'easel', iconLabel: 'Presentation', text: 'In a meeting', color: 'red' });
    const odd = userView(user({ target_user_guid: 'x' }), { presence: { connection_state: 'idle', custom_status: { icon: 'rocket', text: 'Launch', color: 'green' } } });
    expect(odd.customStatus).toBeNull();
    expect(userView(p.session.usersByGuid.get('dave')!, { presence: p.presence.byGuid.get('dave') }).status).toBe('Blocked');
  });

  it('shows someone the company blocks as blocked from then on, whatever details were loaded before; and no longer once reinstated', () => {
    const status = { icon: 'easel', text: 'In a meeting', color: 'red' };
    const gina = user({ target_user_guid: 'gina', company_guid: 'globex', connection_state: 'active', custom_status: status });
    const log = new LogBuilder()
      .add({ type: 'users.listed', users: [gina] })
      .add({ type: 'user.detailed', user: { ...gina, job_title: 'Launch coordinator' }, blocked: false });
    const viewOf = (p: Projections) => userView(p.session.usersByGuid.get('gina')!, { presence: p.presence.byGuid.get('gina'), detailed: p.people.details.get('gina')?.user });
    expect(viewOf(foldAll(log.envelopes))).toMatchObject({ status: 'Active', customStatus: { text: 'In a meeting' } });
    log.add({ type: 'user.blocked_changed', user_guid: 'gina', is_blocked: true });
    expect(viewOf(foldAll(log.envelopes))).toMatchObject({ status: 'Blocked', customStatus: null, details: { job_title: 'Launch coordinator' } });
    // Her presence goes on (she is online elsewhere): still blocked.
    log.add({ type: 'presence.changed', user_guid: 'gina', connection_state: 'idle', custom_status: null });
    expect(viewOf(foldAll(log.envelopes)).status).toBe('Blocked');
    log.add({ type: 'user.blocked_changed', user_guid: 'gina', is_blocked: false });
    expect(viewOf(foldAll(log.envelopes)).status).toBe('Idle');
    // The directory's next word stands, and so do details saying she is blocked (users/details refused).
    log.add({ type: 'users.listed', users: [{ ...gina, is_blocked: true }] });
    expect(viewOf(foldAll(log.envelopes)).status).toBe('Blocked');
    log.add({ type: 'users.listed', users: [gina] }).add({ type: 'user.detailed', user: { ...gina, is_blocked: true }, blocked: true });
    expect(viewOf(foldAll(log.envelopes)).status).toBe('Blocked');
    // Someone not in the directory: nothing to mark.
    expect(foldAll(log.add({ type: 'user.blocked_changed', user_guid: 'nobody', is_blocked: true }).envelopes).session.usersByGuid.has('nobody')).toBe(false);
  });
});

describe('contact results', () => {
  it('drop contacts without email and blocked users, de-duplicate by lower-cased address, best match first', () => {
    const presence = foldAll([]).presence;
    const results = contactResults(
      [
        user({ target_user_guid: 'a', first_name: 'Ann', last_name: 'Lee', email: 'Ann@Acme.test' }),
        user({ target_user_guid: 'a2', first_name: 'Ann', last_name: 'Lee (old)', email: 'ann@acme.test' }),
        user({ target_user_guid: 'b', first_name: 'Joanne', last_name: 'Ray', email: 'jo@acme.test' }),
        user({ target_user_guid: 'c', first_name: 'Annika', last_name: 'Blocked', email: 'annika@acme.test', is_blocked: true }),
        user({ target_user_guid: 'd', first_name: 'Anna', last_name: 'NoMail', email: '' }),
        user({ target_user_guid: 'e', first_name: 'Zed', last_name: 'Ann', email: 'zed@globex.test', company_guid: 'globex' }),
      ],
      'ann',
      presence,
      { myCompany: 'acme' },
    );
    expect(results.map((r) => [r.address, r.score, r.type])).toEqual([
      ['ann@acme.test', 1, 'user'],
      ['zed@globex.test', 0.8, 'connection'],
      ['jo@acme.test', 0.5, 'user'],
    ]);
    expect(results[0]).toMatchObject({ initial: 'A', is_external: false, status: 'Idle' });
  });
});

describe('search', () => {
  it('applies results only of the current search, and pages append', () => {
    const q = { ...EMPTY_CHANNEL_QUERY, term: 'deploy' };
    const log = new LogBuilder()
      .add({ type: 'channels.listed', channels: [channel({ address: 'a', name: 'Alpha' })] })
      .add({ type: 'channel_search.started', id: 's1', address: 'a', query: q, page: 0 })
      .add({ type: 'channel_search.started', id: 's2', address: 'a', query: { ...q, term: 'green' }, page: 0 })
      .add({ type: 'channel_search.results', id: 's1', page: 0, hits: [hit('old', 'a', T0)], result_count: 1, terms: ['deploy'] })
      .add({ type: 'channel_search.results', id: 's2', page: 0, hits: [hit('m2', 'a', T0 + 2, 'green light')], result_count: 2, terms: ['green'] })
      .add({ type: 'channel_search.started', id: 's3', address: 'a', query: { ...q, term: 'green' }, page: 1 })
      .add({ type: 'channel_search.results', id: 's3', page: 1, hits: [hit('m1', 'a', T0 + 1, 'greenish')], result_count: 2, terms: ['green'] });
    const p = foldAll(log.envelopes);
    expect(p.search.channel?.hits.map((h) => h.message.guid)).toEqual(['m2', 'm1']);
    const view = searchView(p.search, p.channels, p.presence, null).channel!;
    expect(view).toMatchObject({ status: 'done', resultCount: 2, hasMore: false });
    expect(view.hits[0]!.snippet).toEqual([
      { text: 'green', match: true },
      { text: ' light', match: false },
    ]);
    expect(view.hits[0]!.channelName).toBe('Alpha');
    expect(view.hits[0]!.file).toBeNull();
    // A deleted message leaves the results.
    log.add({ type: 'message.deleted', address: 'a', guid: 'm2' });
    expect(foldAll(log.envelopes).search.channel?.hits.map((h) => h.message.guid)).toEqual(['m1']);
  });

  it('a hit that shares a file names it, as the message does in its conversation', () => {
    const q = { ...EMPTY_CHANNEL_QUERY, term: 'green', include_files: true };
    const found = hit('m3', 'a', T0, 'green report');
    const p = foldAll(
      new LogBuilder()
        .add({ type: 'channels.listed', channels: [channel({ address: 'a', name: 'Alpha' })] })
        .add({ type: 'channel_search.started', id: 's1', address: 'a', query: q, page: 0 })
        .add({ type: 'channel_search.results', id: 's1', page: 0, hits: [{ ...found, message: { ...found.message, file_guid: 'f1', file_name: 'report.pdf', file_size: 2_048 } }], result_count: 1, terms: ['green'] }).envelopes,
    );
    expect(searchView(p.search, p.channels, p.presence, null).channel!.hits[0]!.file).toEqual({ name: 'report.pdf', size: 2_048, link: null });
  });

  it('global search shows each source: channels matched locally, meetings and files unavailable', () => {
    const log = new LogBuilder()
      .add({ type: 'channels.listed', channels: [channel({ address: 'd', name: 'Design' }), channel({ address: 'e', name: 'Engineering' })] })
      .add({ type: 'global_search.started', id: 'g', query: { ...DEFAULT_GLOBAL_QUERY, term: 'des', files: false } })
      .add({ type: 'global_search.failed', id: 'g', source: 'people', message: 'offline' });
    const p = foldAll(log.envelopes);
    const sources = searchView(p.search, p.channels, p.presence, null).global!.sources;
    expect(sources.map((s) => [s.source, s.status])).toEqual([
      ['channels', 'done'],
      ['messages', 'searching'],
      ['people', 'error'],
      ['meetings', 'unavailable'],
      ['files', 'off'],
    ]);
    expect(sources[0]!.items.map((c) => ('name' in c ? c.name : ''))).toEqual(['Design']);
  });

  it('highlights word prefixes only', () => {
    expect(highlight('Deploy the deployment; redeploy', ['deploy'])).toEqual([
      { text: 'Deploy', match: true },
      { text: ' the ', match: false },
      { text: 'deploy', match: true },
      { text: 'ment; redeploy', match: false },
    ]);
  });
});

describe('the window around a hit', () => {
  it('opens, extends both ways, takes new messages only at the newest end, and closes on another conversation', () => {
    const m = (guid: string, created: number) => message({ guid, address: 'a', created, from_guid: 'alice' });
    const log = new LogBuilder()
      .add({ type: 'channel.opened', address: 'a' })
      .add({ type: 'context.loaded', address: 'a', anchor: 'm5', direction: 'both', messages: [m('m4', 4), m('m5', 5), m('m6', 6)], has_before: true, has_after: true })
      .add({ type: 'message.received', message: m('m9', 9) })
      .add({ type: 'context.loaded', address: 'a', anchor: 'm5', direction: 'before', messages: [m('m2', 2), m('m3', 3)], has_before: false, has_after: true });
    let w = foldAll(log.envelopes).context.window!;
    expect(w.store.order).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
    expect([w.anchor, w.hasBefore, w.hasAfter]).toEqual(['m5', false, true]);
    log.add({ type: 'context.loaded', address: 'a', anchor: 'm5', direction: 'after', messages: [m('m7', 7)], has_before: true, has_after: false });
    log.add({ type: 'message.received', message: m('m10', 10) });
    log.add({ type: 'message.deleted', address: 'a', guid: 'm3' });
    w = foldAll(log.envelopes).context.window!;
    expect(w.store.order).toEqual(['m2', 'm4', 'm5', 'm6', 'm7', 'm10']);
    log.add({ type: 'channel.opened', address: 'b' });
    expect(foldAll(log.envelopes).context.window).toBeNull();
  });
});

/** Random logs over the people and search events, with some of the events they react to. */
function randomLog(seed: number, length: number): LogBuilder {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const people = ['bob', 'carol', 'dave'];
  const states = ['active', 'idle', 'offline', ''];
  const statuses = [null, { icon: 'home', text: 'Home', color: 'green' }, { icon: 'rocket', text: '?', color: 'blue' }];
  const log = new LogBuilder().add({ type: 'session.started', user: me });
  let n = 0;
  const ids: string[] = [];
  for (let i = 0; i < length; i++) {
    log.advance(Math.floor(rand() * 20_000));
    const r = rand();
    let event: DomainEvent;
    if (r < 0.15) event = { type: 'presence.changed', user_guid: pick(people), connection_state: pick(states), custom_status: pick(statuses) };
    else if (r < 0.22) event = { type: 'users.listed', users: people.filter(() => rand() < 0.8).map((g) => user({ target_user_guid: g, connection_state: pick(states) })) };
    else if (r < 0.3) event = { type: 'clock.ticked' };
    else if (r < 0.34) event = { type: 'self.activity', idle: rand() < 0.5 };
    else if (r < 0.38) event = { type: 'statuses.listed', statuses: [{ icon: 'home', text: 'Home', color: 'green', selected: rand() < 0.5 }] };
    else if (r < 0.42) {
      const blocked = rand() < 0.2;
      event = rand() < 0.5 ? { type: 'user.detailed', user: user({ target_user_guid: pick(people), job_title: 'x', is_blocked: blocked }), blocked } : { type: 'user.blocked_changed', user_guid: pick(people), is_blocked: blocked };
    }
    else if (r < 0.46) event = { type: 'people.searched', term: 'b', users: [user({ target_user_guid: pick(people) })] };
    else if (r < 0.5) event = { type: 'connection_request.added', request: { guid: `r${n++ % 3}`, target_user_guid: 'x', email: '', first_name: 'X', last_name: 'Y', created: log.now } };
    else if (r < 0.53) event = { type: 'connection_request.removed', guid: `r${Math.floor(rand() * 3)}` };
    else if (r < 0.56) event = { type: 'connect_link.upserted', link: { cl_guid: `l${Math.floor(rand() * 3)}`, code: 'C', expires: log.now, team_guid: null, ttl_seconds: 60, max_clicks: 10, clicks: Math.floor(rand() * 10) } };
    else if (r < 0.58) event = { type: 'connect_link.removed', cl_guid: `l${Math.floor(rand() * 3)}` };
    else if (r < 0.6) event = pick<DomainEvent>([{ type: 'bot.failed', message: 'x' }, { type: 'bot.error.dismissed' }]);
    else if (r < 0.66) {
      const id = `s${n++}`;
      ids.push(id);
      event = { type: 'channel_search.started', id, address: pick(['a', 'b']), query: { ...EMPTY_CHANNEL_QUERY, term: 'x' }, page: Math.floor(rand() * 2) };
    } else if (r < 0.72 && ids.length) event = { type: 'channel_search.results', id: pick(ids), page: 0, hits: [hit(`h${n++}`, 'a', log.now)], result_count: 3, terms: ['x'] };
    else if (r < 0.76) {
      const id = `g${n++}`;
      ids.push(id);
      event = { type: 'global_search.started', id, query: { ...DEFAULT_GLOBAL_QUERY, term: 'x' } };
    } else if (r < 0.8 && ids.length) event = { type: 'global_search.results', id: pick(ids), source: 'messages', hits: [hit(`h${n++}`, 'b', log.now)], result_count: 1, terms: [] };
    else if (r < 0.86) {
      const address = pick(['a', 'b']);
      event = { type: 'context.loaded', address, anchor: `c${n}`, direction: pick(['both', 'before', 'after'] as const), messages: [message({ guid: `c${n++}`, address, created: log.now, from_guid: 'bob' })], has_before: rand() < 0.5, has_after: rand() < 0.5 };
    } else if (r < 0.9) event = { type: 'message.received', message: message({ guid: `c${n++}`, address: pick(['a', 'b']), created: log.now, from_guid: 'bob' }) };
    else if (r < 0.93) event = { type: 'channel.opened', address: pick(['a', 'b', null]) };
    else if (r < 0.96) event = { type: 'context.closed', address: pick(['a', 'b']) };
    else event = pick<DomainEvent>([{ type: 'channel_search.closed' }, { type: 'global_search.closed' }, { type: 'message.deleted', address: 'a', guid: `c${Math.floor(rand() * n)}` }]);
    log.add(event);
  }
  return log;
}

describe('incremental folding equals rebuilding, for the people and search events', () => {
  it('for 150 random logs, resumed from a rebuilt prefix', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const { envelopes } = randomLog(seed, 100);
      const fromScratch = canonicalJson(foldAll(envelopes));
      const cut = (seed * 7) % envelopes.length;
      const live = foldAll(envelopes.slice(0, cut));
      const changes = createChangeSet();
      for (const envelope of envelopes.slice(cut)) applyEnvelope(live, envelope, changes);
      expect(canonicalJson(live), `seed ${seed}`).toBe(fromScratch);
    }
  });
});
