/**
 * Cold start paints the sidebar before the log is read: the views last shown
 * are kept in the core's key-value store (written a moment after changes,
 * whether or not a UI listens), and a reload sends them as a provisional
 * snapshot first; the real snapshot follows once the log is folded. Another
 * user's cache is never shown.
 */
import { describe, expect, it } from 'vitest';
import { createCore } from '../../core-worker/core';
import { VIEW_CACHE_DELAY_MS } from '../../core-worker/features/view-cache';
import { WrittenLater, type LogStore } from '../../core-worker/ports';
import { createMemoryStorage } from '../../core-worker/storage-memory';
import { VIEW_CACHE_KEY, type StoredViewCache, type ViewCache } from '../../core-worker/view-cache';
import { LOG_SCHEMA_VERSION } from '../../protocol/events';
import type { ChannelWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { expandCachedViews, type ViewPatch } from '../../protocol/views';
import { T0 } from '../../fixtures/builders';
import { FakeSocket, ManualClock, settle, startHarness, type Route } from './harness';

const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' };
const team = (i: number): ChannelWire => ({ guid: `g${i}`, address: `c${i}`, name: `Team ${i}`, channel_type: 1, etype: 'channel' });
const routes: Record<string, Route> = {
  '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-token-token', user: bob } }),
  '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels: [team(1), team(2), team(3)] } }),
  '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: [bob] } }),
  '/secure/data/confirmed/corporate/ui_preferences': () => ({ status: 200, body: { isOk: true, settings_json: {} } }),
};

