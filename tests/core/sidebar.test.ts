/**
 * The heavy user's sidebar in the core: mark all read (everywhere and for a
 * group of conversations, locally at once and on the server), sidebar
 * preferences kept in the log and show_last on the server, and the capped
 * prefetch of likely conversations (mentions first, two requests at a time).
 */
import { describe, expect, it } from 'vitest';
import { PREFETCH_CHANNELS, PREFETCH_CONCURRENCY } from '../../core-worker/features/prefetch';
import type { ChannelWire, MessageWire, UserWire } from '../../protocol/entities';
import type { HttpResponse } from '../../core-worker/ports';
import { T0 } from '../../fixtures/builders';
import { PERSIST_DELAY_MS } from '../../core-worker/event-log';
import { ManualClock, startHarness, type Harness, type Route } from './harness';

const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' };
const last = (address: string, created: number): MessageWire => ({
  guid: `last-${address}`,
  address,
  created,
  from_guid: 'alice',
  json: JSON.stringify([{ type: 'text', text: 'hi' }]),
});
const team = (i: number, unread = 0, mentions = 0): ChannelWire => ({
  guid: `g${i}`,
  address: `c${i}`,
  name: `Team ${i}`,
  channel_type: 1,
  etype: 'channel',
  unread_messages: unread,
  unread_mentions: mentions,
  last_message: last(`c${i}`, T0 + i),
  last_message_ts: T0 + i,
});

function routes(channels: ChannelWire[], extra: Record<string, Route> = {}): Record<string, Route> {
  return {
    '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-token-token', user: bob } }),
    '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels } }),
    '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: [bob] } }),
    '/secure/data/confirmed/corporate/messages/history': () => ({ status: 200, body: { isOk: true, data: [], page_size: 50 } }),
    '/secure/data/confirmed/corporate/messages/changes': (b) => ({ status: 200, body: { isOk: true, messages: [], deleted: [], cursor: b.since ?? 7, has_more: false } }),
    '/secure/data/confirmed/corporate/messages/bookmarks': (b) => ({ status: 200, body: { isOk: true, updated: b.guids.length } }),
    '/secure/data/confirmed/corporate/ui_preferences': (b) => ({ status: 200, body: { isOk: true, settings_json: b.settings_json ?? { msg_sorting: { az: { show_last: 50 }, recent: { show_last: null } } } } }),
    ...extra,
  };
}

