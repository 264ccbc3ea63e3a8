/**
 * Direct messages across companies and blocks: conversations/start with a connection (an external DM), and
 * posting where the other person is blocked from the poster's company — over real HTTP and WebSocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { POSTING_REASONS } from '../../protocol/rules/posting-rights';
import { connect } from '../../server/people-store';
import { MESSAGES } from '../../server/routes/context';
import { loginDemo, sleep, startHarness, textJson, type Harness, type Session, type TestSocket } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, gina: Session, grace: Session;
let carolSocket: TestSocket, graceSocket: TestSocket, ginaSocket: TestSocket;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol } = await loginDemo(h));
  gina = await h.login('gina@globex.test');
  grace = await h.login('grace@globex.test');
  [carolSocket, graceSocket, ginaSocket] = (await Promise.all([carol, grace, gina].map((s) => h.socket(s)))) as [TestSocket, TestSocket, TestSocket];
});
afterAll(async () => {
  for (const s of [carolSocket, graceSocket, ginaSocket]) s?.close();
  await h?.server.close();
});

const dmWith = async (viewer: Session, other: Session) =>
  (await h.ok('channelsList', {}, viewer)).channels.find((c: any) => c.channel_type === 0 && c.target_user_guid === other.user_guid);

describe('conversations/start across companies', () => {
  it('starts an external DM with a connection who has none yet, announced to both, once', async () => {
    // Connected (as accepting a request does) but without their conversation: it was never opened.
    await connect(h.server.db, carol.user_guid, grace.user_guid);
    expect(await dmWith(carol, grace)).toBeUndefined();
    const started = (await h.ok('startConversation', { target_user_guid: grace.user_guid }, carol)).channel;
    expect(started).toMatchObject({ name: 'Grace Green', channel_type: 0, etype: 'external DM', is_external: true, target_user_guid: grace.user_guid });
    expect((await graceSocket.next('CHA', (d) => d.action === 'add')).channel).toMatchObject({ address: started.address, name: 'Carol Chen' });
    await carolSocket.next('CHA', (d) => d.action === 'add' && d.channel?.address === started.address);
    expect((await h.ok('startConversation', { target_user_guid: carol.user_guid }, grace)).channel.address).toBe(started.address);
    await sleep(50);
    expect(graceSocket.count('CHA', (d) => d.action === 'add')).toBe(1);
    // And they talk in it.
    await h.ok('post', { address: started.address, json: textJson('Hello from Acme'), is_urgent: false }, carol);
    expect((await graceSocket.next('MSG')).message.from_guid).toBe(carol.user_guid);
  });

  it('refuses someone who is neither a colleague, a connection nor in a DM with the user, saying so', async () => {
    const refused = await h.call('startConversation', { target_user_guid: grace.user_guid }, bob);
    expect(refused).toMatchObject({ status: 400, body: { message: MESSAGES.noContact } });
    expect(refused.body.results.target_user_guid.isOk).toBe(false);
  });
});

describe('a direct message with a person blocked from the company', () => {
  it('refuses posting to her, with the reason, and starting a conversation with her', async () => {
    const dm = await dmWith(alice, gina);
    await h.ok('blockUser', { target_user_guid: gina.user_guid, is_blocked: true }, alice);
    await ginaSocket.next('BLO');
    const refused = await h.call('post', { address: dm.address, json: textJson('Are you there?'), is_urgent: false, client_guid: 'c-blocked-1' }, alice);
    expect(refused).toMatchObject({ status: 400, body: { message: POSTING_REASONS.blockedPeer('Gina Garcia') } });
    // Nothing was stored: her conversation does not carry it.
    expect((await h.ok('history', { address: dm.address, page: 0 }, alice)).data.map((m: any) => JSON.parse(m.json)[0].text)).not.toContain('Are you there?');
    expect(await h.call('startConversation', { target_user_guid: gina.user_guid }, alice)).toMatchObject({ status: 400, body: { message: BLOCKED_USER_MESSAGE } });
  });

  it('refuses her starting a conversation with a connection of the company that blocked her', async () => {
    await connect(h.server.db, carol.user_guid, gina.user_guid);
    expect(await h.call('startConversation', { target_user_guid: carol.user_guid }, gina)).toMatchObject({ status: 400, body: { message: MESSAGES.blockedByTheirCompany('Acme') } });
  });

  it('takes posts again once she is reinstated, and she reads them', async () => {
    await h.ok('blockUser', { target_user_guid: gina.user_guid, is_blocked: false }, alice);
    const dm = await dmWith(alice, gina);
    await h.ok('post', { address: dm.address, json: textJson('Welcome back'), is_urgent: false }, alice);
    expect((await ginaSocket.next('MSG', (d) => d.message.address === dm.address)).message.from_guid).toBe(alice.user_guid);
  });
});
