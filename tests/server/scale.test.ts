/**
 * The server side of the heavy-user features: unread mention counts in the
 * channel list, "mark all read" (messages/bookmarks, persisted, forward only),
 * UI settings per user (ui_preferences), and the heavy-user seed: same seed,
 * same company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelsListResponse } from '../../protocol/rest/channels';
import { openDatabase } from '../../server/db';
import { migrate } from '../../server/migrations';
import { seedHeavy } from '../../server/seed-heavy';
import { loginDemo, startHarness, textJson, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol } = await loginDemo(h));
});
afterAll(() => h?.server.close());

const channelOf = async (s: Session, name: string) => ChannelsListResponse.parse(await h.ok('channelsList', {}, s)).channels.find((c) => c.name === name)!;

describe('unread mentions in the channel list', () => {
  it('counts unread messages that mention the user or everyone, not their own', async () => {
    const design = await channelOf(bob, 'Design');
    const mention = (guid: string, scope: 'user' | 'channel' | 'all' = 'user') => JSON.stringify([{ type: 'person', user_guid: guid, name: 'x', scope }, { type: 'text', text: ' hi' }]);
    await h.ok('post', { address: design.address, json: mention(bob.user_guid) }, alice);
    await h.ok('post', { address: design.address, json: mention(carol.user_guid) }, alice);
    await h.ok('post', { address: design.address, json: mention(design.address, 'channel') }, carol); // a channel-wide mention names the channel
    await h.ok('post', { address: design.address, json: JSON.stringify([{ type: 'bullet-list', items: [[{ type: 'person', user_guid: bob.user_guid, name: 'Bob', scope: 'user' }]] }]) }, carol);
    await h.ok('post', { address: design.address, json: mention(bob.user_guid) }, bob); // his own
    const after = await channelOf(bob, 'Design');
    expect(after.unread_messages - design.unread_messages).toBe(4);
    expect(after.unread_mentions - design.unread_mentions).toBe(3);
    expect((await channelOf(carol, 'Design')).unread_mentions - design.unread_mentions).toBeGreaterThanOrEqual(1);
  });
});

describe('messages/bookmarks (mark all read)', () => {
  it('moves many bookmarks at once, persists them, and never moves one back', async () => {
    const design = await channelOf(bob, 'Design');
    const engineering = await channelOf(bob, 'Engineering');
    await h.ok('post', { address: engineering.address, json: textJson('new in engineering') }, alice);
    const old = (await h.ok('history', { page: 0, address: design.address }, bob)).data[0];
    const newest = [(await channelOf(bob, 'Design')).last_message!.guid, (await channelOf(bob, 'Engineering')).last_message!.guid];
    expect((await channelOf(bob, 'Engineering')).unread_messages).toBeGreaterThan(0);
    expect(await h.ok('bookmarks', { guids: newest }, bob)).toEqual({ isOk: true, updated: 2 });
    expect((await channelOf(bob, 'Design')).unread_messages).toBe(0);
    expect((await channelOf(bob, 'Design')).unread_mentions).toBe(0);
    expect((await channelOf(bob, 'Engineering')).unread_messages).toBe(0);
    // Forward only: an older message does not bring unread back; unknown guids and other people's channels are skipped.
    expect(await h.ok('bookmarks', { guids: [old.guid, 'no-such-message'] }, bob)).toEqual({ isOk: true, updated: 0 });
    expect((await channelOf(bob, 'Design')).unread_messages).toBe(0);
    // Only Bob's read state moved.
    expect((await channelOf(carol, 'Design')).unread_messages).toBeGreaterThan(0);
  });

  it('refuses an empty or oversized list with a field message', async () => {
    const empty = await h.call('bookmarks', { guids: [] }, bob);
    expect(empty.status).toBe(400);
    expect(empty.body.results.guids.isOk).toBe(false);
    const tooMany = await h.call('bookmarks', { guids: Array.from({ length: 10_001 }, (_, i) => `g${i}`) }, bob);
    expect(tooMany.status).toBe(400);
  });
});

describe('ui_preferences', () => {
  it('reads {} at first, saves a change merged per sort, keeps other keys, per user', async () => {
    expect(await h.ok('uiPreferences', {}, carol)).toEqual({ isOk: true, settings_json: {} });
    await h.ok('uiPreferences', { settings_json: { msg_sorting: { recent: { show_last: 20 } }, ver: 2 } }, carol);
    const saved = await h.ok('uiPreferences', { settings_json: { msg_sorting: { az: { show_last: 100 } } } }, carol);
    expect(saved.settings_json).toEqual({ ver: 2, msg_sorting: { recent: { show_last: 20 }, az: { show_last: 100 } } });
    expect((await h.ok('uiPreferences', {}, carol)).settings_json).toEqual(saved.settings_json);
    expect((await h.ok('uiPreferences', {}, alice)).settings_json).toEqual({});
  });

  it('refuses a show_last that is not a positive whole number or null', async () => {
    const res = await h.call('uiPreferences', { settings_json: { msg_sorting: { az: { show_last: -3 } } } }, carol);
    expect(res.status).toBe(400);
  });
});

describe('the heavy-user seed', () => {
  it('is deterministic and has every kind of conversation, threads, reactions, mentions and files', async () => {
    const digest = async () => {
      const db = await openDatabase();
      try {
        await migrate(db);
        const summary = await seedHeavy(db, { seed: 7, users: 40, channels: 300, messages: 2_000 });
        const rows = await db.query<{ kind: string; n: number }>(
          `SELECT c.etype || ':' || c.channel_type AS kind, count(*)::int AS n FROM channels c GROUP BY 1 ORDER BY 1`,
        );
        const sample = await db.query<{ guid: string; json: string }>('SELECT guid, json FROM messages ORDER BY created, guid LIMIT 3');
        const heavy = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM channel_members cm JOIN users u ON u.guid = cm.user_guid WHERE u.email = 'hana@northwind.test'`,
        );
        return { summary: { ...summary, ms: 0 }, rows, sample, heavy: heavy[0]!.n, again: await seedHeavy(db, { seed: 7 }) };
      } finally {
        await db.close();
      }
    };
    const a = await digest();
    const b = await digest();
    expect(a).toEqual(b);
    expect(a.again).toBeNull(); // seeding twice changes nothing
    expect(a.summary).toMatchObject({ users: 40, channels: 300, messages: 2_000 });
    expect(a.summary.replies).toBeGreaterThan(0);
    expect(a.summary.reactions).toBeGreaterThan(0);
    expect(a.summary.mentions).toBeGreaterThan(0);
    expect(a.summary.files).toBeGreaterThan(0);
    expect(a.heavy).toBeGreaterThan(300 * 0.7); // most conversations are the heavy user's
    expect(a.rows.map((r) => r.kind)).toEqual(expect.arrayContaining(['DM:0', 'announcement:1', 'channel:1', 'company:2', 'task:3', 'external channel:1']));
  }, 60_000);
});
