/** Connect links and connection requests over real HTTP and WebSocket (spec 2 §4, §7, §8, §9). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectCodesResponse, ConnectCreateResponse, ConnectStartResponse, CrListResponse, CrRespondResponse } from '../../protocol/rest/connections';
import { UsersListResponse } from '../../protocol/rest/users';
import { loginDemo, startHarness, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, grace: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol } = await loginDemo(h));
  grace = await h.login('grace@globex.test');
});
afterAll(() => h?.server.close());

describe('connect links', () => {
  it('creates with 7 days and 10 uses by default, lists, deletes; bounds are checked', async () => {
    const before = Date.now();
    const created = ConnectCreateResponse.parse(await h.ok('connectCreate', {}, carol)).link;
    expect(created).toMatchObject({ ttl_seconds: 604_800, max_clicks: 10, clicks: 0, team_guid: null });
    expect(created.expires).toBeGreaterThanOrEqual(before + 604_800_000);
    expect(created.code).toMatch(/^[A-Z2-9]{8}$/);
    const list = ConnectCodesResponse.parse(await h.ok('connectCodes', {}, carol)).links;
    expect(list.map((l) => l.cl_guid)).toContain(created.cl_guid);
    expect(ConnectCodesResponse.parse(await h.ok('connectCodes', {}, bob)).links).toEqual([]);

    expect((await h.call('connectDelete', { cl_guid: created.cl_guid }, bob)).status).toBe(404);
    await h.ok('connectDelete', { cl_guid: created.cl_guid }, carol);
    expect(ConnectCodesResponse.parse(await h.ok('connectCodes', {}, carol)).links.map((l) => l.cl_guid)).not.toContain(created.cl_guid);
    const used = await h.call('connectStart', { cl_guid: created.cl_guid }, bob);
    expect(used.status).toBe(404);
    expect(used.body.message).toBe('This connect link does not exist.');

    expect((await h.call('connectCreate', { ttl_seconds: 10 }, carol)).body.results.ttl_seconds.message).toBe('A link lasts at least an hour.');
    expect((await h.call('connectCreate', { max_clicks: 0 }, carol)).body.results.max_clicks.message).toBe('A link can be used 1 to 1000 times.');
    expect((await h.call('connectCreate', { max_clicks: 1001 }, carol)).body.results.max_clicks.message).toBe('A link can be used 1 to 1000 times.');
    // A team link only for a team the user administers: Carol is a plain member of Design.
    const design = await h.channelByName(carol, 'Design');
    expect((await h.call('connectCreate', { team_guid: design.guid }, carol)).status).toBe(400);
  });

  it('used by a colleague: a DM at once, the owner told who connected; own link and used-up links refused', async () => {
    const link = ConnectCreateResponse.parse(await h.ok('connectCreate', { max_clicks: 1 }, bob)).link;
    const bobSocket = await h.socket(bob);
    expect((await h.call('connectStart', { cl_guid: link.cl_guid }, bob)).body.message).toBe('This is your own connect link.');
    const started = ConnectStartResponse.parse(await h.ok('connectStart', { cl_guid: link.cl_guid }, carol));
    expect(started.channel).toMatchObject({ channel_type: 0, etype: 'DM', name: 'Bob Brown' });
    const used = await bobSocket.next('CRQ', (d) => d.action === 'connect_link_used');
    expect(used.link?.clicks).toBe(1);
    expect(used.connected_user?.name).toBe('Carol Chen');
    const again = await h.call('connectStart', { cl_guid: link.cl_guid }, alice);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This connect link has been used as often as it allows.');
    bobSocket.close();
  });

  it('an expired link is refused', async () => {
    const link = ConnectCreateResponse.parse(await h.ok('connectCreate', {}, alice)).link;
    await h.server.db.query('UPDATE connect_links SET expires = $2 WHERE cl_guid = $1', [link.cl_guid, Date.now() - 1]);
    const res = await h.call('connectStart', { cl_guid: link.cl_guid }, bob);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This connect link has expired.');
  });
});

describe('connection requests', () => {
  it('another company: a request, accepted into an external DM, and the requester is told', async () => {
    const design = await h.channelByName(alice, 'Design');
    const link = ConnectCreateResponse.parse(await h.ok('connectCreate', { team_guid: design.guid }, alice)).link;
    const aliceSocket = await h.socket(alice);
    const graceSocket = await h.socket(grace);

    const started = ConnectStartResponse.parse(await h.ok('connectStart', { cl_guid: link.cl_guid }, grace));
    expect(started.channel).toBeNull(); // a request was sent: "wait for approval"
    const crq = await aliceSocket.next('CRQ', (d) => d.action === 'request');
    expect(crq.request).toMatchObject({ target_user_guid: grace.user_guid, first_name: 'Grace', last_name: 'Green', email: 'grace@globex.test' });
    // Using the link again does not make a second request.
    await h.ok('connectStart', { cl_guid: link.cl_guid }, grace);
    const requests = CrListResponse.parse(await h.ok('crList', {}, alice)).requests;
    expect(requests.map((r) => r.target_user_guid)).toEqual([grace.user_guid]);
    expect(CrListResponse.parse(await h.ok('crList', {}, bob)).requests).toEqual([]);
    // Only the receiver may answer.
    expect((await h.call('crRespond', { guid: crq.request!.guid, response: 0 }, bob)).status).toBe(404);
    expect((await h.call('crRespond', { guid: crq.request!.guid, response: 2 }, alice)).status).toBe(400);

    const answered = CrRespondResponse.parse(await h.ok('crRespond', { guid: crq.request!.guid, response: 0 }, alice));
    expect(answered.channel).toMatchObject({ etype: 'external DM', is_external: true, name: 'Grace Green' });
    const told = await graceSocket.next('CRQ', (d) => d.action === 'remove' && d.connected_user !== undefined);
    expect(told.connected_user?.name).toBe('Alice Anders');
    await graceSocket.next('CHA', (d) => d.action === 'add' && d.channel?.name === 'Alice Anders');
    // The team link put Grace in Design.
    await graceSocket.next('CHA', (d) => d.action === 'add' && d.channel?.name === 'Design');
    await aliceSocket.next('CRQ', (d) => d.action === 'remove' && d.guid === crq.request!.guid);
    expect((await h.call('crRespond', { guid: crq.request!.guid, response: 1 }, alice)).body.message).toBe('This connection request was already answered.');

    // Now connected: each sees the other in the directory and hears their presence.
    const aliceUsers = UsersListResponse.parse(await h.ok('usersList', {}, alice)).users;
    expect(aliceUsers.find((u) => u.target_user_guid === grace.user_guid)?.company_guid).not.toBe(aliceUsers.find((u) => u.name === 'Bob Brown')?.company_guid);
    const graceUsers = UsersListResponse.parse(await h.ok('usersList', {}, grace)).users;
    expect(graceUsers.map((u) => u.name)).toContain('Alice Anders');
    expect(graceUsers.map((u) => u.name)).not.toContain('Bob Brown');
    // A second link use between connected people goes straight to the DM.
    const direct = ConnectStartResponse.parse(await h.ok('connectStart', { cl_guid: link.cl_guid }, grace));
    expect(direct.channel?.address).toBe(answered.channel?.address);
    aliceSocket.close();
    graceSocket.close();
  });

  it('a rejected request leaves no connection', async () => {
    const link = ConnectCreateResponse.parse(await h.ok('connectCreate', {}, bob)).link;
    await h.ok('connectStart', { cl_guid: link.cl_guid }, grace);
    const request = CrListResponse.parse(await h.ok('crList', {}, bob)).requests[0]!;
    expect(CrRespondResponse.parse(await h.ok('crRespond', { guid: request.guid, response: 1 }, bob)).channel).toBeNull();
    expect(CrListResponse.parse(await h.ok('crList', {}, bob)).requests).toEqual([]);
    const graceUsers = UsersListResponse.parse(await h.ok('usersList', {}, grace)).users;
    expect(graceUsers.map((u) => u.name)).not.toContain('Bob Brown');
  });
});
