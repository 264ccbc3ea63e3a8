/** Exact catch-up on the server: the change feed (messages/changes) and numbered frames with ACK counts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangesResponse } from '../../protocol/rest/messages';
import { loginDemo, startHarness, textJson, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
});
afterAll(() => h?.server.close());

const changes = async (s: Session, since: number | null, limit?: number) =>
  ChangesResponse.parse(await h.ok('changes', { since, ...(limit ? { limit } : {}) }, s));
const post = async (s: Session, address: string, text: string) => (await h.ok('post', { address, json: textJson(text), is_urgent: false }, s)).message;

describe('messages/changes', () => {
  it('numbers every seeded message (migration backfill) and starts a fresh client at the head', async () => {
    const head = await changes(bob, null);
    expect(head).toMatchObject({ messages: [], deleted: [], has_more: false });
    expect(head.cursor).toBeGreaterThan(0);
    const all = await changes(bob, 0, 1_000);
    const seqs = all.messages.map((m) => m.change_seq!);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(all.cursor).toBe(head.cursor);
  });

  it('returns what changed since a cursor in change order: posts, then a deletion as a tombstone', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const { cursor } = await changes(dave, null);
    const a = await post(carol, eng.address, 'one');
    const b = await post(dave, eng.address, 'two');
    const c = await post(carol, eng.address, 'three');
    const after = await changes(dave, cursor);
    expect(after.messages.map((m) => m.guid)).toEqual([a.guid, b.guid, c.guid]);
    expect(after.cursor).toBe(c.change_seq);
    expect(after.has_more).toBe(false);

    expect((await h.call('deleteMessage', { address: eng.address, guid: a.guid }, carol)).status).toBe(200);
    const deletion = await changes(dave, after.cursor);
    expect(deletion.messages).toEqual([]);
    expect(deletion.deleted).toEqual([{ address: eng.address, guid: a.guid, from_guid: carol.user_guid, created: a.created, reply_to: null, change_seq: deletion.cursor }]);
    // From the older cursor the deleted message is reported once, as deleted — not also as posted.
    const whole = await changes(dave, cursor);
    expect(whole.messages.map((m) => m.guid)).toEqual([b.guid, c.guid]);
    expect(whole.deleted.map((d) => d.guid)).toEqual([a.guid]);
  });

  it('pages with has_more and a cursor that continues exactly where the page ended', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const { cursor } = await changes(dave, null);
    const posted = [];
    for (let i = 0; i < 5; i++) posted.push((await post(carol, eng.address, `p${i}`)).guid);
    const first = await changes(dave, cursor, 2);
    expect(first.has_more).toBe(true);
    const second = await changes(dave, first.cursor, 2);
    const third = await changes(dave, second.cursor, 2);
    expect(third.has_more).toBe(false);
    expect([...first.messages, ...second.messages, ...third.messages].map((m) => m.guid)).toEqual(posted);
  });

  it("never shows changes in channels the caller is not a member of", async () => {
    const design = await h.channelByName(alice, 'Design'); // Dave is not in Design
    const { cursor } = await changes(dave, null);
    await post(alice, design.address, 'designers only');
    const seen = await changes(dave, cursor);
    expect(seen.messages).toEqual([]);
    expect(seen.cursor).toBeGreaterThan(cursor); // the cursor still moves past it
    expect((await changes(bob, cursor)).messages.map((m) => m.address)).toEqual([design.address]);
  });

  it('refuses a bad cursor with the field named', async () => {
    const res = await h.call('changes', { since: -1 }, bob);
    expect(res.status).toBe(400);
    expect(res.body.results.since.isOk).toBe(false);
  });
});

describe('numbered frames', () => {
  it('numbers MSG and DEL per connection and tells in ACK how many were sent', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const socket = await h.socket(dave);
    const one = await post(carol, eng.address, 'n1');
    const two = await post(carol, eng.address, 'n2');
    await h.ok('deleteMessage', { address: eng.address, guid: one.guid }, carol);
    socket.send('CHK {"check":"count"}');
    expect(await socket.next('ACK', (a) => a.check === 'count')).toEqual({ check: 'count', n: 3 });
    expect(socket.raw.filter((t) => /^(MSG|DEL)/.test(t)).map((t) => t.slice(0, 12))).toEqual(['MSG {"n":1,"', 'MSG {"n":2,"', 'DEL {"n":3,"']);
    expect(socket.frames.filter((f) => f.code === 'MSG' || f.code === 'DEL').map((f) => f.n)).toEqual([1, 2, 3]);
    expect(socket.frames.find((f) => f.code === 'MSG' && f.data.message.guid === two.guid)?.n).toBe(2);
    // A second connection of the same user counts from 1.
    const other = await h.socket(dave);
    await post(carol, eng.address, 'n3');
    await other.next('MSG', (d) => d.message.parts[0]?.type === 'text' && (d.message.parts[0] as { text: string }).text === 'n3');
    expect(other.frames.find((f) => f.code === 'MSG')?.n).toBe(1);
    socket.close();
    other.close();
  });
});

describe('ping', () => {
  it('answers a signed-in client, and only that (403 otherwise)', async () => {
    expect(await h.call('ping', {}, bob)).toEqual({ status: 200, body: { isOk: true } });
    expect((await h.call('ping', {})).status).toBe(403);
  });
});
