/** Members, email invitations with reminders, and blocking, over real HTTP and WebSocket. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { TeamMembersResponse } from '../../protocol/rest/team-members';
import { UsersListResponse } from '../../protocol/rest/users';
import { TEAM_REASONS } from '../../protocol/rules/team-rules';
import { REMIND_AFTER_MS } from '../../server/invite-store';
import { MEMBER_MESSAGES } from '../../server/routes/team-members';
import { loginDemo, startHarness, type Harness, type Session, type TestSocket } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session, gina: Session;
let aliceSocket: TestSocket, bobSocket: TestSocket, carolSocket: TestSocket, daveSocket: TestSocket, ginaSocket: TestSocket;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
  gina = await h.login('gina@globex.test');
  const sockets = await Promise.all([alice, bob, carol, dave, gina].map((s) => h.socket(s)));
  [aliceSocket, bobSocket, carolSocket, daveSocket, ginaSocket] = sockets as [TestSocket, TestSocket, TestSocket, TestSocket, TestSocket];
});
afterAll(async () => {
  for (const s of [aliceSocket, bobSocket, carolSocket, daveSocket, ginaSocket]) s?.close();
  await h?.server.close();
});

const members = async (s: Session, teamGuid: string) => TeamMembersResponse.parse(await h.ok('teamMembers', { team_guid: teamGuid }, s));
const names = async (s: Session) => (await h.ok('channelsList', {}, s)).channels.map((c: any) => c.name).sort();

describe('team/members', () => {
  it('lists members (admins first) with people of another company marked external', async () => {
    const partners = await h.channelByName(alice, 'Launch Partners');
    expect(partners).toMatchObject({ is_external: true, etype: 'external channel' });
    const list = await members(bob, partners.guid);
    expect(list.members.map((m) => [m.first_name, m.member_type, m.is_external, m.company_name])).toEqual([
      ['Alice', 2, false, 'Acme'],
      ['Bob', 0, false, 'Acme'],
      ['Gina', 0, true, 'Globex'],
    ]);
    expect(list.invites).toEqual([]);
    // Not a member, not a manager: the team does not exist for them.
    expect((await h.call('teamMembers', { team_guid: partners.guid }, dave)).status).toBe(404);
    expect((await h.call('teamMembers', { team_guid: 'x'.repeat(201) }, dave)).body.results).toHaveProperty('team_guid');
  });
});

describe('team/members/update and team_members/delete', () => {
  it('adds people (CHA add + alert 5 to them, member_added to the rest) and refuses non-managers', async () => {
    const design = await h.channelByName(alice, 'Design');
    expect(await h.call('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: dave.user_guid }] }, carol)).toMatchObject({
      status: 400,
      body: { message: TEAM_REASONS.notManager },
    });
    const res = await h.ok('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: dave.user_guid, member_type: 0 }] }, alice);
    expect(res.members.map((m: any) => m.first_name)).toContain('Dave');
    expect((await daveSocket.next('CHA', (d) => d.action === 'add' && d.address === design.address)).channel?.name).toBe('Design');
    expect((await daveSocket.next('ALR', (d) => d.alert.alert_type === 5)).alert.message).toBe('Alice Anders added you to Design.');
    expect((await carolSocket.next('CHA', (d) => d.action === 'member_added' && d.address === design.address)).member?.target_user_guid).toBe(dave.user_guid);
    expect((await h.call('teamMembersUpdate', { team_guid: design.guid, members: [] }, alice)).body.results).toHaveProperty('members');
  });

  it('promotes and demotes (member_updated; the member learns their new standing), keeping one admin', async () => {
    const design = await h.channelByName(alice, 'Design');
    await h.ok('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: carol.user_guid, member_type: 2 }] }, alice);
    const own = await carolSocket.next('CHA', (d) => d.action === 'member_updated' && d.member?.target_user_guid === carol.user_guid && !!d.channel);
    expect(own.channel).toMatchObject({ member_type: 2, user_is_admin: true });
    expect((await bobSocket.next('CHA', (d) => d.action === 'member_updated' && d.address === design.address)).member?.member_type).toBe(2);
    // A team admin (not a company admin) now manages it.
    await h.ok('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: alice.user_guid, member_type: 0 }] }, carol);
    const last = await h.call('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: carol.user_guid, member_type: 0 }] }, carol);
    expect(last).toMatchObject({ status: 400, body: { message: TEAM_REASONS.lastAdmin } });
  });

  it('needs confirmation for people of another company, never in departments, and tells members the channel became external', async () => {
    const design = await h.channelByName(alice, 'Design');
    const unconfirmed = await h.call('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: gina.user_guid }] }, alice);
    expect(unconfirmed).toMatchObject({ status: 400, body: { results: { external_confirmed: { message: TEAM_REASONS.externalNeedsConfirmation } } } });
    const hr = await h.channelByName(alice, 'HR');
    expect((await h.call('teamMembersUpdate', { team_guid: hr.guid, members: [{ target_user_guid: gina.user_guid }], external_confirmed: true }, alice)).body.message).toBe(
      TEAM_REASONS.noExternalInDepartments,
    );
    await h.ok('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: gina.user_guid }], external_confirmed: true }, alice);
    const change = await bobSocket.next('CHA', (d) => d.action === 'change' && d.address === design.address && d.channel?.is_external === true);
    expect(change.channel?.etype).toBe('external channel');
    expect((await h.call('teamMembersUpdate', { team_guid: design.guid, members: [{ target_user_guid: 'nobody' }] }, alice)).body.message).toBe(MEMBER_MESSAGES.noPerson);
  });

  it('removes a member (CHA remove + alert 4 to them, member_removed + alert 15 to others) and the channel is no longer external', async () => {
    const design = await h.channelByName(alice, 'Design');
    expect((await h.call('teamMemberDelete', { team_guid: design.guid, target_user_guid: gina.user_guid }, bob)).status).toBe(400);
    await h.ok('teamMemberDelete', { team_guid: design.guid, target_user_guid: gina.user_guid }, carol);
    await ginaSocket.next('CHA', (d) => d.action === 'remove' && d.address === design.address);
    expect((await ginaSocket.next('ALR', (d) => d.alert.alert_type === 4)).alert.message).toBe('Carol Chen removed you from Design.');
    await bobSocket.next('CHA', (d) => d.action === 'member_removed' && d.target_user_guid === gina.user_guid);
    await bobSocket.next('CHA', (d) => d.action === 'change' && d.address === design.address && d.channel?.is_external === false);
    expect((await h.call('teamMemberDelete', { team_guid: design.guid, target_user_guid: gina.user_guid }, carol)).status).toBe(404);
  });
});

describe('email invitations and reminders', () => {
  let design: any;

  it('checks each address by the spec rule, split on commas or semicolons', async () => {
    design = await h.channelByName(alice, 'Design');
    const bad = await h.call('emailInvite', { team_guid: design.guid, emails: 'ok@acme.test; two@@acme.test, a..b@acme.test' }, carol);
    expect(bad.status).toBe(400);
    expect(bad.body.results.emails.message).toBe('two@@acme.test is not a valid email address. a..b@acme.test is not a valid email address.');
    expect((await h.call('emailInvite', { team_guid: design.guid, emails: ' ; , ' }, carol)).body.results.emails.message).toBe('Enter at least one email address.');
    expect((await h.call('emailInvite', { team_guid: design.guid, emails: 'dave@acme.test' }, carol)).body.message).toBe(MEMBER_MESSAGES.hasAccount('dave@acme.test'));
    expect((await h.call('emailInvite', { team_guid: design.guid, emails: 'x@acme.test' }, bob)).status).toBe(400);
  });

  it('invites (CHA invite_added to managers), keeps one invitation per address, needs confirmation for other domains', async () => {
    const res = await h.ok('emailInvite', { team_guid: design.guid, emails: 'erin@acme.test;frank@acme.test, Erin@acme.test' }, carol);
    expect(res.invites.map((i: any) => [i.original_email, i.is_external, i.sent_count, i.remind_due])).toEqual([
      ['erin@acme.test', false, 1, false],
      ['frank@acme.test', false, 1, false],
    ]);
    await carolSocket.next('CHA', (d) => d.action === 'invite_added' && d.invite?.original_email === 'frank@acme.test');
    expect(bobSocket.count('CHA', (d) => d.action === 'invite_added')).toBe(0);
    const again = await h.ok('emailInvite', { team_guid: design.guid, emails: 'erin@acme.test' }, carol);
    expect(again.invites[0].guid).toBe(res.invites[0].guid);
    const ext = await h.call('emailInvite', { team_guid: design.guid, emails: 'hal@initech.test' }, carol);
    expect(ext.body.results).toHaveProperty('external_confirmed');
    const confirmed = await h.ok('emailInvite', { team_guid: design.guid, emails: 'hal@initech.test', external_confirmed: true }, carol);
    expect(confirmed.invites[0].is_external).toBe(true);
    expect((await members(carol, design.guid)).invites).toHaveLength(3);
    // Members who do not manage the team do not see the addresses.
    expect((await members(bob, design.guid)).invites).toEqual([]);
  });

  it('reminds when due (a day after the last sending), or the ones named; dismissing stops offering it', async () => {
    expect((await h.ok('emailsRemind', { team_guid: design.guid }, carol)).invites).toEqual([]);
    await h.server.db.query('UPDATE team_invites SET last_sent = last_sent - $1', [REMIND_AFTER_MS]);
    const listed = (await members(carol, design.guid)).invites;
    expect(listed.every((i) => i.remind_due)).toBe(true);
    const erin = listed.find((i) => i.original_email === 'erin@acme.test')!;
    await h.ok('emailsDismiss', { team_guid: design.guid, guids: [erin.guid] }, carol);
    expect((await members(carol, design.guid)).invites.find((i) => i.guid === erin.guid)?.remind_due).toBe(false);
    const reminded = await h.ok('emailsRemind', { team_guid: design.guid }, carol);
    expect(reminded.invites.map((i: any) => [i.original_email, i.sent_count, i.remind_due])).toEqual([
      ['frank@acme.test', 2, false],
      ['hal@initech.test', 2, false],
    ]);
    expect((await h.ok('emailsRemind', { team_guid: design.guid, guids: [erin.guid] }, carol)).invites[0].sent_count).toBe(2);
    expect((await h.call('emailsDismiss', { team_guid: design.guid, guids: [] }, carol)).status).toBe(400);
  });

  it('withdraws an invitation (CHA invite_removed), 404 for an unknown one', async () => {
    const { invites } = await members(carol, design.guid);
    await h.ok('emailInviteDelete', { team_guid: design.guid, guid: invites[0]!.guid }, carol);
    expect((await carolSocket.next('CHA', (d) => d.action === 'invite_removed')).invite_guid).toBe(invites[0]!.guid);
    expect((await h.call('emailInviteDelete', { team_guid: design.guid, guid: invites[0]!.guid }, carol)).status).toBe(404);
    expect((await members(carol, design.guid)).invites).toHaveLength(2);
  });
});

describe('blocking (company/block_user, BLO)', () => {
  it('before: the other person of a direct message of another company is in each one\'s directory, not blocked', async () => {
    const ofAlice = UsersListResponse.parse(await h.ok('usersList', {}, alice)).users;
    expect(ofAlice.find((u) => u.target_user_guid === gina.user_guid)).toMatchObject({ name: 'Gina Garcia', is_blocked: false });
    expect((await h.ok('userDetails', { target_user_guid: gina.user_guid, include_blocked: false }, alice)).user).toMatchObject({ job_title: 'Launch coordinator' });
    expect(UsersListResponse.parse(await h.ok('usersList', {}, gina)).users.map((u) => u.target_user_guid)).toContain(alice.user_guid);
    // Bob shares a team with her, not a direct message: she is not his to see.
    expect(UsersListResponse.parse(await h.ok('usersList', {}, bob)).users.map((u) => u.target_user_guid)).not.toContain(gina.user_guid);
  });

  it('only company admins block, and only people of another company', async () => {
    expect(await h.call('blockUser', { target_user_guid: gina.user_guid, is_blocked: true }, bob)).toMatchObject({ status: 400, body: { message: TEAM_REASONS.blockAdminsOnly } });
    expect(await h.call('blockUser', { target_user_guid: bob.user_guid, is_blocked: true }, alice)).toMatchObject({ status: 400, body: { message: TEAM_REASONS.blockOwnCompany } });
    expect((await h.call('blockUser', { target_user_guid: 'nobody', is_blocked: true }, alice)).status).toBe(404);
  });

  it('takes every channel of the company from the blocked person, with BLO and the spec\'s alert', async () => {
    expect(await names(gina)).toEqual(['Alice Anders', 'Globex', 'Launch Partners', 'Plaza Bot']);
    const partners = await h.channelByName(alice, 'Launch Partners');
    await h.ok('blockUser', { target_user_guid: gina.user_guid, is_blocked: true }, alice);
    expect(await ginaSocket.next('BLO')).toEqual({ company_guid: partners.company_guid, company_name: 'Acme', is_blocked: true });
    expect((await ginaSocket.next('ALR', (d) => d.alert.alert_type === 17)).alert.message).toBe('You have been blocked from company Acme');
    expect(await names(gina)).toEqual(['Globex', 'Plaza Bot']);
    expect((await h.call('history', { address: partners.address, page: 0 }, gina)).status).toBe(404);
    // The rest of the team sees her go (the company admin sees her marked blocked), and the channel is no longer external.
    await bobSocket.next('CHA', (d) => d.action === 'member_removed' && d.target_user_guid === gina.user_guid && d.address === partners.address);
    const marked = await aliceSocket.next('CHA', (d) => d.action === 'member_updated' && d.member?.target_user_guid === gina.user_guid && d.address === partners.address);
    expect(marked.member?.is_blocked).toBe(true);
    await bobSocket.next('CHA', (d) => d.action === 'change' && d.address === partners.address && d.channel?.is_external === false);
    // Company admins still see her in the members list, as blocked; others do not.
    expect((await members(alice, partners.guid)).members.find((m) => m.target_user_guid === gina.user_guid)).toMatchObject({ is_blocked: true });
    expect((await members(bob, partners.guid)).members.map((m) => m.first_name)).toEqual(['Alice', 'Bob']);
    const readd = await h.call('teamMembersUpdate', { team_guid: partners.guid, members: [{ target_user_guid: gina.user_guid }], external_confirmed: true }, alice);
    expect(readd.body.message).toBe(MEMBER_MESSAGES.blocked('Gina Garcia'));
    // The company keeps its direct message with her, still named and addressed to her (it had no name).
    const dm = (await h.ok('channelsList', { include_recent: true }, alice)).channels.find((c: any) => c.channel_type === 0 && c.target_user_guid === gina.user_guid);
    expect(dm).toMatchObject({ name: 'Gina Garcia', target_user_guid: gina.user_guid });
    // Blocking again is a harmless retry: no second BLO.
    await h.ok('blockUser', { target_user_guid: gina.user_guid, is_blocked: true }, alice);
    expect(ginaSocket.count('BLO')).toBe(1);
  });

  it('shows her blocked to the company\'s people who see her (her direct message with Alice), live and in the directory', async () => {
    // Gina is blocked (the test before); Alice heard it with her presence, at once.
    const nos = await aliceSocket.next('NOS', (d) => d.user_guid === gina.user_guid && d.is_blocked !== undefined);
    expect(nos.is_blocked).toBe(true);
    // Nobody of Globex is told anything of Acme's block; nor Bob, who does not see her (no DM, no connection).
    expect(ginaSocket.count('NOS', (d) => d.is_blocked !== undefined)).toBe(0);
    expect(bobSocket.count('NOS', (d) => d.user_guid === gina.user_guid)).toBe(0);
    const listed = async (viewer: Session) => UsersListResponse.parse(await h.ok('usersList', {}, viewer)).users.find((u) => u.target_user_guid === gina.user_guid);
    expect(await listed(alice)).toMatchObject({ name: 'Gina Garcia', is_blocked: true });
    expect(await listed(bob)).toBeUndefined();
    // Her profile says so (spec 2 §8), and she is left out of Alice's contact search.
    expect(await h.call('userDetails', { target_user_guid: gina.user_guid, include_blocked: false }, alice)).toMatchObject({ status: 400, body: { message: BLOCKED_USER_MESSAGE } });
    expect((await h.ok('userDetails', { target_user_guid: gina.user_guid, include_blocked: true }, alice)).user).toMatchObject({ is_blocked: true, job_title: 'Launch coordinator' });
    expect((await h.ok('membersSearch', { name: 'gina', details: false, include_blocked: false }, alice)).members).toEqual([]);
    // Her own company does not have her blocked; and the DM set aside from her, Alice is no one she sees.
    const globex = await h.login('grace@globex.test');
    expect(UsersListResponse.parse(await h.ok('usersList', {}, globex)).users.find((u) => u.target_user_guid === gina.user_guid)).toMatchObject({ is_blocked: false });
    expect(UsersListResponse.parse(await h.ok('usersList', {}, gina)).users.map((u) => u.target_user_guid)).not.toContain(alice.user_guid);
  });

  it('reinstates: BLO is_blocked false, every channel back as it was', async () => {
    await h.ok('blockUser', { target_user_guid: gina.user_guid, is_blocked: false }, alice);
    expect((await ginaSocket.next('BLO', (d) => !d.is_blocked)).company_name).toBe('Acme');
    await aliceSocket.next('NOS', (d) => d.user_guid === gina.user_guid && d.is_blocked === false);
    expect(await names(gina)).toEqual(['Alice Anders', 'Globex', 'Launch Partners', 'Plaza Bot']);
    const partners = await h.channelByName(gina, 'Launch Partners');
    expect(partners).toMatchObject({ is_external: true, member_type: 0, unread_messages: 0 });
    await bobSocket.next('CHA', (d) => d.action === 'member_added' && d.member?.target_user_guid === gina.user_guid);
    await bobSocket.next('CHA', (d) => d.action === 'change' && d.address === partners.address && d.channel?.is_external === true);
  });
});