async function signedIn(channels: ChannelWire[], extra: Record<string, Route> = {}): Promise<Harness> {
  const h = await startHarness({ routes: routes(channels, extra) });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

const unreadOf = (h: Harness, address: string) => h.core.projections.unread.byAddress.get(address)?.count;

describe('mark all read', () => {
  it('marks every unread conversation read up to its newest message, at once and on the server', async () => {
    const h = await signedIn([team(1, 3, 1), team(2, 0), team(3, 5)]);
    expect(h.core.projections.unread.total).toBe(8);
    expect(h.core.projections.unread.mentionTotal).toBe(1);
    const result = await h.core.api.$markAllRead();
    expect(result).toEqual({ ok: true, value: { marked: 2 } });
    expect(h.core.projections.unread.total).toBe(0);
    expect(h.core.projections.unread.mentionTotal).toBe(0);
    expect(h.calls.filter((c) => c.path.endsWith('/messages/bookmarks')).map((c) => c.body)).toEqual([{ guids: ['last-c1', 'last-c3'] }]);
    expect(h.core.projections.unread.byAddress.get('c3')?.bookmark).toEqual({ guid: 'last-c3', created: T0 + 3 });
  });

  it('marks only the given conversations (a sidebar group or a folder)', async () => {
    const h = await signedIn([team(1, 3), team(2, 2), team(3, 5)]);
    expect(await h.core.api.$markAllRead(['c2', 'c3', 'unknown'])).toEqual({ ok: true, value: { marked: 2 } });
    expect([unreadOf(h, 'c1'), unreadOf(h, 'c2'), unreadOf(h, 'c3')]).toEqual([3, 0, 0]);
  });

  it('says when the server did not take it', async () => {
    const h = await signedIn([team(1, 3)], { '/secure/data/confirmed/corporate/messages/bookmarks': () => ({ status: 500, body: { isOk: false, message: 'Internal server error' } }) });
    const result = await h.core.api.$markAllRead();
    expect(result.ok).toBe(false);
  });

  it('spreads the sidebar update of thousands of conversations over several small patches', async () => {
    const channels = Array.from({ length: 1_000 }, (_, i) => team(i, 1));
    const h = await signedIn(channels);
    const before = h.patches.length;
    await h.core.api.$markAllRead();
    for (let i = 0; i < 20; i++) h.frame();
    const diffs = h.patches.slice(before).filter((p) => p.channels);
    expect(diffs.length).toBeGreaterThanOrEqual(10);
    expect(diffs.reduce((n, p) => n + p.channels!.put.length, 0)).toBe(1_000);
    for (const p of diffs) expect(JSON.stringify(p).length).toBeLessThan(64 * 1024);
  });

  it('sends the open conversation’s entry first while such an update is still spreading (the UI would say it is no longer available)', async () => {
    const channels = Array.from({ length: 1_000 }, (_, i) => team(i, 1));
    const h = await signedIn(channels);
    await h.core.api.$markAllRead();
    h.frame();
    // The conversation opened (from the quick switcher) is near the end of the backlog.
    const before = h.patches.length;
    await h.core.api.$openConversation('c990');
    h.frame();
    const first = h.patches.slice(before).find((p) => p.channels);
    expect(first?.channels?.put.map((e) => e.address)).toContain('c990');
  });

  it('says while such an update is still spreading, so the UI does not take a missing entry for a conversation left', async () => {
    const channels = Array.from({ length: 1_000 }, (_, i) => team(i, 1));
    const h = await signedIn(channels);
    const before = h.patches.length;
    await h.core.api.$markAllRead();
    for (let i = 0; i < 30; i++) h.frame();
    const said = h.patches.slice(before).flatMap((p) => (p.channelsPending === undefined ? [] : [p.channelsPending]));
    // Said once when it starts and once when the last entries have gone out, not on every patch.
    expect(said).toEqual([true, false]);
    const last = h.patches.slice(before).findLast((p) => p.channels);
    expect(last?.channelsPending).toBe(false);
  });
});

describe('before the first channel list', () => {
  it('tells the UI entries are on their way from sign-in until the list arrives, not that there are none', async () => {
    let answer: (response: HttpResponse) => void = () => {};
    const h = await startHarness({
      routes: routes([], { '/secure/data/confirmed/corporate/channels/list': () => new Promise<HttpResponse>((resolve) => (answer = resolve)) }),
    });
    expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
    h.socket().open();
    await h.clock.advance(0);
    h.frame();
    const pending = () => h.patches.findLast((p) => p.channelsPending !== undefined)?.channelsPending;
    // Signed in, the list asked for and not yet come: the sidebar is loading.
    expect(h.patches.findLast((p) => p.session)?.session?.status).toBe('signed-in');
    expect(pending()).toBe(true);
    answer({ status: 200, body: { isOk: true, channels: [team(1)] } });
    await h.clock.advance(0);
    h.frame();
    expect(pending()).toBe(false);
    expect(h.patches.flatMap((p) => p.channels?.put ?? []).map((e) => e.address)).toEqual(['c1']);
  });

  it('says nothing is on its way for a log that already holds a list (signing in again), nor once signed out', async () => {
    let slow = false;
    const h = await startHarness({
      routes: routes([], {
        '/secure/data/confirmed/corporate/channels/list': () => (slow ? new Promise<HttpResponse>(() => {}) : { status: 200, body: { isOk: true, channels: [team(1)] } }),
      }),
    });
    const signIn = async () => {
      expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
      h.socket().open();
      await h.clock.advance(0);
      h.frame();
    };
    await signIn();
    await h.core.api.$signOut();
    await h.clock.advance(0);
    h.frame();
    expect(h.patches.findLast((p) => p.channelsPending !== undefined)?.channelsPending).toBe(false);
    // Back on this device: the log folds the list it holds, so the sidebar shows it while the server's is slow.
    slow = true;
    const before = h.patches.length;
    await signIn();
    expect(h.patches.slice(before).some((p) => p.channelsPending === true)).toBe(false);
    expect([...h.core.projections.channels.byAddress.keys()]).toEqual(['c1']);
  });
});

describe('sidebar preferences', () => {
  it('keeps tab and sort in the user log and show_last on the server', async () => {
    const h = await signedIn([team(1)]);
    await h.clock.advance(0);
    h.frame();
    // The server's settings arrived on connect.
    expect(h.core.projections.preferences.showLast).toEqual({ az: 50, recent: null });
    await h.core.api.$setSidebar({ tab: 'unread', sort: 'recent' });
    h.frame();
    expect(h.patches.at(-1)?.preferences).toEqual({ tab: 'unread', sort: 'recent', showLast: { az: 50, recent: null } });
    expect(await h.core.api.$setShowLast('recent', 20)).toEqual({ ok: true, value: null });
    expect(h.calls.at(-1)).toMatchObject({ path: '/secure/data/confirmed/corporate/ui_preferences', body: { settings_json: { msg_sorting: { recent: { show_last: 20 } } } } });
    expect(h.core.projections.preferences).toEqual({ tab: 'unread', sort: 'recent', showLast: { az: 50, recent: 20 } });
    // Setting what is already set appends nothing.
    const length = h.core.log.length;
    await h.core.api.$setSidebar({ tab: 'unread' });
    expect(h.core.log.length).toBe(length);
  });
});

describe('collapsed folders', () => {
  const F = '/secure/data/corporate/resource/folders';
  const carol: UserWire = { target_user_guid: 'carol', first_name: 'Carol', last_name: 'Chen', name: 'Carol Chen', company_guid: 'acme' };
  const extra: Record<string, Route> = {
    // Bob and Carol sign in on the same device (one storage), each with folders named alike.
    '/data/login': (b) => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-token-token', user: b.email.startsWith('carol') ? carol : bob } }),
    '/secure/data/logout': () => ({ status: 200, body: { isOk: true } }),
    [`${F}/list`]: () => ({ status: 200, body: { isOk: true, folders: [{ guid: 'work', name: 'Work', parent_guid: null }, { guid: 'home', name: 'Home', parent_guid: null }] } }),
    [`${F}/delete`]: () => ({ status: 200, body: { isOk: true, folders: [{ guid: 'home', name: 'Home', parent_guid: null }] } }),
  };
  const collapsedOf = (h: Harness) => h.patches.filter((p) => p.preferences).at(-1)?.preferences?.collapsedFolders;

  it('keeps them in the user log: back after a reload before any call, per user, a deleted folder forgotten', async () => {
    const h = await signedIn([team(1)], extra);
    await h.clock.advance(0);
    h.frame();
    expect(collapsedOf(h)).toBeUndefined();
    await h.core.api.$setFolderCollapsed('work', true);
    await h.core.api.$setFolderCollapsed('home', true);
    await h.core.api.$setFolderCollapsed('home', false);
    h.frame();
    expect(collapsedOf(h)).toEqual(['work']);
    // Again, or a folder the user does not have: nothing is appended.
    const length = h.core.log.length;
    await h.core.api.$setFolderCollapsed('work', true);
    await h.core.api.$setFolderCollapsed('gone', true);
    expect(h.core.log.length).toBe(length);
    await h.core.persist();

    // A reload: the sidebar's first patch has Work collapsed, from the log alone.
    const reloaded = await startHarness({ storage: h.storage, clock: h.clock, routes: Object.fromEntries(h.routes) });
    expect(reloaded.calls).toEqual([]);
    reloaded.frame();
    expect(collapsedOf(reloaded)).toEqual(['work']);

    // Another user of this browser has their own: none collapsed. Back as Bob, his are there.
    await reloaded.core.api.$signOut();
    expect((await reloaded.core.api.$signIn('carol@acme.test', 'plaza-demo')).ok).toBe(true);
    reloaded.socket().open();
    await reloaded.clock.advance(0);
    reloaded.frame();
    expect(reloaded.core.projections.session.user?.target_user_guid).toBe('carol');
    expect(collapsedOf(reloaded)).toBeUndefined();
    await reloaded.core.api.$setFolderCollapsed('home', true);
    await reloaded.core.api.$signOut();
    expect((await reloaded.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
    reloaded.socket().open();
    await reloaded.clock.advance(0);
    reloaded.frame();
    expect(collapsedOf(reloaded)).toEqual(['work']);

    // A folder deleted is forgotten: a new one cannot come back collapsed under its guid.
    expect((await reloaded.core.api.$deleteFolder('work')).ok).toBe(true);
    reloaded.frame();
    expect(collapsedOf(reloaded)).toBeUndefined();
    expect(reloaded.core.projections.preferences).toEqual({ tab: 'all', sort: 'az', showLast: { az: 50, recent: null } });
  });

  it('are stored when the page goes, though the log’s batch is not due yet', async () => {
    const h = await signedIn([team(1)], extra);
    await h.clock.advance(PERSIST_DELAY_MS);
    // Collapsed, and the page goes at once ($pageHidden: ui/client/page-end.ts): the batch is stored then.
    await h.core.api.$setFolderCollapsed('work', true);
    await h.core.api.$pageHidden();
    // Collapsed, and the page goes before its batch is due without a word: that one goes with it.
    await h.core.api.$setFolderCollapsed('home', true);
    // The next page (the clock never moved for this one: its batch timer never fired).
    const next = await startHarness({ storage: h.storage, clock: new ManualClock(h.clock.now()), routes: Object.fromEntries(h.routes) });
    next.frame();
    expect(collapsedOf(next)).toEqual(['work']);
    // A later call stores what is pending (Home's collapse); one finding nothing pending writes nothing.
    const before = (await (await h.storage.openLog('bob')).load()).length;
    await h.core.api.$pageHidden();
    await h.core.api.$pageHidden();
    expect((await (await h.storage.openLog('bob')).load()).length).toBe(before + 1);
  });
});

describe('prefetch of likely conversations', () => {
  it('fetches unread conversations, mentions first, at most two at a time and at most 25', async () => {
    const pending: ((r: HttpResponse) => void)[] = [];
    const asked: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const channels = [...Array.from({ length: 40 }, (_, i) => team(i, 2)), team(100, 1, 1), team(101, 1, 1), team(102, 0)];
    const h = await signedIn(channels, {
      '/secure/data/confirmed/corporate/messages/history': (body) => {
        asked.push(body.address);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return new Promise<HttpResponse>((resolve) => pending.push((r) => (inFlight--, resolve(r))));
      },
    });
    for (let round = 0; round < 40 && pending.length; round++) {
      pending.splice(0).forEach((resolve) => resolve({ status: 200, body: { isOk: true, data: [], page_size: 50 } }));
      await h.clock.advance(0);
    }
    expect(maxInFlight).toBe(PREFETCH_CONCURRENCY);
    expect(asked).toHaveLength(PREFETCH_CHANNELS);
    // Mentions first (the most recent of them first), then the most recently active unread ones.
    expect(asked.slice(0, 4)).toEqual(['c101', 'c100', 'c39', 'c38']);
    expect(asked).not.toContain('c102');
    // Prefetched conversations open without another request.
    await h.core.api.$openConversation('c39');
    expect(asked).toHaveLength(PREFETCH_CHANNELS);
  });

  it('waits for a catch-up that worked: with the change feed failing, nothing is prefetched and no request loops', async () => {
    const channels = Array.from({ length: 10 }, (_, i) => team(i, 2, i % 2));
    const h = await signedIn(channels, { '/secure/data/confirmed/corporate/messages/changes': () => ({ status: 503, body: { isOk: false, message: 'down' } }) });
    await h.clock.advance(0);
    const count = (path: string) => h.calls.filter((c) => c.path.endsWith(path)).length;
    expect(count('/history')).toBe(0);
    const changesAsked = count('/changes');
    // Nothing runs by itself until the catch-up's retry timer fires.
    await h.clock.advance(0);
    expect(count('/changes')).toBe(changesAsked);
  });
});
