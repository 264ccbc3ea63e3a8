/**
 * Log compaction in the running core: the snapshot replaces the stored prefix
 * and the in-memory log, a reload folds only the snapshot and the tail and
 * gets the same state, the timer compacts after a big change, and the message
 * cache stays bounded (least recently used conversations evicted first).
 */
import { describe, expect, it } from 'vitest';
import { COMPACT_DELAY_MS, MESSAGE_CACHE_LIMIT, MESSAGE_CACHE_TARGET } from '../../core-worker/features/compaction';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import type { ChannelWire, MessageWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { T0 } from '../../fixtures/builders';
import { startHarness, type Harness, type Route } from './harness';

const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', company_guid: 'acme' };
const team = (i: number): ChannelWire => ({ guid: `g${i}`, address: `c${i}`, name: `Team ${i}`, channel_type: 1, etype: 'channel' });
const wire = (guid: string, address: string, created: number): MessageWire => ({
  guid,
  address,
  created,
  from_guid: 'alice',
  from_first_name: 'Alice',
  json: JSON.stringify([{ type: 'text', text: `hello ${guid}` }]),
});

function routes(channels: number): Record<string, Route> {
  return {
    '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg', auth_token: 'token-token-token', user: bob } }),
    '/secure/data/confirmed/corporate/channels/list': () => ({ status: 200, body: { isOk: true, channels: Array.from({ length: channels }, (_, i) => team(i)) } }),
    '/secure/data/confirmed/corporate/users/list': () => ({ status: 200, body: { isOk: true, users: [bob] } }),
    '/secure/data/confirmed/corporate/messages/history': () => ({ status: 200, body: { isOk: true, data: [], page_size: 50 } }),
    '/secure/data/confirmed/corporate/messages/changes': (b) => ({ status: 200, body: { isOk: true, messages: [], deleted: [], cursor: b.since ?? 7, has_more: false } }),
    '/secure/data/confirmed/corporate/messages/bookmark': (b) => ({ status: 200, body: { isOk: true, address: 'c0', unread_messages: 0, guid: b.guid } }),
    '/secure/data/confirmed/corporate/ui_preferences': () => ({ status: 200, body: { isOk: true, settings_json: {} } }),
  };
}

async function signedIn(channels = 10): Promise<Harness> {
  const h = await startHarness({ routes: routes(channels) });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

const load = async (h: Harness) => (await h.storage.openLog('bob')).load();

describe('log compaction', () => {
  it('replaces the stored prefix and the in-memory log with a snapshot that folds to the same state', async () => {
    const h = await signedIn();
    for (let i = 0; i < 30; i++) h.socket().receive(encodeFrame('MSG', { message: wire(`m${i}`, `c${i % 3}`, T0 + i) }));
    await h.core.compact();
    const seq = h.core.projections.seq;
    expect(h.core.log).toHaveLength(1);
    expect(h.core.log[0]).toMatchObject({ seq, event: { type: 'log.snapshot' } });
    expect(h.storage.chunks.get('bob')).toEqual([]);
    expect(h.storage.snapshots.get('bob')?.seq).toBe(seq);

    // More events after the snapshot: the stored log is the snapshot and that tail.
    for (let i = 30; i < 40; i++) h.socket().receive(encodeFrame('MSG', { message: wire(`m${i}`, 'c1', T0 + i) }));
    await h.core.persist();
    const stored = await load(h);
    expect(stored[0]?.event.type).toBe('log.snapshot');
    expect(stored.slice(1).every((e) => e.seq > seq)).toBe(true);
    expect(canonicalJson(foldAll(stored))).toBe(canonicalJson(h.core.projections));

    // A reload shows the compacted state before any network.
    const reloaded = await startHarness({ storage: h.storage, clock: h.clock, routes: Object.fromEntries(h.routes) });
    expect(reloaded.calls).toEqual([]);
    expect(reloaded.core.projections.unread.byAddress.get('c1')?.count).toBe(h.core.projections.unread.byAddress.get('c1')?.count);
    // The reloaded core has started connecting (one connection.changed event): all else is the compacted state.
    expect(canonicalJson({ ...reloaded.core.projections, connection: h.core.projections.connection, seq: h.core.projections.seq })).toBe(canonicalJson(h.core.projections));
  });

  it('compacts by itself after a big change, once, after a short delay', async () => {
    const h = await signedIn(2_500); // a channel list of 2,500 weighs 2,500
    expect(h.storage.snapshots.get('bob')).toBeUndefined();
    await h.clock.advance(COMPACT_DELAY_MS);
    await h.core.persist();
    expect(h.storage.snapshots.get('bob')?.seq).toBe(h.core.projections.seq);
    const stored = await load(h);
    expect(stored).toHaveLength(1);
    expect(canonicalJson(foldAll(stored))).toBe(canonicalJson(h.core.projections));
  });

  it('keeps the message cache bounded: least recently used conversations go first, never the open one', async () => {
    const h = await signedIn(100);
    await h.core.api.$openConversation('c0');
    await h.core.api.$openConversation('c1');
    const perChannel = Math.ceil((MESSAGE_CACHE_LIMIT + 1_000) / 100);
    let n = 0;
    for (let c = 0; c < 100; c++) for (let i = 0; i < perChannel; i++) h.socket().receive(encodeFrame('MSG', { message: wire(`m${n++}`, `c${c}`, T0 + n) }));
    await h.core.api.$openConversation('c0'); // c0 is open and the most recently used; c1 the one before
    await h.core.compact();
    const stores = h.core.projections.messages.byAddress;
    const total = [...stores.values()].reduce((s, x) => s + x.order.length, 0);
    expect(total).toBeLessThanOrEqual(MESSAGE_CACHE_TARGET);
    expect(total).toBeGreaterThan(MESSAGE_CACHE_TARGET - perChannel);
    expect(stores.has('c0')).toBe(true);
    expect(stores.has('c1')).toBe(true);
    expect(stores.has('c2')).toBe(false); // never opened: among the first to go
    // Unread counts do not depend on the cache.
    expect(h.core.projections.unread.byAddress.get('c2')?.count).toBe(perChannel);
    // The eviction is an event of the log, so the stored snapshot and a rebuild agree.
    expect(canonicalJson(foldAll(await load(h)))).toBe(canonicalJson(h.core.projections));
    // An evicted conversation is fetched again when opened.
    const before = h.calls.filter((c) => c.path.endsWith('/history')).length;
    await h.core.api.$openConversation('c2');
    expect(h.calls.filter((c) => c.path.endsWith('/history')).length).toBe(before + 1);
  });
});