describe('the sidebar view cache', () => {
  it('is written a moment after changes, even with no UI listening', async () => {
    const h = await startHarness({ routes });
    await h.core.api.$signIn('bob@acme.test', 'x');
    h.socket().open();
    await h.clock.advance(0);
    h.socket().receive(encodeFrame('MSG', { message: { guid: 'm1', address: 'c2', created: T0 + 1, from_guid: 'alice', json: '[{"type":"text","text":"hi"}]' } }));
    expect(await h.storage.getItem(VIEW_CACHE_KEY)).toBeUndefined();
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    const stored = await h.storage.getItem<StoredViewCache>(VIEW_CACHE_KEY);
    expect(stored).toMatchObject({ schema: LOG_SCHEMA_VERSION, user: 'bob' });
    // Kept as JSON text, which goes to the page as it is.
    expect(typeof stored?.text).toBe('string');
    const cache = JSON.parse(stored!.text) as ViewCache;
    expect(cache?.session).toMatchObject({ status: 'signed-in', user: { name: 'Bob Brown' } });
    expect(cache?.channels.map((c) => [c.address, c.unread])).toEqual([
      ['c1', 0],
      ['c2', 1],
      ['c3', 0],
    ]);
  });

  it('is the JSON of the sidebar as it is now, after entries changed, came and went', async () => {
    // The server's list follows the frames (a refetch must not bring back what they removed).
    let listed: ChannelWire[] = [team(1), team(2), team(3)];
    const h = await startHarness({ routes: { ...routes, '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels: listed } }) } });
    await h.core.api.$signIn('bob@acme.test', 'x');
    h.socket().open();
    await h.clock.advance(0);
    const receive = (code: string, body: unknown) => {
      h.socket().receive(encodeFrame(code, body));
      h.frame();
    };
    const text = async () => (await h.storage.getItem<StoredViewCache>(VIEW_CACHE_KEY))!.text;
    // Each flush joins the entries' texts as they were made: the result must be JSON.stringify's, character for character.
    const canonical = (json: string) => JSON.stringify(JSON.parse(json) as ViewCache);
    const rows = (json: string) => (JSON.parse(json) as ViewCache).channels.map((c) => [c.address, c.name, c.unread]);
    receive('MSG', { message: { guid: 'm1', address: 'c2', created: T0 + 1, from_guid: 'alice', json: '[{"type":"text","text":"hi"}]' } });
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    const first = await text();
    expect(first).toBe(canonical(first));
    expect(rows(first)).toEqual([
      ['c1', 'Team 1', 0],
      ['c2', 'Team 2', 1],
      ['c3', 'Team 3', 0],
    ]);
    const fresh: ChannelWire = { ...team(4), company_guid: 'acme', name: 'Fresh "quoted" ☃' };
    listed = [team(2), team(3), fresh];
    receive('CHA', { action: 'add', channel: fresh });
    receive('CHA', { action: 'remove', address: 'c1' });
    receive('MSG', { message: { guid: 'm2', address: 'c3', created: T0 + 2, from_guid: 'alice', json: '[{"type":"text","text":"yo"}]' } });
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    const second = await text();
    expect(second).toBe(canonical(second));
    expect(rows(second)).toEqual([
      ['c2', 'Team 2', 1],
      ['c3', 'Team 3', 1],
      ['c4', 'Fresh "quoted" ☃', 0],
    ]);
    // Nothing new: nothing written anew.
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    expect(await text()).toBe(second);
    // The same conversations in another order (one removed and added back goes last), and one changed: written in the list's new order.
    listed = [team(3), fresh, team(2)];
    receive('CHA', { action: 'remove', address: 'c2' });
    receive('CHA', { action: 'add', channel: team(2) });
    receive('MSG', { message: { guid: 'm3', address: 'c4', created: T0 + 3, from_guid: 'alice', json: '[{"type":"text","text":"new"}]' } });
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    const third = await text();
    expect(third).toBe(canonical(third));
    expect(rows(third)).toEqual([
      ['c3', 'Team 3', 1],
      ['c4', 'Fresh "quoted" ☃', 1],
      ['c2', 'Team 2', 0],
    ]);
    // And in that order after a change that keeps it.
    receive('MSG', { message: { guid: 'm4', address: 'c3', created: T0 + 4, from_guid: 'alice', json: '[{"type":"text","text":"again"}]' } });
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    expect(rows(await text())).toEqual([
      ['c3', 'Team 3', 2],
      ['c4', 'Fresh "quoted" ☃', 1],
      ['c2', 'Team 2', 0],
    ]);
  });

  it('is made only when the storage writes it (a replay, which records no values, never makes it)', async () => {
    const storage = createMemoryStorage();
    const given: unknown[] = [];
    const setItem = storage.setItem.bind(storage);
    // A storage that keeps what it is given, as given, before writing it.
    storage.setItem = (key, value) => (key === VIEW_CACHE_KEY && given.push(value), setItem(key, value));
    let made = 0;
    const later = new WrittenLater(() => (made++, { text: 'x' }));
    expect(made).toBe(0);
    await setItem('k', later);
    await setItem('k2', later);
    expect([made, await storage.getItem('k'), await storage.getItem('k2')]).toEqual([1, { text: 'x' }, { text: 'x' }]);
    const h = await startHarness({ storage, routes });
    await h.core.api.$signIn('bob@acme.test', 'x');
    h.socket().open();
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    expect(given).toHaveLength(1);
    expect(given[0]).toBeInstanceOf(WrittenLater);
    expect((given[0] as WrittenLater<StoredViewCache>).value()).toEqual(await storage.getItem(VIEW_CACHE_KEY));
  });

  it('paints the cached sidebar before the log is read, then the real state', async () => {
    const h = await startHarness({ routes });
    await h.core.api.$signIn('bob@acme.test', 'x');
    h.socket().open();
    await h.clock.advance(0);
    h.socket().receive(encodeFrame('MSG', { message: { guid: 'm1', address: 'c2', created: T0 + 1, from_guid: 'alice', json: '[{"type":"text","text":"hi"}]' } }));
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    await h.core.persist();
    await h.core.stop();

    // A reload whose log read is held back: the provisional sidebar arrives first.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const storage = {
      ...h.storage,
      async openLog(user: string): Promise<LogStore> {
        const inner = await h.storage.openLog(user);
        return { ...inner, load: async () => (await held, inner.load()) };
      },
    };
    const patches: ViewPatch[] = [];
    let frame: (() => void) | null = null;
    const core = createCore({
      clock: new ManualClock(),
      random: { uuid: () => 'u' },
      http: async () => ({ status: 503, body: undefined }),
      openSocket: (url) => new FakeSocket(url),
      storage,
      logger: { warn: () => {}, info: () => {} },
      baseUrl: 'http://plaza.test',
      scheduleFrame: (fn) => ((frame = fn), () => (frame = null)),
    });
    await core.api.$subscribe((p) => patches.push(p));
    const started = core.start();
    await settle();
    const sent = patches.at(-1)!;
    // The stored text itself, not objects made of it: the page reads it (expandCachedViews).
    expect(typeof sent.cachedViews).toBe('string');
    expect(sent.session).toBeUndefined();
    const provisional = expandCachedViews(sent).patch;
    expect(provisional).toMatchObject({ reset: true, session: { status: 'signed-in' } });
    expect(provisional.channels?.put.map((c) => [c.address, c.unread])).toEqual([
      ['c1', 0],
      ['c2', 1],
      ['c3', 0],
    ]);
    expect(core.projections.channels.byAddress.size).toBe(0); // the log is not folded yet
    release();
    await started;
    (frame as (() => void) | null)?.();
    const real = patches.at(-1)!;
    expect(real).toMatchObject({ reset: true, session: { status: 'signed-in' } });
    // The page's first patch is the stored sidebar: no snapshot of the not-yet-booted core before it, which
    // would replace the sidebar the worker's entry already showed (early-views.ts) with nothing.
    expect(patches[0]).toBe(sent);
    expect(patches.map((p) => (p.cachedViews !== undefined ? 'stored sidebar' : p.reset ? `snapshot ${p.session?.status}` : 'diff'))).toEqual(['stored sidebar', 'snapshot signed-in']);
    expect(real.channels?.put.find((c) => c.address === 'c2')?.unread).toBe(1);
    // No moment of 'starting' between the provisional and the real snapshot.
    expect(patches.slice(patches.indexOf(sent) + 1).map((p) => p.session?.status).filter(Boolean)).not.toContain('starting');
    await core.stop();
  });

  it('a page that subscribes while the core boots, with nothing stored, gets the booted state as its first patch', async () => {
    const patches: ViewPatch[] = [];
    const core = createCore({
      clock: new ManualClock(),
      random: { uuid: () => 'u' },
      http: async () => ({ status: 503, body: undefined }),
      openSocket: (url) => new FakeSocket(url),
      storage: createMemoryStorage(),
      logger: { warn: () => {}, info: () => {} },
      baseUrl: 'http://plaza.test',
      scheduleFrame: (fn) => (queueMicrotask(fn), () => {}),
    });
    await core.api.$subscribe((p) => patches.push(p));
    expect(patches).toEqual([]); // nothing known yet: the page shows 'starting' by itself
    await core.start();
    await settle();
    expect(patches[0]).toMatchObject({ reset: true, session: { status: 'signed-out' } });
    expect(patches.some((p) => p.session?.status === 'starting')).toBe(false);
    await core.stop();
  });

  it('is not used for another user, nor when it is of an earlier build', async () => {
    const h = await startHarness({ routes });
    await h.core.api.$signIn('bob@acme.test', 'x');
    h.socket().open();
    await h.clock.advance(VIEW_CACHE_DELAY_MS);
    await h.core.persist();
    await h.core.stop();
    const stored = (await h.storage.getItem<StoredViewCache>(VIEW_CACHE_KEY))!;
    const views = JSON.parse(stored.text) as ViewCache;
    const renamed = JSON.stringify({ ...views, channels: views.channels.map((c) => ({ ...c, name: 'Carol only' })) });
    const shown = (patches: readonly ViewPatch[], name: string): boolean => patches.some((p) => expandCachedViews(p).patch.channels?.put.some((c) => c.name === name));
    await h.storage.setItem(VIEW_CACHE_KEY, { ...stored, user: 'carol', text: renamed });
    const reloaded = await startHarness({ storage: h.storage, routes });
    // Bob's log is shown; the cached sidebar, written for someone else, never is.
    expect(shown(reloaded.patches, 'Team 1')).toBe(true);
    expect(shown(reloaded.patches, 'Carol only')).toBe(false);
    // A record as earlier builds wrote it (the views as objects) is not used either: the log is, as without a cache.
    await h.storage.setItem(VIEW_CACHE_KEY, { schema: stored.schema, user: 'bob', views: JSON.parse(renamed) });
    const older = await startHarness({ storage: h.storage, routes });
    expect(older.patches.some((p) => p.cachedViews !== undefined)).toBe(false);
    expect(shown(older.patches, 'Team 1')).toBe(true);
    // Control: the same cache, marked as Bob's, is shown.
    await h.storage.setItem(VIEW_CACHE_KEY, { ...stored, text: renamed });
    const again = await startHarness({ storage: h.storage, routes });
    expect(shown(again.patches, 'Carol only')).toBe(true);
  });
});
