/** Creating, listing (GET), renaming, privacy flags, deleting, leaving and moving teams, with who may do each. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../protocol/rest/endpoints';
import { DepartmentsListResponse, TeamsListResponse } from '../../protocol/rest/teams';
import { TEAM_REASONS } from '../../protocol/rules/team-rules';
import { AUTH_HEADERS } from '../../protocol/rest/endpoint';
import { loginDemo, startHarness, type Harness, type Session, type TestSocket } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session, gina: Session;
let aliceSocket: TestSocket, bobSocket: TestSocket, carolSocket: TestSocket;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
  gina = await h.login('gina@globex.test');
  [aliceSocket, bobSocket, carolSocket] = await Promise.all([h.socket(alice), h.socket(bob), h.socket(carol)]);
});
afterAll(async () => {
  for (const s of [aliceSocket, bobSocket, carolSocket]) s?.close();
  await h?.server.close();
});

const channel = async (s: Session, address: string) => (await h.ok('channelsList', {}, s)).channels.find((c: any) => c.address === address);

describe('teams/create', () => {
  it('applies the spec defaults and makes the creator the admin; members get CHA add and alert 5', async () => {
    const res = await h.ok('teamsCreate', { name: 'Research', members: [{ target_user_guid: carol.user_guid, member_type: 0 }] }, bob);
    expect(res).toMatchObject({ isOk: true, source: 'local' });
    const mine = await channel(bob, res.address);
    expect(mine).toMatchObject({ name: 'Research', channel_type: 1, etype: 'channel', is_private: true, read_only: false, is_open: true, member_type: 2, user_is_admin: true });
    expect((await bobSocket.next('CHA', (d) => d.action === 'add' && d.address === res.address)).channel?.member_type).toBe(2);
    expect((await carolSocket.next('CHA', (d) => d.action === 'add' && d.address === res.address)).channel?.member_type).toBe(0);
    expect((await carolSocket.next('ALR', (d) => d.alert.alert_type === 5)).alert.message).toBe('Bob Brown added you to Research.');
  });

  it('takes is_open from read_only when read_only is given, as coded (spec 1 §5)', async () => {
    const ro = await h.ok('teamsCreate', { name: 'Read only', read_only: true, is_open: false }, bob);
    expect(await channel(bob, ro.address)).toMatchObject({ read_only: true, is_open: true });
    const rw = await h.ok('teamsCreate', { name: 'Writable', read_only: false, is_open: true, is_private: false }, bob);
    expect(await channel(bob, rw.address)).toMatchObject({ read_only: false, is_open: false, is_private: false });
    const plain = await h.ok('teamsCreate', { name: 'Closed', is_open: false }, bob);
    expect(await channel(bob, plain.address)).toMatchObject({ read_only: false, is_open: false });
  });

  it('refuses departments to non-admins, blank names, and strangers as members', async () => {
    const dept = await h.call('teamsCreate', { name: 'Finance', is_hr: true }, bob);
    expect(dept).toMatchObject({ status: 400, body: { results: { is_hr: { message: TEAM_REASONS.departmentsAdminsOnly } } } });
    const ok = await h.ok('teamsCreate', { name: 'Finance', is_hr: true }, alice);
    expect(await channel(alice, ok.address)).toMatchObject({ is_hr: true, channel_type: 1 });
    expect((await h.call('teamsCreate', { name: ' ' }, bob)).body.results.name.message).toBe('A team needs a name.');
    const stranger = await h.call('teamsCreate', { name: 'Mixed', members: [{ target_user_guid: gina.user_guid, member_type: 0 }] }, bob);
    expect(stranger.status).toBe(400);
    expect(stranger.body.results).toHaveProperty('members');
    expect((await h.call('teamsCreate', { name: 'x' })).status).toBe(403);
  });
});

describe('teams/list and departments_list (GET)', () => {
  it('answers GET with every team of the company as the user sees it, and 405 to POST', async () => {
    const teams = TeamsListResponse.parse(await h.ok('teamsList', {}, dave)).teams;
    const by = (n: string) => teams.find((t) => t.name === n);
    expect(by('Design')).toMatchObject({ is_member: false, member_type: null, member_count: 3, is_open: true, request_pending: false });
    expect(by('Engineering')).toMatchObject({ is_member: true, member_type: 0 });
    expect(by('Product Council')).toMatchObject({ is_open: false });
    expect(by('HR')).toBeUndefined();
    expect(by('News')).toBeUndefined();
    await h.ok('teamsRequest', { action: 'join', team_guid: by('Product Council')!.guid }, dave);
    expect(TeamsListResponse.parse(await h.ok('teamsList', {}, dave)).teams.find((t) => t.name === 'Product Council')?.request_pending).toBe(true);

    const departments = DepartmentsListResponse.parse(await h.ok('departmentsList', {}, dave)).departments;
    expect(departments.map((d) => d.name)).toEqual(['Finance', 'HR']);
    // Gina sees Globex's teams, none of Acme's.
    expect((await h.ok('teamsList', {}, gina)).teams).toEqual([]);

    const post = await fetch(h.server.url + endpoints.teamsList.path, {
      method: 'POST',
      headers: { [AUTH_HEADERS.loginGuid]: dave.login_guid, [AUTH_HEADERS.authToken]: dave.auth_token },
      body: '{}',
    });
    expect(post.status).toBe(405);
    expect((await h.call('teamsList', {})).status).toBe(403);
  });

  it('an open team joined from the list tells its admins (alert 12) and members (member_added)', async () => {
    const design = (await h.ok('teamsList', {}, dave)).teams.find((t: any) => t.name === 'Design');
    expect((await h.ok('teamsRequest', { action: 'join', team_guid: design.guid }, dave)).result).toBe('joined');
    expect((await aliceSocket.next('ALR', (d) => d.alert.alert_type === 12)).alert.message).toBe('Dave Diaz joined Design.');
    const added = await bobSocket.next('CHA', (d) => d.action === 'member_added' && d.address === design.address);
    expect(added.member).toMatchObject({ target_user_guid: dave.user_guid, member_type: 0, first_name: 'Dave', is_external: false });
  });
});

describe('teams/modify, set_private_open_flags, delete', () => {
  it('renames for team admins and company admins only, telling every member (CHA modify)', async () => {
    const design = await h.channelByName(carol, 'Design');
    expect(await h.call('teamsModify', { guid: design.guid, name: 'Nope' }, carol)).toMatchObject({ status: 400, body: { message: TEAM_REASONS.notManager } });
    await h.ok('teamsModify', { guid: design.guid, name: 'Product Design' }, alice);
    const modify = await carolSocket.next('CHA', (d) => d.action === 'modify' && d.address === design.address);
    expect(modify.channel?.name).toBe('Product Design');
    // Alice is not an admin of Engineering but is a company admin: she may rename it.
    const eng = await h.channelByName(bob, 'Engineering');
    await h.ok('teamsModify', { guid: eng.guid, name: 'Engineering' }, alice);
    expect((await h.call('teamsModify', { guid: 'nope', name: 'x' }, alice)).status).toBe(404);
    expect((await h.call('teamsModify', { guid: eng.guid, name: '' }, alice)).body.results).toHaveProperty('name');
  });

  it('changes privacy flags (CHA change; alert 7 to the other members)', async () => {
    const design = await h.channelByName(carol, 'Product Design');
    expect((await h.call('teamsSetFlags', { team_guid: design.guid, is_private: false, is_open: false }, carol)).status).toBe(400);
    await h.ok('teamsSetFlags', { team_guid: design.guid, is_private: false, is_open: false }, alice);
    const change = await carolSocket.next('CHA', (d) => d.action === 'change' && d.address === design.address && d.channel?.is_open === false);
    expect(change.channel).toMatchObject({ is_private: false, is_open: false });
    expect((await carolSocket.next('ALR', (d) => d.alert.alert_type === 7)).alert.message).toBe('Alice Anders made Product Design public; joining needs an admin’s approval.');
    expect(aliceSocket.count('ALR', (d) => d.alert.alert_type === 7)).toBe(0);
    expect((await h.call('teamsSetFlags', { team_guid: design.guid, is_private: 'yes', is_open: false }, alice)).body.results).toHaveProperty('is_private');
  });

  it('deletes a team: every member loses it (CHA remove) and it is listed nowhere', async () => {
    const res = await h.ok('teamsCreate', { name: 'Short-lived', members: [{ target_user_guid: carol.user_guid, member_type: 0 }] }, bob);
    expect((await h.call('teamsDelete', { guid: res.guid }, carol)).status).toBe(400);
    await h.ok('teamsDelete', { guid: res.guid }, bob);
    await carolSocket.next('CHA', (d) => d.action === 'remove' && d.address === res.address);
    expect(await channel(carol, res.address)).toBeUndefined();
    expect((await h.ok('teamsList', {}, carol)).teams.map((t: any) => t.name)).not.toContain('Short-lived');
    expect((await h.call('teamsRequest', { action: 'join', team_guid: res.guid }, dave)).status).toBe(404);
    expect((await h.call('history', { address: res.address, page: 0 }, carol)).status).toBe(404);
  });
});

describe('channel/leave', () => {
  it('lets a member leave (CHA remove to them, member_removed to the rest, alert 13 to admins)', async () => {
    const design = await h.channelByName(carol, 'Product Design');
    await h.ok('channelLeave', { address: design.address }, carol);
    await carolSocket.next('CHA', (d) => d.action === 'remove' && d.address === design.address);
    await bobSocket.next('CHA', (d) => d.action === 'member_removed' && d.target_user_guid === carol.user_guid);
    expect((await aliceSocket.next('ALR', (d) => d.alert.alert_type === 13)).alert.message).toBe('Carol Chen left Product Design.');
    expect((await h.call('channelLeave', { address: design.address }, carol)).status).toBe(404);
  });

  it('refuses the company channel, announcements, direct messages and the last admin', async () => {
    for (const name of ['Acme', 'News', 'Alice Anders']) {
      const c = await h.channelByName(bob, name);
      expect(await h.call('channelLeave', { address: c.address }, bob), name).toMatchObject({ status: 400, body: { message: TEAM_REASONS.cannotLeave } });
    }
    const eng = await h.channelByName(bob, 'Engineering');
    expect(await h.call('channelLeave', { address: eng.address }, bob)).toMatchObject({ status: 400, body: { message: TEAM_REASONS.lastAdmin } });
  });
});

describe('teams/move_to_company', () => {
  it('moves a team of another company into the company of someone who is both its admin and a company admin', async () => {
    const globexTeam = await h.ok('teamsCreate', { name: 'Joint venture' }, gina);
    await h.ok('teamMembersUpdate', { team_guid: globexTeam.guid, members: [{ target_user_guid: alice.user_guid, member_type: 2 }, { target_user_guid: bob.user_guid, member_type: 0 }], external_confirmed: true }, gina);
    expect(await channel(alice, globexTeam.address)).toMatchObject({ is_external: true, etype: 'external channel' });
    // Bob is no admin of it; Gina's team is already Globex's.
    expect(await h.call('teamsMoveToCompany', { team_guid: globexTeam.guid }, bob)).toMatchObject({ status: 400, body: { message: TEAM_REASONS.moveToCompany } });
    expect(await h.call('teamsMoveToCompany', { team_guid: globexTeam.guid }, gina)).toMatchObject({ status: 400, body: { message: TEAM_REASONS.alreadyInCompany } });
    await h.ok('teamsMoveToCompany', { team_guid: globexTeam.guid }, alice);
    const moved = await bobSocket.next('CHA', (d) => d.action === 'change_company' && d.address === globexTeam.address);
    expect(moved.channel).toMatchObject({ is_external: true });
    const mine = await channel(alice, globexTeam.address);
    expect(mine.company_guid).toBe((await h.channelByName(alice, 'Acme')).company_guid);
    expect((await h.ok('teamsList', {}, bob)).teams.map((t: any) => t.name)).toContain('Joint venture');
  });
});
