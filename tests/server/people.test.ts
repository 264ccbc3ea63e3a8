/** Presence (NOS), custom status, users/list, users/details and members/search over real HTTP and WebSocket. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusListResponse } from '../../protocol/rest/status';
import { MembersSearchResponse, UserDetailsResponse, BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { UsersListResponse } from '../../protocol/rest/users';
import { DEFAULT_STATUSES } from '../../protocol/custom-status';
import { loginDemo, startHarness, type Harness, type Session } from './helpers';

let h: Harness;
let alice: Session, bob: Session, carol: Session, dave: Session;

beforeAll(async () => {
  h = await startHarness();
  ({ alice, bob, carol, dave } = await loginDemo(h));
});
afterAll(() => h?.server.close());

describe('presence', () => {
  it('broadcasts NOS to colleagues on connect, idle, active (every report) and disconnect', async () => {
    const watcher = await h.socket(alice);
    const frames = () => watcher.frames.filter((f) => f.code === 'NOS' && f.data.user_guid === carol.user_guid).map((f) => (f.data as any).connection_state);
    const carolSocket = await h.socket(carol);
    await watcher.next('NOS', (d) => d.user_guid === carol.user_guid && d.connection_state === 'active');
    carolSocket.send('IDL {"is_idle":true}');
    await watcher.next('NOS', (d) => d.user_guid === carol.user_guid && d.connection_state === 'idle');
    carolSocket.send('IDL {"is_idle":true}'); // no change: no frame
    carolSocket.send('IDL {"is_idle":false}');
    carolSocket.send('IDL {"is_idle":false}'); // an active report is repeated: others keep her active
    carolSocket.send('CHK {"check":"c"}');
    await carolSocket.next('ACK');
    await waitFor(() => frames().length >= 4);
    expect(frames()).toEqual(['active', 'idle', 'active', 'active']);
    carolSocket.close();
    await watcher.next('NOS', (d) => d.user_guid === carol.user_guid && d.connection_state === 'offline');
    // Another company's user hears nothing about Acme.
    const grace = await h.login('grace@globex.test');
    const graceSocket = await h.socket(grace);
    const again = await h.socket(carol);
    await watcher.next('NOS', (d) => d.user_guid === carol.user_guid && d.connection_state === 'active' && watcher.count('NOS', (x) => x.user_guid === carol.user_guid) > 4);
    expect(graceSocket.count('NOS', (d) => d.user_guid === carol.user_guid)).toBe(0);
    again.close();
    graceSocket.close();
    watcher.close();
  });
});

describe('custom status', () => {
  it('lists the defaults, selects one, and others see it live and in users/list', async () => {
    const list = StatusListResponse.parse(await h.ok('statusList', {}, dave));
    expect(list.statuses.map((s) => s.text)).toEqual(DEFAULT_STATUSES.map((s) => s.text));
    expect(list.statuses.every((s) => !s.selected)).toBe(true);

    const bobSocket = await h.socket(bob);
    const selected = StatusListResponse.parse(await h.ok('statusSelect', { icon: 'easel' }, dave));
    expect(selected.statuses.filter((s) => s.selected).map((s) => s.icon)).toEqual(['easel']);
    const nos = await bobSocket.next('NOS', (d) => d.user_guid === dave.user_guid && d.custom_status !== null);
    expect(nos.custom_status).toEqual({ icon: 'easel', text: 'In a meeting', color: 'red' });
    const users = UsersListResponse.parse(await h.ok('usersList', {}, bob)).users;
    expect(users.find((u) => u.target_user_guid === dave.user_guid)?.custom_status).toEqual({ icon: 'easel', text: 'In a meeting', color: 'red' });

    // Editing the selected status is broadcast too; deleting it goes back to automatic.
    await h.ok('statusUpdate', { icon: 'easel', text: 'Workshop until 3', color: 'yellow' }, dave);
    await bobSocket.next('NOS', (d) => d.user_guid === dave.user_guid && d.custom_status?.text === 'Workshop until 3');
    await h.ok('statusDelete', { icon: 'easel' }, dave);
    await bobSocket.next('NOS', (d) => d.user_guid === dave.user_guid && d.custom_status === null);
    const after = StatusListResponse.parse(await h.ok('statusList', {}, dave));
    expect(after.statuses.map((s) => s.icon)).not.toContain('easel');
    expect(after.statuses.some((s) => s.selected)).toBe(false);
    bobSocket.close();
  });

  it('inserts, moves to another icon, goes automatic, and refuses what makes no sense', async () => {
    await h.ok('statusList', {}, carol);
    const inserted = StatusListResponse.parse(await h.ok('statusInsert', { icon: 'bug', text: '  Fixing bugs  ', color: 'green' }, carol));
    expect(inserted.statuses.find((s) => s.icon === 'bug')).toEqual({ icon: 'bug', text: 'Fixing bugs', color: 'green', selected: false });
    await h.ok('statusSelect', { icon: 'bug' }, carol);
    const moved = StatusListResponse.parse(await h.ok('statusUpdate', { icon: 'bug', new_icon: 'clipboard', text: 'Triage', color: 'grey' }, carol));
    expect(moved.statuses.find((s) => s.icon === 'clipboard')).toEqual({ icon: 'clipboard', text: 'Triage', color: 'grey', selected: true });
    const automatic = StatusListResponse.parse(await h.ok('statusAutomatic', {}, carol));
    expect(automatic.statuses.some((s) => s.selected)).toBe(false);

    const dup = await h.call('statusInsert', { icon: 'clipboard', text: 'Again', color: 'red' }, carol);
    expect(dup.status).toBe(400);
    expect(dup.body.results.icon.message).toBe('You already have a status with this icon.');
    expect((await h.call('statusSelect', { icon: 'bug' }, carol)).status).toBe(404);
    const badIcon = await h.call('statusInsert', { icon: 'rocket', text: 'x', color: 'green' }, carol);
    expect(badIcon.status).toBe(400);
    expect(badIcon.body.results.icon).toBeDefined();
    const badColor = await h.call('statusInsert', { icon: 'email', text: 'x', color: 'blue' }, carol);
    expect(badColor.body.results.color.message).toBe('Choose green, yellow, red or grey.');
    const empty = await h.call('statusInsert', { icon: 'email', text: '   ', color: 'green' }, carol);
    expect(empty.body.results.text.message).toBe('Type a status text.');
    expect((await h.call('statusList', {}, undefined)).status).toBe(403);
  });
});

describe('directory', () => {
  it('users/details gives details, refuses a blocked user with the spec message, and hides other companies', async () => {
    const details = UserDetailsResponse.parse(await h.ok('userDetails', { target_user_guid: bob.user_guid }, alice));
    expect(details.user).toMatchObject({ name: 'Bob Brown', job_title: 'Engineering lead', desk_number: 'B-204', cell_number: '+1 555 0101' });

    await h.server.db.query('UPDATE users SET is_blocked = true WHERE guid = $1', [dave.user_guid]);
    try {
      const blocked = await h.call('userDetails', { target_user_guid: dave.user_guid }, alice);
      expect(blocked.status).toBe(400);
      expect(blocked.body).toMatchObject({ isOk: false, message: BLOCKED_USER_MESSAGE });
      const included = UserDetailsResponse.parse(await h.ok('userDetails', { target_user_guid: dave.user_guid, include_blocked: true }, alice));
      expect(included.user.is_blocked).toBe(true);
      // members/search leaves blocked users out unless asked.
      const search = MembersSearchResponse.parse(await h.ok('membersSearch', { name: 'd' }, alice));
      expect(search.members.map((m) => m.name)).not.toContain('Dave Diaz');
      const withBlocked = MembersSearchResponse.parse(await h.ok('membersSearch', { name: 'diaz', include_blocked: true }, alice));
      expect(withBlocked.members.map((m) => m.name)).toEqual(['Dave Diaz']);
    } finally {
      await h.server.db.query('UPDATE users SET is_blocked = false WHERE guid = $1', [dave.user_guid]);
    }

    const grace = await h.login('grace@globex.test');
    expect((await h.call('userDetails', { target_user_guid: grace.user_guid }, alice)).status).toBe(404);
    const none = MembersSearchResponse.parse(await h.ok('membersSearch', { name: 'grace' }, alice));
    expect(none.members).toEqual([]);
  });

  it('members/search matches names and emails case-insensitively, never bots, with details on request', async () => {
    const byEmail = MembersSearchResponse.parse(await h.ok('membersSearch', { name: 'CAROL@' }, bob));
    expect(byEmail.members.map((m) => m.name)).toEqual(['Carol Chen']);
    expect(byEmail.members[0]!.job_title).toBeUndefined();
    const full = MembersSearchResponse.parse(await h.ok('membersSearch', { name: 'carol chen', details: true }, bob));
    expect(full.members[0]!.job_title).toBe('Product designer');
    const bots = MembersSearchResponse.parse(await h.ok('membersSearch', { name: 'plaza' }, bob));
    expect(bots.members).toEqual([]);
    const like = MembersSearchResponse.parse(await h.ok('membersSearch', { name: '%' }, bob));
    expect(like.members).toEqual([]);
    expect((await h.call('membersSearch', { name: 5 }, bob)).status).toBe(400);
  });
});

async function waitFor(check: () => boolean, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
