/** History paging, posting (rights, broadcast, idempotency), bookmarks and unread, deletion. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryResponse, PostResponse } from '../../protocol/rest/messages';
import { POSTING_REASONS } from '../../protocol/rules/posting-rights';
import { loginDemo, sleep, startHarness, textJson, type Harness, type Session } from './helpers';
import { MESSAGES } from '../../server/routes/context';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
});
afterAll(() => h?.server.close());

const unreadOf = async (s: Session, address: string) =>
  (await h.ok('channelsList', {}, s)).channels.find((c: any) => c.address === address).unread_messages as number;

describe('messages/history', () => {
  it('pages 50 at a time from the newest, each page ascending', async () => {
    // A fresh DM between Carol and Dave with 110 messages.
    const dm = (await h.ok('startConversation', { target_user_guid: dave.user_guid }, carol)).channel;
    for (let i = 0; i < 110; i++) {
      await h.ok('post', { address: dm.address, json: textJson(`m${i}`), is_urgent: false }, i % 2 ? dave : carol);
    }
    const page = async (n: number) => HistoryResponse.parse(await h.ok('history', { page: n, address: dm.address }, dave));
    const [p0, p1, p2, p3] = await Promise.all([page(0), page(1), page(2), page(3)]);
    expect(p0.page_size).toBe(50);
    const texts = (p: typeof p0) => p.data.map((m) => (m.parts[0] as { text: string }).text);
    expect(texts(p0)).toEqual(Array.from({ length: 50 }, (_, i) => `m${60 + i}`));
    expect(texts(p1)).toEqual(Array.from({ length: 50 }, (_, i) => `m${10 + i}`));
    // A page shorter than page_size means the history is complete.
    expect(texts(p2)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i}`));
    expect(p3.data).toEqual([]);
    const created = [...p2.data, ...p1.data, ...p0.data].map((m) => m.created);
    for (let i = 1; i < created.length; i++) expect(created[i]!).toBeGreaterThan(created[i - 1]!);
  });

  it('is for members only: 404 No channel found otherwise', async () => {
    const design = await h.channelByName(alice, 'Design');
    const res = await h.call('history', { page: 0, address: design.address }, dave);
    expect(res).toEqual({ status: 404, body: { isOk: false, message: 'No channel found' } });
    const unknown = await h.call('history', { page: 0, address: 'nope' }, dave);
    expect(unknown.status).toBe(404);
  });
});

describe('messages/post', () => {
  it('stores the message and sends MSG to every member socket, not to non-members', async () => {
    const design = await h.channelByName(alice, 'Design');
    const [bobSocket, aliceSocket, daveSocket] = await Promise.all([h.socket(bob), h.socket(alice), h.socket(dave)]);
    const parts = [{ type: 'text', text: 'Hi ' }, { type: 'person', user_guid: bob.user_guid, name: 'Bob Brown' }];
    const res = PostResponse.parse(await h.ok('post', { address: design.address, json: JSON.stringify(parts), is_urgent: true }, alice));
    expect(res.message).toMatchObject({ address: design.address, from_guid: alice.user_guid, from_first_name: 'Alice', is_urgent: true });
    expect(res.message.parts[1]).toEqual({ type: 'person', user_guid: bob.user_guid, name: 'Bob Brown', scope: 'user' });
    const atBob = await bobSocket.next('MSG', (d) => d.message.guid === res.message.guid);
    expect(atBob.message.parts).toEqual(res.message.parts);
    await aliceSocket.next('MSG', (d) => d.message.guid === res.message.guid); // the sender too
    daveSocket.send('CHK {"check":1}');
    await daveSocket.next('ACK');
    expect(daveSocket.count('MSG')).toBe(0);
    const history = await h.ok('history', { page: 0, address: design.address }, carol);
    expect(history.data.at(-1).guid).toBe(res.message.guid);
    for (const s of [bobSocket, aliceSocket, daveSocket]) s.close();
  });

  it('orders concurrent posts strictly by created', async () => {
    const design = await h.channelByName(carol, 'Design');
    const posts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.ok('post', { address: design.address, json: textJson(`c${i}`), is_urgent: false }, i % 2 ? bob : carol)),
    );
    const created = posts.map((p) => p.message.created as number);
    expect(new Set(created).size).toBe(20);
  });

  it('applies the posting rights with their reasons', async () => {
    const acme = await h.channelByName(bob, 'Acme');
    const news = await h.channelByName(bob, 'News');
    const refusedCompany = await h.call('post', { address: acme.address, json: textJson('hello all') }, bob);
    expect(refusedCompany).toEqual({ status: 400, body: { isOk: false, message: POSTING_REASONS.companyAdminsOnly } });
    const refusedNews = await h.call('post', { address: news.address, json: textJson('news!') }, bob);
    expect(refusedNews).toEqual({ status: 400, body: { isOk: false, message: POSTING_REASONS.announcementAdminsOnly } });
    await h.ok('post', { address: acme.address, json: textJson('hello all'), is_urgent: false }, alice);
    await h.ok('post', { address: news.address, json: textJson('news!'), is_urgent: false }, alice);
    const eng = await h.channelByName(dave, 'Engineering');
    await h.ok('post', { address: eng.address, json: textJson('a member posts in a team'), is_urgent: false }, dave);
  });

  it('refuses non-members with 404 and bad json with 400 results.json', async () => {
    const design = await h.channelByName(alice, 'Design');
    const res = await h.call('post', { address: design.address, json: textJson('let me in') }, dave);
    expect(res).toEqual({ status: 404, body: { isOk: false, message: 'No channel found' } });
    for (const json of ['not json', '{"type":"text"}', '[{"type":"nope"}]', '[]']) {
      const bad = await h.call('post', { address: design.address, json }, alice);
      expect(bad.status).toBe(400);
      expect(bad.body.results.json.isOk).toBe(false);
    }
    const missing = await h.call('post', { address: design.address }, alice);
    expect(missing.status).toBe(400);
    expect(missing.body.results.json.isOk).toBe(false);
  });

  it('is idempotent per client_guid: one message, one broadcast', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const carolSocket = await h.socket(carol);
    const body = { address: eng.address, json: textJson('retry me'), is_urgent: false, client_guid: 'client-guid-1' };
    const [first, second] = [await h.ok('post', body, bob), await h.ok('post', body, bob)];
    expect(second.message.guid).toBe(first.message.guid);
    expect(first.message.client_guid).toBe('client-guid-1');
    await carolSocket.next('MSG');
    await sleep(100);
    expect(carolSocket.count('MSG', (d) => d.message.client_guid === 'client-guid-1')).toBe(1);
    const history = await h.ok('history', { page: 0, address: eng.address }, bob);
    expect(history.data.filter((m: any) => m.client_guid === 'client-guid-1')).toHaveLength(1);
    carolSocket.close();
  });

  it('answers the retry of a post that landed even when it would be refused now', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const parent = (await h.ok('post', { address: eng.address, json: textJson('a thread'), is_urgent: false }, bob)).message;
    const body = { address: eng.address, json: textJson('a reply'), is_urgent: false, reply_to: parent.guid, client_guid: 'client-guid-reply' };
    const first = await h.ok('post', body, bob);
    // The thread goes (its replies with it): a new reply to it is refused, the retry of the one that landed is answered.
    await h.ok('deleteMessage', { address: eng.address, guid: parent.guid }, bob);
    expect((await h.ok('post', body, bob)).message.guid).toBe(first.message.guid);
    const fresh = await h.call('post', { ...body, client_guid: 'client-guid-reply-2' }, bob);
    expect(fresh.status).toBe(400);
  });

  it('refuses a client_guid already used in another channel, whether or not the post would pass its checks', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const design = await h.channelByName(bob, 'Design');
    const acme = await h.channelByName(bob, 'Acme');
    await h.ok('post', { address: eng.address, json: textJson('here'), is_urgent: false, client_guid: 'client-guid-2' }, bob);
    const reused = { status: 400, body: { isOk: false, message: MESSAGES.clientGuidReused, results: { client_guid: { isOk: false, message: MESSAGES.clientGuidReused } } } };
    expect(await h.call('post', { address: design.address, json: textJson('there'), is_urgent: false, client_guid: 'client-guid-2' }, bob)).toMatchObject(reused);
    // Bob may not post in Acme (company admins only): the reuse is what he is told, as before any check.
    expect(await h.call('post', { address: acme.address, json: textJson('there'), is_urgent: false, client_guid: 'client-guid-2' }, bob)).toMatchObject(reused);
  });
});

describe('bookmarks and unread', () => {
  it('counts others\' messages after the bookmark; the bookmark only moves forward', async () => {
    const dm = await h.channelByName(bob, 'Alice Anders');
    expect(await unreadOf(bob, dm.address)).toBe(0);
    const m1 = (await h.ok('post', { address: dm.address, json: textJson('one'), is_urgent: false }, alice)).message;
    const m2 = (await h.ok('post', { address: dm.address, json: textJson('two'), is_urgent: false }, alice)).message;
    expect(await unreadOf(bob, dm.address)).toBe(2);
    expect(await unreadOf(alice, dm.address)).toBe(0); // own messages are never unread
    expect(await h.ok('bookmark', { guid: m2.guid }, bob)).toEqual({ isOk: true, address: dm.address, unread_messages: 0 });
    expect(await h.ok('bookmark', { guid: m1.guid }, bob)).toMatchObject({ unread_messages: 0 });
    expect(await unreadOf(bob, dm.address)).toBe(0);
    await h.ok('post', { address: dm.address, json: textJson('three'), is_urgent: false }, alice);
    expect(await unreadOf(bob, dm.address)).toBe(1);
  });

  it('refuses a message of a channel the user is not in', async () => {
    const hr = await h.channelByName(alice, 'HR');
    const hrMessage = (await h.ok('history', { page: 0, address: hr.address }, alice)).data[0];
    expect((await h.call('bookmark', { guid: hrMessage.guid }, bob)).status).toBe(404);
    expect((await h.call('bookmark', { guid: 'no-such-message' }, bob)).status).toBe(404);
  });
});

describe('messages/delete', () => {
  it('soft-deletes, sends DEL to members and lowers unread', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const daveSocket = await h.socket(dave);
    const posted = (await h.ok('post', { address: eng.address, json: textJson('oops'), is_urgent: false }, carol)).message;
    expect(await unreadOf(dave, eng.address)).toBeGreaterThanOrEqual(1);
    const before = await unreadOf(dave, eng.address);
    const res = await h.call('deleteMessage', { address: eng.address, guid: posted.guid }, carol);
    expect(res).toEqual({ status: 200, body: { isOk: true } });
    const del = await daveSocket.next('DEL');
    expect(del).toEqual({ address: eng.address, guid: posted.guid, from_guid: carol.user_guid, created: posted.created, reply_to: null, change_seq: expect.any(Number) });
    // The deletion is a newer change of the message than its post.
    expect(del.change_seq).toBeGreaterThan(posted.change_seq);
    // A repeated delete (a retry after a lost answer) succeeds and sends no second DEL.
    expect(await h.call('deleteMessage', { address: eng.address, guid: posted.guid }, carol)).toEqual({ status: 200, body: { isOk: true } });
    expect(await unreadOf(dave, eng.address)).toBe(before - 1);
    const history = await h.ok('history', { page: 0, address: eng.address }, dave);
    expect(history.data.some((m: any) => m.guid === posted.guid)).toBe(false);
    await daveSocket.ws.send('CHK {"check":"after"}');
    await daveSocket.next('ACK', (a) => a.check === 'after');
    expect(daveSocket.count('DEL', (d) => d.guid === posted.guid)).toBe(1);
    daveSocket.close();
  });

  it('lets only the author, a channel admin or a company admin delete', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const post = async (by: Session) => (await h.ok('post', { address: eng.address, json: textJson('x'), is_urgent: false }, by)).message;
    const byDave = await post(dave);
    expect(await h.call('deleteMessage', { address: eng.address, guid: byDave.guid }, carol)).toEqual({
      status: 400,
      body: { isOk: false, message: 'You can only delete your own messages.' },
    });
    expect((await h.call('deleteMessage', { address: eng.address, guid: byDave.guid }, bob)).status).toBe(200); // channel admin
    expect((await h.call('deleteMessage', { address: eng.address, guid: (await post(dave)).guid }, alice)).status).toBe(200); // company admin
    expect((await h.call('deleteMessage', { address: eng.address, guid: 'nope' }, alice)).body.message).toBe('No message found');
  });
});
