/** channels/list as each user sees it, users/list, conversations/start with CHA, TYP relay. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelsListResponse, StartConversationResponse } from '../../protocol/rest/channels';
import { UsersListResponse } from '../../protocol/rest/users';
import { sleep, loginDemo, startHarness, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
});
afterAll(() => h?.server.close());

const names = async (s: Session) => (await h.ok('channelsList', {}, s)).channels.map((c: any) => c.name).sort();

describe('channels/list', () => {
  it('lists each user\'s channels, valid against the protocol schema, all read after the seed', async () => {
    const res = await h.ok('channelsList', {}, alice);
    const parsed = ChannelsListResponse.parse(res);
    expect(parsed.channels.map((c) => c.name).sort()).toEqual(['Acme', 'Bob Brown', 'Design', 'Engineering', 'Gina Garcia', 'HR', 'Launch Partners', 'News', 'Plaza Bot', 'Product Council']);
    for (const c of parsed.channels) {
      expect(c.unread_messages).toBe(0);
      expect(c.is_member).toBe(true);
      expect(c.last_message).not.toBeNull();
      expect(c.last_message_ts).toBe(c.last_message?.created);
    }
    expect(await names(dave)).toEqual(['Acme', 'Engineering', 'HR', 'News', 'Plaza Bot']);
    expect(await names(dave)).not.toContain('Design');
  });

  it('describes channel types, admins and DMs from the viewer\'s side', async () => {
    const list = ChannelsListResponse.parse(await h.ok('channelsList', {}, bob)).channels;
    const by = (n: string) => list.find((c) => c.name === n)!;
    expect(by('Acme')).toMatchObject({ channel_type: 2, etype: 'company', member_type: 0, user_is_admin: false });
    expect(by('Engineering')).toMatchObject({ channel_type: 1, etype: 'channel', member_type: 2, user_is_admin: true });
    expect(by('News')).toMatchObject({ channel_type: 1, etype: 'announcement', is_hr: true });
    const dm = by('Alice Anders');
    expect(dm).toMatchObject({ channel_type: 0, etype: 'DM', target_user_guid: alice.user_guid });
    const aliceDm = (await h.channelByName(alice, 'Bob Brown')) as any;
    expect(aliceDm.address).toBe(dm.address);
    expect(aliceDm.target_user_guid).toBe(bob.user_guid);
    // The seed includes every part kind the brief asks for.
    const all = await Promise.all(list.map((c) => h.ok('history', { page: 0, address: c.address }, bob)));
    const kinds = new Set(all.flatMap((r: any) => r.data.flatMap((m: any) => JSON.parse(m.json).map((p: any) => p.type))));
    expect([...kinds]).toEqual(expect.arrayContaining(['text', 'bullet-list', 'hyperlink', 'person']));
  });
});

describe('users/list', () => {
  it('lists company users (and the other people of their direct messages) without self and bots by default', async () => {
    // Gina of Globex: Alice's direct message with her (the demo's).
    const res = UsersListResponse.parse(await h.ok('usersList', {}, alice));
    expect(res.users.map((u) => u.name).sort()).toEqual(['Bob Brown', 'Carol Chen', 'Dave Diaz', 'Gina Garcia']);
    const all = UsersListResponse.parse(await h.ok('usersList', { include_self: true, include_bots: true }, alice));
    expect(all.users.map((u) => u.name).sort()).toEqual(['Alice Anders', 'Bob Brown', 'Carol Chen', 'Dave Diaz', 'Gina Garcia', 'Plaza Bot']);
    expect(all.users.find((u) => u.name === 'Alice Anders')).toMatchObject({ is_company_admin: true, email: 'alice@acme.test' });
    expect(all.users.find((u) => u.name === 'Plaza Bot')?.user_type).toBe(2);
  });
});

describe('conversations/start', () => {
  it('creates the DM once, returns the same one later, and sends CHA add to both', async () => {
    const carolSocket = await h.socket(carol);
    const daveSocket = await h.socket(dave);
    const first = StartConversationResponse.parse(await h.ok('startConversation', { target_user_guid: dave.user_guid }, carol));
    expect(first.channel).toMatchObject({ name: 'Dave Diaz', channel_type: 0, etype: 'DM', target_user_guid: dave.user_guid, member_type: 0 });
    const toCarol = await carolSocket.next('CHA');
    const toDave = await daveSocket.next('CHA');
    expect(toCarol).toMatchObject({ action: 'add', channel: { address: first.channel.address, name: 'Dave Diaz' } });
    expect(toDave).toMatchObject({ action: 'add', channel: { address: first.channel.address, name: 'Carol Chen', target_user_guid: carol.user_guid } });

    const again = await h.ok('startConversation', { target_user_guid: carol.user_guid }, dave);
    expect(again.channel.address).toBe(first.channel.address);
    const once = await h.ok('startConversation', { target_user_guid: dave.user_guid }, carol);
    expect(once.channel.address).toBe(first.channel.address);
    await sleep(100);
    expect(carolSocket.count('CHA')).toBe(1);
    expect(daveSocket.count('CHA')).toBe(1);
    expect(await names(dave)).toContain('Carol Chen');
    carolSocket.close();
    daveSocket.close();
  });

  it('refuses yourself and unknown users with 400', async () => {
    const self = await h.call('startConversation', { target_user_guid: alice.user_guid }, alice);
    expect(self.status).toBe(400);
    expect(self.body.results.target_user_guid.isOk).toBe(false);
    const nobody = await h.call('startConversation', { target_user_guid: 'no-such-user' }, alice);
    expect(nobody.status).toBe(400);
  });
});

describe('typing', () => {
  it('relays TYP to the other members only', async () => {
    const design = await h.channelByName(alice, 'Design');
    const [a, b, c, d] = await Promise.all([alice, bob, carol, dave].map((s) => h.socket(s)));
    a!.send(`TYP ${JSON.stringify({ address: design.address })}`);
    const atBob = await b!.next('TYP');
    expect(atBob).toEqual({ address: design.address, user_guid: alice.user_guid, first_name: 'Alice', last_name: 'Anders' });
    await c!.next('TYP');
    // Dave is not in Design; Alice does not hear herself. A non-member's TYP goes nowhere.
    d!.send(`TYP ${JSON.stringify({ address: design.address })}`);
    d!.send('CHK {"check":"sync"}');
    await d!.next('ACK');
    await sleep(100);
    expect(a!.count('TYP')).toBe(0);
    expect(d!.count('TYP')).toBe(0);
    expect(b!.count('TYP')).toBe(1);
    for (const s of [a, b, c, d]) s!.close();
  });
});
