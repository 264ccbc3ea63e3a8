// @vitest-environment jsdom
/** Teams in the UI: browsing and joining, creating, the header's members panel, settings and leaving, refresh alerts. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type Result } from '../../protocol/result';
import type { TeamFacts, TeamMembersView, TeamSummaryView } from '../../protocol/views';
import { draftsStorageKey, threadDraftKey } from '../client/drafts';
import { renderApp } from '../testing/render-app';
import { alertView, ALICE, channelView, metaView, snapshot, userView } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const summary = (name: string, state: TeamSummaryView['state'], over: Partial<TeamSummaryView> = {}): TeamSummaryView => ({
  guid: `g-${name}`,
  address: name.toLowerCase().replace(/ /g, '-'),
  name,
  is_private: true,
  is_open: state !== 'ask',
  read_only: false,
  member_count: 3,
  state,
  ...over,
});

describe('Browse teams', () => {
  const directory = {
    status: 'loaded' as const,
    error: null,
    teams: [summary('Design', 'member'), summary('Product Council', 'ask'), summary('Random', 'join'), summary('Waiting Room', 'requested')],
    departments: [summary('HR', 'member', { member_count: 1 })],
  };
  const app = () => renderApp({ path: '/teams', patches: [snapshot({ teamDirectory: directory })] });

  it('loads the directory and offers what each team allows', () => {
    const a = app();
    expect(a.core.callsTo('$loadTeamDirectory')).toEqual([[]]);
    expect(screen.getByRole('heading', { level: 1, name: 'Browse teams' })).toBeTruthy();
    const teams = within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem');
    expect(teams.map((li) => [li.getAttribute('aria-label'), within(li).getAllByRole('button').map((b) => b.textContent)])).toEqual([
      ['Design', ['Open']],
      ['Product Council', ['Ask to join']],
      ['Random', ['Join']],
      ['Waiting Room', ['Cancel request']],
    ]);
    expect(within(screen.getByRole('list', { name: 'Departments' })).getByRole('listitem', { name: 'HR' }).textContent).toContain('1 member');
  });

  it('asks to join, joins, cancels and opens', async () => {
    const a = app();
    await act(async () => fireEvent.click(within(screen.getByRole('listitem', { name: 'Product Council' })).getByRole('button', { name: 'Ask to join' })));
    expect(a.core.callsTo('$requestToJoin')).toEqual([['g-Product Council']]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join' })));
    expect(a.core.callsTo('$requestToJoin').at(-1)).toEqual(['g-Random']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel request' })));
    expect(a.core.callsTo('$cancelJoinRequest')).toEqual([['g-Waiting Room']]);
    a.core.results.$requestToJoin = fail({ name: 'Rejected', message: 'No channel found' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join' })));
    expect(within(screen.getByRole('listitem', { name: 'Random' })).getByRole('alert').textContent).toBe('No channel found');
    fireEvent.click(within(screen.getByRole('listitem', { name: 'Design' })).getByRole('button', { name: 'Open' }));
    expect(a.location()).toBe('/conversations/design');
  });

  it('finds teams by name and shows a failed load with a retry', async () => {
    const a = app();
    fireEvent.change(screen.getByLabelText('Find a team'), { target: { value: 'coun' } });
    expect(within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Product Council']);
    a.push({ seq: 2, reset: false, teamDirectory: { ...directory, status: 'error', error: 'Could not load teams: offline' } });
    expect(screen.getByRole('alert').textContent).toContain('Could not load teams: offline');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(a.core.callsTo('$loadTeamDirectory')).toHaveLength(2);
  });

  it('renders only the rows in view of a company with thousands of teams, and finds any of them', () => {
    const many = Array.from({ length: 3_300 }, (_, i) => summary(`team-${String(i).padStart(4, '0')}`, i % 2 ? 'join' : 'member'));
    renderApp({ path: '/teams', patches: [snapshot({ teamDirectory: { ...directory, teams: many } })] });
    const list = screen.getByRole('list', { name: 'Teams' });
    const shown = within(list).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThan(60);
    expect(shown[0]!.getAttribute('aria-label')).toBe('team-0000');
    // The list is as tall as all its rows, so the scroller scrolls through every one.
    expect(parseFloat(list.style.height)).toBeGreaterThanOrEqual(3_300 * 50);
    fireEvent.change(screen.getByLabelText('Find a team'), { target: { value: 'team-3217' } });
    expect(within(screen.getByRole('list', { name: 'Teams' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['team-3217']);
    expect(within(screen.getByRole('listitem', { name: 'team-3217' })).getByRole('button', { name: 'Join' })).toBeTruthy();
  });

  it('is reached from the sidebar', () => {
    const a = renderApp({ path: '/', patches: [snapshot()] });
    fireEvent.click(screen.getByRole('button', { name: 'Browse teams' }));
    expect(a.location()).toBe('/teams');
  });
});

describe('New team', () => {
  it('shows the effective flags (read-only teams are open, as coded) and opens the new team', async () => {
    const a = renderApp({ path: '/', patches: [snapshot()] });
    fireEvent.click(screen.getByRole('button', { name: 'New team' }));
    const dialog = screen.getByRole('dialog', { name: 'New team' });
    expect(within(dialog).queryByLabelText('Department')).toBeNull(); // not a company admin
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Research' } });
    const open = within(dialog).getByRole('checkbox', { name: /Open/ });
    fireEvent.click(open);
    expect(open).toHaveProperty('checked', false);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Read-only/ }));
    expect(open).toHaveProperty('checked', true);
    expect(open).toHaveProperty('disabled', true);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(a.core.callsTo('$createTeam')).toEqual([[{ name: 'Research', description: '', is_hr: false, is_private: true, is_open: false, read_only: true }]]);
    expect(a.location()).toBe('/conversations/t-new');
  });

  it('ties a refused name to the Name field: aria-invalid, aria-describedby naming the message, and the keyboard', async () => {
    const a = renderApp({ path: '/', patches: [snapshot()] });
    fireEvent.click(screen.getByRole('button', { name: 'New team' }));
    const dialog = screen.getByRole('dialog', { name: 'New team' });
    const name = within(dialog).getByLabelText('Name');
    a.core.results.$createTeam = fail({ name: 'InvalidRequest', message: 'A team needs a name.', field: 'name' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('A team needs a name.');
    expect(document.activeElement).toBe(name);
    expect(within(dialog).getByLabelText('Description').hasAttribute('aria-invalid')).toBe(false);
  });

  it('keeps what was typed when closed without deciding (Escape), for the page\'s life; Cancel and Create let it go', async () => {
    const a = renderApp({ path: '/', patches: [snapshot()] });
    const open = () => {
      fireEvent.click(screen.getByRole('button', { name: 'New team' }));
      return screen.getByRole('dialog', { name: 'New team' });
    };
    let dialog = open();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Research' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Papers, prototypes and the reading group.' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Private' }));
    fireEvent.keyDown(within(dialog).getByLabelText('Description'), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'New team' })).toBeNull();

    dialog = open();
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'Research');
    expect(within(dialog).getByLabelText('Description')).toHaveProperty('value', 'Papers, prototypes and the reading group.');
    expect(within(dialog).getByRole('checkbox', { name: 'Private' })).toHaveProperty('checked', false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    dialog = open();
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', '');
    expect(within(dialog).getByRole('checkbox', { name: 'Private' })).toHaveProperty('checked', true);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Research' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create' })));
    expect(a.core.callsTo('$createTeam')).toHaveLength(1);
    dialog = open();
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', '');
  });

  it('lets company admins make a department', () => {
    renderApp({ path: '/', patches: [snapshot({ session: { status: 'signed-in', user: { ...ALICE, is_company_admin: true }, endedReason: null, unconfirmed: false } })] });
    fireEvent.click(screen.getByRole('button', { name: 'New team' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Department' }));
    expect(screen.getByRole('dialog', { name: 'New department' })).toBeTruthy();
  });
});

const facts = (over: Partial<TeamFacts> = {}): TeamFacts => ({
  guid: 'g-design',
  is_hr: false,
  is_open: true,
  read_only: false,
  isAdmin: true,
  canManage: true,
  canLeave: true,
  canMoveToCompany: false,
  ...over,
});
const membersView = (over: Partial<TeamMembersView> = {}): TeamMembersView => ({
  address: 'design',
  status: 'loaded',
  error: null,
  canManage: true,
  members: [
    { guid: 'u-alice', name: 'Alice Adams', email: 'alice@acme.test', isAdmin: true, isExternal: false, company: 'Acme', isBlocked: false, isMe: true, canBlock: false },
    { guid: 'u-gina', name: 'Gina Garcia', email: 'gina@globex.test', isAdmin: false, isExternal: true, company: 'Globex', isBlocked: false, isMe: false, canBlock: true },
  ],
  invites: [{ guid: 'i1', email: 'erin@acme.test', isAdmin: false, isExternal: false, sentCount: 1, remindDue: true }],
  ...over,
});

function teamApp(team: TeamFacts = facts()) {
  return renderApp({
    path: '/conversations/design',
    patches: [
      snapshot({
        channels: { put: [channelView({ address: 'design', name: 'Design', team, is_private: true })], remove: [] },
        users: { put: [userView({ guid: 'u-carol', name: 'Carol Chen' }), userView({ guid: 'u-gina', name: 'Gina Garcia' })], remove: [] },
        conversation: { address: 'design', reset: true, meta: metaView('design'), messages: { put: [], remove: [] } },
      }),
    ],
  });
}

describe('members panel', () => {
  it('loads members when opened and shows them with their standing', () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    expect(a.core.callsTo('$loadTeamMembers')).toEqual([['design']]);
    const dialog = screen.getByRole('dialog', { name: 'Members of Design' });
    expect(within(dialog).getByRole('status').textContent).toBe('Loading members…');
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    const items = within(within(dialog).getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Alice Adams (you, admin)'),
      expect.stringContaining('Gina Garcia (external · Globex)'),
    ]);
  });

  it('changes roles, removes, blocks with a confirmation, and reinstates', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Make admin: Gina Garcia' })));
    expect(a.core.callsTo('$setMemberAdmin')).toEqual([['design', 'u-gina', true]]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove Gina Garcia' })));
    expect(a.core.callsTo('$removeTeamMember')).toEqual([['design', 'u-gina']]);
    expect(screen.queryByRole('button', { name: 'Remove Alice Adams' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Block Gina Garcia from your company' }));
    const confirm = screen.getByRole('group', { name: 'Block Gina Garcia?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Block' })));
    expect(a.core.callsTo('$setBlocked')).toEqual([['u-gina', true]]);
    const blocked = membersView();
    blocked.members[1] = { ...blocked.members[1]!, isBlocked: true };
    a.push({ seq: 3, reset: false, teamMembers: { design: blocked } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reinstate Gina Garcia' })));
    expect(a.core.callsTo('$setBlocked').at(-1)).toEqual(['u-gina', false]);
  });

  it('keeps the keyboard in the panel when the member removed goes from the list, so Escape still closes it', async () => {
    const a = teamApp();
    const members = screen.getByRole('button', { name: 'Members' });
    members.focus();
    fireEvent.click(members);
    await act(async () => a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } }));
    const dialog = screen.getByRole('dialog', { name: 'Members of Design' });
    const remove = within(dialog).getByRole('button', { name: 'Remove Gina Garcia' });
    remove.focus();
    await act(async () => fireEvent.click(remove));
    await act(async () => a.push({ seq: 3, reset: false, teamMembers: { design: membersView({ members: membersView().members.slice(0, 1) }) } }));
    expect(within(dialog).queryByRole('listitem', { name: 'Gina Garcia' })).toBeNull();
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Members of Design' })).toBeNull();
    expect(document.activeElement).toBe(members);
  });

  it('adding a colleague keeps a name typed while it was on its way, and leaves the keyboard in the field for the next', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    const field = screen.getByLabelText('Find a colleague');
    fireEvent.change(field, { target: { value: 'ca' } });
    const add = screen.getByRole('button', { name: 'Add Carol Chen' });
    add.focus();
    // The server's answer comes after the next name is typed (the member shows before it does, on a slow line).
    let answer!: (r: Result<null>) => void;
    a.core.$addTeamMembers = () => new Promise((resolve) => (answer = resolve));
    await act(async () => fireEvent.click(add));
    fireEvent.change(field, { target: { value: 'gi' } });
    await act(async () => answer(ok(null)));
    expect(field).toHaveProperty('value', 'gi');
    // Added with nothing typed since: the search that found them goes, and the keyboard is in the field.
    fireEvent.change(field, { target: { value: 'ca' } });
    const again = screen.getByRole('button', { name: 'Add Carol Chen' });
    again.focus();
    a.core.$addTeamMembers = () => Promise.resolve(ok(null));
    await act(async () => fireEvent.click(again));
    expect(field).toHaveProperty('value', '');
    expect(document.activeElement).toBe(field);
  });

  it('an invitation refused for its addresses puts the keyboard in the field, which names the reason', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    const field = screen.getByLabelText('Email addresses');
    fireEvent.change(field, { target: { value: 'not-an-email' } });
    const send = screen.getByRole('button', { name: 'Send invitations' });
    send.focus();
    a.core.results.$inviteByEmail = fail({ name: 'InvalidRequest', message: 'not-an-email is not a valid email address.', field: 'emails' });
    await act(async () => fireEvent.click(send));
    const alert = within(screen.getByRole('region', { name: 'Invite by email' })).getByRole('alert');
    expect(alert.textContent).toBe('not-an-email is not a valid email address.');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(field).toHaveProperty('value', 'not-an-email');
    // Sent once corrected: no longer blamed.
    delete a.core.results.$inviteByEmail;
    fireEvent.change(field, { target: { value: 'new@acme.test' } });
    await act(async () => fireEvent.click(send));
    expect(field.hasAttribute('aria-invalid')).toBe(false);
  });

  it('adds colleagues and invites by email, asking for confirmation when the server wants it', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    fireEvent.change(screen.getByLabelText('Find a colleague'), { target: { value: 'ca' } });
    // Members already in the team are not offered.
    expect(within(screen.getByRole('list', { name: 'Colleagues to add' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['Add Carol Chen']);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Carol Chen' })));
    expect(a.core.callsTo('$addTeamMembers')).toEqual([['design', ['u-carol'], { asAdmins: false }]]);
    // A person of another company (a connection) needs confirming: the refusal offers it, and Add anyway sends it.
    fireEvent.change(screen.getByLabelText('Find a colleague'), { target: { value: 'ca' } });
    a.core.results.$addTeamMembers = fail({ name: 'Rejected', message: 'external_confirmed: Adding people from another company needs confirmation.', field: 'external_confirmed' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Carol Chen' })));
    const confirm = screen.getByRole('group', { name: 'Add Carol Chen from another company?' });
    delete a.core.results.$addTeamMembers;
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Add anyway' })));
    expect(a.core.callsTo('$addTeamMembers').at(-1)).toEqual(['design', ['u-carol'], { asAdmins: false, externalConfirmed: true }]);
    expect(screen.queryByRole('group', { name: /from another company/ })).toBeNull();
    expect(screen.getByLabelText('Find a colleague')).toHaveProperty('value', '');

    fireEvent.change(screen.getByLabelText('Email addresses'), { target: { value: 'hal@initech.test; ida@acme.test' } });
    a.core.results.$inviteByEmail = fail({ name: 'Rejected', message: 'external_confirmed: Adding people from another company needs confirmation.', field: 'external_confirmed' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send invitations' })));
    expect(screen.getByRole('alert').textContent).toContain('needs confirmation');
    delete a.core.results.$inviteByEmail;
    fireEvent.click(screen.getByRole('checkbox', { name: /from another company/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send invitations' })));
    expect(a.core.callsTo('$inviteByEmail').at(-1)).toEqual(['design', 'hal@initech.test; ida@acme.test', { asAdmins: false, externalConfirmed: true }]);
    expect(screen.getByLabelText('Email addresses')).toHaveProperty('value', '');
  });

  it('keeps unsent invitations typed in a team\'s panel when it is closed, for that team only', () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    fireEvent.change(screen.getByLabelText('Email addresses'), { target: { value: 'hal@initech.test' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Invite as admins' }));
    fireEvent.keyDown(screen.getByLabelText('Email addresses'), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Members of Design' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    expect(screen.getByLabelText('Email addresses')).toHaveProperty('value', 'hal@initech.test');
    expect(screen.getByRole('checkbox', { name: 'Invite as admins' })).toHaveProperty('checked', true);
  });

  it('offers reminders for invitations that are due, and revoking', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView() } });
    const reminders = screen.getByRole('group', { name: 'Reminders' });
    expect(reminders.textContent).toContain('1 invitation has not been accepted');
    await act(async () => fireEvent.click(within(reminders).getByRole('button', { name: 'Send reminders' })));
    expect(a.core.callsTo('$remindInvites')).toEqual([['design']]);
    await act(async () => fireEvent.click(within(reminders).getByRole('button', { name: 'Dismiss' })));
    expect(a.core.callsTo('$dismissInviteReminders')).toEqual([['design', ['i1']]]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation of erin@acme.test' })));
    expect(a.core.callsTo('$revokeInvite')).toEqual([['design', 'i1']]);
  });

  it('shows members only, without managing, to a plain member', () => {
    const a = teamApp(facts({ isAdmin: false, canManage: false }));
    expect(screen.queryByRole('button', { name: 'Team settings' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Members' }));
    a.push({ seq: 2, reset: false, teamMembers: { design: membersView({ canManage: false, invites: [] }) } });
    expect(screen.queryByRole('button', { name: /Make admin/ })).toBeNull();
    expect(screen.queryByLabelText('Email addresses')).toBeNull();
    expect(screen.queryByLabelText('Find a colleague')).toBeNull();
  });
});

describe('team settings and leaving', () => {
  it('renames, saves privacy, and deletes after confirming', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Team settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Team settings' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Product Design' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' })));
    expect(a.core.callsTo('$renameTeam')).toEqual([['design', 'Product Design']]);
    expect(within(dialog).getByRole('status').textContent).toBe('Renamed.');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Open/ }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save privacy' })));
    expect(a.core.callsTo('$setTeamFlags')).toEqual([['design', { is_private: true, is_open: false }]]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete team…' }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete Design?' })).getByRole('button', { name: 'Delete' })));
    expect(a.core.callsTo('$deleteTeam')).toEqual([['design']]);
    expect(a.location()).toBe('/');
  });

  it('gives a refused name the keyboard back, marked invalid, to be corrected', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Team settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Team settings' });
    const name = within(dialog).getByLabelText('Name');
    fireEvent.change(name, { target: { value: '  ' } });
    a.core.results.$renameTeam = fail({ name: 'Rejected', message: 'A team needs a name.', field: 'name' });
    const rename = within(dialog).getByRole('button', { name: 'Rename' });
    rename.focus();
    await act(async () => fireEvent.click(rename));
    expect(within(dialog).getByRole('alert').textContent).toBe('A team needs a name.');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('A team needs a name.');
    // Another call's refusal is not about the name.
    a.core.results.$setTeamFlags = fail({ name: 'Rejected', message: 'Only admins change privacy.' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save privacy' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Only admins change privacy.');
    expect(name.hasAttribute('aria-invalid')).toBe(false);
    expect(name.hasAttribute('aria-describedby')).toBe(false);
    delete a.core.results.$renameTeam;
    fireEvent.change(name, { target: { value: 'Product Design' } });
    await act(async () => fireEvent.click(rename));
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('leaves after confirming, and says why when refused', async () => {
    const a = teamApp();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave Design?' });
    a.core.results.$leaveChannel = fail({ name: 'Rejected', message: 'A team needs at least one admin: make someone else an admin first.' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' })));
    expect(within(dialog).getByRole('alert').textContent).toContain('at least one admin');
    delete a.core.results.$leaveChannel;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' })));
    expect(a.core.callsTo('$leaveChannel')).toHaveLength(2);
    expect(a.location()).toBe('/');
  });

  it('says when the open conversation is no longer available (left, deleted, blocked)', () => {
    const a = teamApp();
    a.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 'other' })], remove: ['design'] } });
    expect(screen.getByText('This conversation is no longer available to you.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Members' })).toBeNull();
  });
});

describe('what was typed in a conversation no longer available', () => {
  it('offers its unsent message and thread replies to copy or discard; the keyboard moves on as each goes', async () => {
    localStorage.setItem(
      draftsStorageKey(ALICE.guid),
      JSON.stringify({ design: 'half a message', [threadDraftKey('design', 'p1')]: 'half a reply', other: 'not this one' }),
    );
    const a = teamApp();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'half a message');
    // Alice is removed from Design (or it is deleted): the composer goes, what she typed stays reachable here.
    a.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 'other' })], remove: ['design'] } });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    const message = screen.getByRole('group', { name: 'Your unsent message in this conversation:' });
    const reply = screen.getByRole('group', { name: 'Your unsent reply in one of its threads:' });
    expect(within(message).getByText('half a message')).toBeTruthy();
    expect(within(reply).getByText('half a reply')).toBeTruthy();
    expect(screen.queryByText('not this one')).toBeNull();
    act(() => within(message).getByRole('button', { name: 'Discard' }).focus());
    await act(async () => fireEvent.click(within(message).getByRole('button', { name: 'Discard' })));
    expect(screen.queryByRole('group', { name: 'Your unsent message in this conversation:' })).toBeNull();
    expect(document.activeElement).toBe(within(reply).getByRole('button', { name: 'Copy' }));
    await act(async () => fireEvent.click(within(reply).getByRole('button', { name: 'Discard' })));
    expect(document.activeElement).toBe(screen.getByText('This conversation is no longer available to you.'));
    expect(a.drafts.byAddress.value).toEqual({ other: 'not this one' });
  });
});

describe('refresh alerts', () => {
  it('an Access restored alert offers Refresh: the worker resyncs and dismisses it; the page does not reload', async () => {
    const a = renderApp({
      path: '/',
      patches: [snapshot({ alerts: { put: [alertView({ guid: 'r', type: 1004, typeName: 'Access restored', message: 'Your access to Acme was restored.', behaviour: 'refresh' })], remove: [] } })],
    });
    const reload = vi.spyOn(a.router, 'reload').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Alerts, 1 new' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh' })));
    expect(a.core.callsTo('$runAlertAction')).toEqual([['r']]);
    expect(reload).not.toHaveBeenCalled();
  });
});
