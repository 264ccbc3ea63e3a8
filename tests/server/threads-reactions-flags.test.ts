/** Threads (reply_to, messages/thread, deletion in threads), reactions, per-user flags, mentions and the seeded demo. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlagResponse, HistoryResponse, ReactResponse, ThreadResponse } from '../../protocol/rest/messages';
import { POSTING_REASONS } from '../../protocol/rules/posting-rights';
import { MESSAGE_REFUSALS } from '../../server/routes/messages';
import { loginDemo, sleep, startHarness, textJson, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
});
afterAll(() => h?.server.close());

const post = async (by: Session, address: string, text: string, extra: Record<string, unknown> = {}) =>
  (await h.ok('post', { address, json: textJson(text), is_urgent: false, ...extra }, by)).message;
const unreadOf = async (s: Session, address: string) =>
  (await h.ok('channelsList', {}, s)).channels.find((c: any) => c.address === address).unread_messages as number;
const history = async (s: Session, address: string) => HistoryResponse.parse(await h.ok('history', { page: 0, address }, s)).data;

describe('the seeded demo', () => {
  it('has a thread with three replies in Engineering, reactions, an urgent message, a video conference and a flag of Alice', async () => {
    const eng = await h.channelByName(alice, 'Engineering');
    const data = await history(alice, eng.address);
    const checklist = data.find((m) => m.parts.some((p) => p.type === 'text' && p.text.startsWith('Release checklist')))!;
    expect(checklist).toMatchObject({ reply_count: 3 });
    expect(data.some((m) => m.reply_to !== null)).toBe(false);
    const thread = ThreadResponse.parse(await h.ok('thread', { address: eng.address, guid: checklist.guid }, alice));
    expect(thread.data.map((m) => m.from_first_name)).toEqual(['Dave', 'Carol', 'Bob']);
    expect(checklist.last_reply_ts).toBe(thread.data[2]!.created);
    expect(data.find((m) => m.is_urgent)).toBeTruthy();
    expect(data.some((m) => m.parts.some((p) => p.type === 'video_conference'))).toBe(true);
    expect(data.find((m) => m.reactions.length > 0)?.reactions).toEqual([
      { target_user_guid: bob.user_guid, content: '👍' },
      { target_user_guid: alice.user_guid, content: '👍' },
    ]);
    expect(data.filter((m) => m.flag !== 0)).toHaveLength(1);
    expect((await history(bob, eng.address)).filter((m) => m.flag !== 0)).toHaveLength(0); // flags are Alice's own
  });
});

describe('threads', () => {
  it('posts a reply: MSG to members, hidden from history, counted on the parent, not unread, not the preview', async () => {
    const design = await h.channelByName(carol, 'Design');
    const parent = await post(carol, design.address, 'Thread starter');
    await h.ok('bookmark', { guid: parent.guid }, bob);
    const bobSocket = await h.socket(bob);
    const reply = await post(alice, design.address, 'A reply', { reply_to: parent.guid });
    expect(reply.reply_to).toBe(parent.guid);
    expect((await bobSocket.next('MSG', (d) => d.message.guid === reply.guid)).message.reply_to).toBe(parent.guid);
    const data = await history(bob, design.address);
    expect(data.some((m) => m.guid === reply.guid)).toBe(false);
    expect(data.find((m) => m.guid === parent.guid)).toMatchObject({ reply_count: 1, last_reply_ts: reply.created });
    expect(await unreadOf(bob, design.address)).toBe(0);
    const listed = (await h.ok('channelsList', {}, bob)).channels.find((c: any) => c.address === design.address);
    expect(listed.last_message.guid).toBe(parent.guid);
    bobSocket.close();
  });

  it('returns the thread for its first message or any reply; 404 for non-members, unknown or deleted messages; 400 for bad bodies', async () => {
    const eng = await h.channelByName(dave, 'Engineering');
    const parent = await post(dave, eng.address, 'Which linter?');
    const r1 = await post(bob, eng.address, 'eslint', { reply_to: parent.guid });
    const r2 = await post(carol, eng.address, 'biome', { reply_to: parent.guid });
    for (const guid of [parent.guid, r2.guid]) {
      const thread = ThreadResponse.parse(await h.ok('thread', { address: eng.address, guid }, alice));
      expect(thread.message.guid).toBe(parent.guid);
      expect(thread.data.map((m) => m.guid)).toEqual([r1.guid, r2.guid]);
    }
    const design = await h.channelByName(alice, 'Design');
    expect(await h.call('thread', { address: design.address, guid: parent.guid }, dave)).toEqual({ status: 404, body: { isOk: false, message: 'No channel found' } });
    expect((await h.call('thread', { address: eng.address, guid: 'nope' }, dave)).body).toEqual({ isOk: false, message: 'No message found' });
    // A message of another channel is not found through this one.
    const other = await post(alice, design.address, 'elsewhere');
    expect((await h.call('thread', { address: eng.address, guid: other.guid }, alice)).status).toBe(404);
    const bad = await h.call('thread', { address: eng.address }, dave);
    expect(bad.status).toBe(400);
    expect(bad.body.results.guid.isOk).toBe(false);
    expect((await h.call('thread', { address: eng.address, guid: r1.guid }, undefined)).status).toBe(403);
  });

  it('refuses replies to replies, to other channels and to deleted messages', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const parent = await post(bob, eng.address, 'parent');
    const reply = await post(carol, eng.address, 'reply', { reply_to: parent.guid });
    const nested = await h.call('post', { address: eng.address, json: textJson('nested'), reply_to: reply.guid }, dave);
    expect(nested).toEqual({
      status: 400,
      body: { isOk: false, message: `reply_to: ${MESSAGE_REFUSALS.replyToReply}`, results: { reply_to: { isOk: false, message: MESSAGE_REFUSALS.replyToReply } } },
    });
    const design = await h.channelByName(alice, 'Design');
    const elsewhere = await post(alice, design.address, 'design only');
    expect((await h.call('post', { address: eng.address, json: textJson('x'), reply_to: elsewhere.guid }, alice)).body.results.reply_to.isOk).toBe(false);
    await h.ok('deleteMessage', { address: eng.address, guid: parent.guid }, bob);
    expect((await h.call('post', { address: eng.address, json: textJson('late'), reply_to: parent.guid }, carol)).status).toBe(400);
  });

  it('applies the posting rights to replies too', async () => {
    const acme = await h.channelByName(alice, 'Acme');
    const news = await h.channelByName(alice, 'News');
    const acmeParent = await post(alice, acme.address, 'company news');
    const newsParent = await post(alice, news.address, 'announcement');
    expect(await h.call('post', { address: acme.address, json: textJson('me too'), reply_to: acmeParent.guid }, bob)).toEqual({
      status: 400,
      body: { isOk: false, message: POSTING_REASONS.companyAdminsOnly },
    });
    expect((await h.call('post', { address: news.address, json: textJson('me too'), reply_to: newsParent.guid }, carol)).body.message).toBe(
      POSTING_REASONS.announcementAdminsOnly,
    );
    await post(alice, acme.address, 'admin reply', { reply_to: acmeParent.guid });
    const dm = (await h.ok('startConversation', { target_user_guid: carol.user_guid }, dave)).channel;
    const dmParent = await post(dave, dm.address, 'dm');
    await post(carol, dm.address, 'dm reply', { reply_to: dmParent.guid });
  });

  it('refuses posts and replies in a read-only team except from its admin; replies in the HR department', async () => {
    const design = await h.channelByName(alice, 'Design');
    const parent = await post(carol, design.address, 'before read-only');
    await h.server.db.query('UPDATE channels SET read_only = true WHERE address = $1', [design.address]);
    try {
      for (const body of [{ json: textJson('top') }, { json: textJson('reply'), reply_to: parent.guid }]) {
        expect(await h.call('post', { address: design.address, ...body }, carol)).toEqual({ status: 400, body: { isOk: false, message: POSTING_REASONS.readOnly } });
      }
      await post(alice, design.address, 'the team admin still posts', { reply_to: parent.guid });
    } finally {
      await h.server.db.query('UPDATE channels SET read_only = false WHERE address = $1', [design.address]);
    }
    const hr = await h.channelByName(dave, 'HR');
    const hrParent = await post(dave, hr.address, 'question for HR');
    await post(alice, hr.address, 'answer from the company admin', { reply_to: hrParent.guid });
  });

  it('deletes a reply with reply_to: DEL carries it, counts drop; deleting the first message deletes its replies', async () => {
    const eng = await h.channelByName(carol, 'Engineering');
    const parent = await post(carol, eng.address, 'to be deleted');
    const r1 = await post(dave, eng.address, 'r1', { reply_to: parent.guid });
    const r2 = await post(bob, eng.address, 'r2', { reply_to: parent.guid });
    const daveSocket = await h.socket(dave);
    expect(await h.call('deleteMessage', { address: eng.address, guid: r1.guid, reply_to: 'someone-else' }, dave)).toMatchObject({ status: 400 });
    await h.ok('deleteMessage', { address: eng.address, guid: r1.guid, reply_to: parent.guid }, dave);
    expect(await daveSocket.next('DEL', (d) => d.guid === r1.guid)).toEqual({ address: eng.address, guid: r1.guid, from_guid: dave.user_guid, created: r1.created, reply_to: parent.guid, change_seq: expect.any(Number) });
    expect((await history(carol, eng.address)).find((m) => m.guid === parent.guid)).toMatchObject({ reply_count: 1, last_reply_ts: r2.created });
    // Carol may not delete Bob's reply; Bob (channel admin) may delete hers.
    expect((await h.call('deleteMessage', { address: eng.address, guid: r2.guid }, carol)).status).toBe(400);
    await h.ok('deleteMessage', { address: eng.address, guid: parent.guid }, bob);
    await daveSocket.next('DEL', (d) => d.guid === parent.guid);
    expect(daveSocket.frames.filter((f) => f.code === 'DEL').map((f) => f.data.guid)).toEqual([r1.guid, r2.guid, parent.guid]);
    expect((await h.call('thread', { address: eng.address, guid: parent.guid }, carol)).status).toBe(404);
    daveSocket.close();
  });
});

describe('reactions', () => {
  it('react and reaction/delete answer with the list and send REA to members only', async () => {
    const design = await h.channelByName(alice, 'Design');
    const message = await post(carol, design.address, 'react to me');
    const [bobSocket, daveSocket] = await Promise.all([h.socket(bob), h.socket(dave)]);
    const first = ReactResponse.parse(await h.ok('react', { address: design.address, guid: message.guid, content: '👍' }, bob));
    expect(first.reactions).toEqual([{ target_user_guid: bob.user_guid, content: '👍' }]);
    const rea = await bobSocket.next('REA', (d) => d.guid === message.guid);
    expect(rea).toEqual({ address: design.address, guid: message.guid, reactions: first.reactions, change_seq: expect.any(Number) });
    await h.ok('react', { address: design.address, guid: message.guid, content: '👍🏽' }, alice);
    // A repeat is a no-op: same list, no second broadcast.
    const again = ReactResponse.parse(await h.ok('react', { address: design.address, guid: message.guid, content: '👍' }, bob));
    expect(again.reactions.map((r) => r.content)).toEqual(['👍', '👍🏽']);
    await sleep(100);
    expect(bobSocket.count('REA', (d) => d.guid === message.guid)).toBe(2);
    const removed = ReactResponse.parse(await h.ok('unreact', { address: design.address, guid: message.guid, content: '👍' }, bob));
    expect(removed.reactions).toEqual([{ target_user_guid: alice.user_guid, content: '👍🏽' }]);
    expect((await history(carol, design.address)).find((m) => m.guid === message.guid)?.reactions).toEqual(removed.reactions);
    daveSocket.send('CHK {"check":1}');
    await daveSocket.next('ACK');
    expect(daveSocket.count('REA')).toBe(0);
    for (const s of [bobSocket, daveSocket]) s.close();
  });

  it('works on replies, and refuses non-members (404), unknown messages (404), bad content (400) and too many reactions', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const parent = await post(bob, eng.address, 'p');
    const reply = await post(dave, eng.address, 'r', { reply_to: parent.guid });
    await h.ok('react', { address: eng.address, guid: reply.guid, content: '🎉' }, carol);
    const thread = ThreadResponse.parse(await h.ok('thread', { address: eng.address, guid: parent.guid }, bob));
    expect(thread.data[0]!.reactions).toEqual([{ target_user_guid: carol.user_guid, content: '🎉' }]);

    const design = await h.channelByName(alice, 'Design');
    const designMessage = await post(alice, design.address, 'members only');
    expect(await h.call('react', { address: design.address, guid: designMessage.guid, content: '👍' }, dave)).toEqual({ status: 404, body: { isOk: false, message: 'No channel found' } });
    // Through a channel Dave is in, the Design message is still not found.
    expect((await h.call('react', { address: eng.address, guid: designMessage.guid, content: '👍' }, dave)).body.message).toBe('No message found');
    expect((await h.call('unreact', { address: eng.address, guid: 'nope', content: '👍' }, dave)).status).toBe(404);
    for (const content of ['', 'two words', 'x'.repeat(65)]) {
      const bad = await h.call('react', { address: eng.address, guid: parent.guid, content }, dave);
      expect(bad.status).toBe(400);
      expect(bad.body.results.content.isOk).toBe(false);
    }
    for (let i = 0; i < 20; i++) await h.ok('react', { address: eng.address, guid: parent.guid, content: `:r${i}:` }, dave);
    expect(await h.call('react', { address: eng.address, guid: parent.guid, content: ':r20:' }, dave)).toEqual({
      status: 400,
      body: { isOk: false, message: MESSAGE_REFUSALS.tooManyReactions, results: { content: { isOk: false, message: MESSAGE_REFUSALS.tooManyReactions } } },
    });
  });
});

describe('flags', () => {
  it('are per user: set, change and clear; FAV goes to the flagging user only; history shows only their own', async () => {
    const eng = await h.channelByName(carol, 'Engineering');
    const message = await post(dave, eng.address, 'flag me');
    const [carolSocket, daveSocket] = await Promise.all([h.socket(carol), h.socket(dave)]);
    expect(FlagResponse.parse(await h.ok('flag', { address: eng.address, guid: message.guid, is_on: true, flag: 9 }, carol))).toEqual({ isOk: true, guid: message.guid, flag: 9 });
    expect(await carolSocket.next('FAV')).toEqual({ address: eng.address, guid: message.guid, flag: 9 });
    await h.ok('flag', { address: eng.address, guid: message.guid, is_on: true, flag: 12 }, dave);
    const flagOf = async (s: Session) => (await history(s, eng.address)).find((m) => m.guid === message.guid)?.flag;
    expect([await flagOf(carol), await flagOf(dave), await flagOf(bob)]).toEqual([9, 12, 0]);
    await h.ok('flag', { address: eng.address, guid: message.guid, is_on: false, flag: 0 }, carol);
    expect(await carolSocket.next('FAV', (d) => d.flag === 0)).toEqual({ address: eng.address, guid: message.guid, flag: 0 });
    expect([await flagOf(carol), await flagOf(dave)]).toEqual([0, 12]);
    await sleep(50);
    expect(daveSocket.count('FAV', (d) => d.guid === message.guid)).toBe(1);
    for (const s of [carolSocket, daveSocket]) s.close();
  });

  it('history with is_favorites lists the flagged messages, replies included, in one channel or all', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const dm = await h.channelByName(bob, 'Alice Anders');
    const parent = await post(bob, eng.address, 'fav parent');
    const reply = await post(carol, eng.address, 'fav reply', { reply_to: parent.guid });
    const inDm = await post(alice, dm.address, 'fav in dm');
    for (const [m, address, flag] of [[reply, eng.address, 3], [inDm, dm.address, 7]] as const) {
      await h.ok('flag', { address, guid: m.guid, is_on: true, flag }, bob);
    }
    const all = HistoryResponse.parse(await h.ok('history', { page: 0, address: null, is_favorites: true }, bob)).data;
    expect(all.map((m) => [m.guid, m.flag])).toEqual([
      [reply.guid, 3],
      [inDm.guid, 7],
    ]);
    const inEng = HistoryResponse.parse(await h.ok('history', { page: 0, address: eng.address, is_favorites: true }, bob)).data;
    expect(inEng.map((m) => m.guid)).toEqual([reply.guid]);
    // Deleted messages leave the list.
    await h.ok('deleteMessage', { address: dm.address, guid: inDm.guid }, alice);
    expect(HistoryResponse.parse(await h.ok('history', { page: 0, address: null, is_favorites: true }, bob)).data.map((m) => m.guid)).toEqual([reply.guid]);
    // Without is_favorites an address is required.
    const noAddress = await h.call('history', { page: 0, address: null }, bob);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.results.address.isOk).toBe(false);
  });

  it('refuses bad bodies with field results, non-members with 404', async () => {
    const eng = await h.channelByName(carol, 'Engineering');
    const message = await post(carol, eng.address, 'f');
    for (const body of [
      { address: eng.address, guid: message.guid, is_on: true, flag: 13 },
      { address: eng.address, guid: message.guid, is_on: true, flag: 0 },
      { address: eng.address, guid: message.guid, is_on: true },
    ]) {
      const res = await h.call('flag', body, carol);
      expect(res.status).toBe(400);
      expect(res.body.results.flag.isOk).toBe(false);
    }
    const missing = await h.call('flag', { address: eng.address, guid: message.guid, flag: 2 }, carol);
    expect(missing.body.results.is_on.isOk).toBe(false);
    const hr = await h.channelByName(alice, 'HR');
    const hrMessage = (await history(alice, hr.address))[0]!;
    expect(await h.call('flag', { address: hr.address, guid: hrMessage.guid, is_on: true, flag: 1 }, carol)).toEqual({ status: 404, body: { isOk: false, message: 'No channel found' } });
    expect((await h.call('flag', { address: eng.address, guid: hrMessage.guid, is_on: true, flag: 1 }, carol)).status).toBe(404);
  });
});

describe('mentions', () => {
  it('accepts person parts of company users and channel-wide mentions of this conversation, refuses others', async () => {
    const eng = await h.channelByName(bob, 'Engineering');
    const parts = [
      { type: 'person', user_guid: carol.user_guid, name: 'Carol Chen', scope: 'user' },
      { type: 'text', text: ' and ' },
      { type: 'person', user_guid: eng.address, name: 'channel', scope: 'channel' },
      { type: 'bullet-list', items: [[{ type: 'person', user_guid: eng.address, name: 'all', scope: 'all' }]] },
    ];
    const ok = await h.ok('post', { address: eng.address, json: JSON.stringify(parts), is_urgent: false }, bob);
    expect(ok.message.parts ?? JSON.parse(ok.message.json)).toEqual(parts);
    const stranger = await h.call('post', { address: eng.address, json: JSON.stringify([{ type: 'person', user_guid: 'not-a-user', name: 'X', scope: 'user' }]) }, bob);
    expect(stranger).toMatchObject({ status: 400, body: { results: { json: { isOk: false, message: MESSAGE_REFUSALS.unknownMention } } } });
    const design = await h.channelByName(bob, 'Design');
    const wrongScope = await h.call('post', { address: eng.address, json: JSON.stringify([{ type: 'person', user_guid: design.address, name: 'channel', scope: 'channel' }]) }, bob);
    expect(wrongScope.body.results.json.message).toBe(MESSAGE_REFUSALS.scopeTarget);
  });
});
