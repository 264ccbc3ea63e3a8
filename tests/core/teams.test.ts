/** The core's teams and folders: CHA and BLO read against known state, folders with unread totals, joining, inviting. */
import { describe, expect, it } from 'vitest';
import { T0 } from '../../fixtures/builders';
import type { ChannelWire, UserWire } from '../../protocol/entities';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import type { FolderView, ViewPatch } from '../../protocol/views';
import { startHarness, type Harness } from './harness';

const P = '/secure/data/confirmed/corporate';
const F = '/secure/data/corporate/resource/folders';
const bob: UserWire = { target_user_guid: 'bob', first_name: 'Bob', last_name: 'Brown', name: 'Bob Brown', email: 'bob@acme.test', company_guid: 'acme' };
const ch = (address: string, over: Partial<ChannelWire> = {}): ChannelWire => ({
  guid: `g-${address}`,
  address,
  name: address,
  channel_type: 1,
  etype: 'channel',
  company_guid: 'acme',
  ...over,
});

async function signedIn(channels: ChannelWire[], routes: Record<string, (body: any) => { status: number; body: unknown }> = {}): Promise<Harness> {
  const h = await startHarness({
    routes: {
      '/data/login': () => ({ status: 200, body: { isOk: true, login_guid: 'lg-1', auth_token: 'token-0123456789abcdef', user: bob } }),
      [`${P}/channels/list`]: () => ({ status: 200, body: { isOk: true, channels } }),
      [`${P}/users/list`]: () => ({ status: 200, body: { isOk: true, users: [bob] } }),
      [`${P}/last_alerts`]: () => ({ status: 200, body: { isOk: true, alerts: [] } }),
      [`${F}/list`]: () => ({ status: 200, body: { isOk: true, folders: [{ guid: 'work', name: 'Work', parent_guid: null }] } }),
      ...routes,
    },
  });
  expect((await h.core.api.$signIn('bob@acme.test', 'plaza-demo')).ok).toBe(true);
  h.socket().open();
  await h.clock.advance(0);
  h.frame();
  return h;
}

const toasts = (h: Harness) => h.core.projections.toasts.shown.map((t) => `${t.title}: ${t.body}`);
const frame = (h: Harness, code: string, body: unknown) => {
  h.socket().receive(encodeFrame(code, body));
  h.frame();
};
const lastFolders = (h: Harness): Map<string, FolderView> => {
  const out = new Map<string, FolderView>();
  for (const p of h.patches as ViewPatch[]) for (const f of p.folders?.put ?? []) out.set(f.guid, f);
  return out;
};

describe('team actions (CHA)', () => {
  it("says 'Channel Renamed' only when the name changed", async () => {
    const h = await signedIn([ch('design', { name: 'Design' })]);
    frame(h, 'CHA', { action: 'modify', address: 'design', channel: ch('design', { name: 'Design' }) });
    expect(toasts(h)).toEqual([]);
    frame(h, 'CHA', { action: 'modify', address: 'design', channel: ch('design', { name: 'Product Design' }) });
    expect(toasts(h)).toEqual(['Channel Renamed: Design is now called Product Design.']);
    expect(h.core.projections.channels.byAddress.get('design')?.channel.name).toBe('Product Design');
  });

  it('tells an external-members change only when it differs from the current state', async () => {
    const h = await signedIn([ch('partners', { name: 'Partners' })]);
    frame(h, 'CHA', { action: 'change', address: 'partners', channel: ch('partners', { name: 'Partners', is_open: false }) });
    expect(toasts(h)).toEqual([]);
    frame(h, 'CHA', { action: 'change', address: 'partners', channel: ch('partners', { name: 'Partners', is_external: true, etype: 'external channel' }) });
    frame(h, 'CHA', { action: 'change', address: 'partners', channel: ch('partners', { name: 'Partners', is_external: true, etype: 'external channel' }) });
    expect(toasts(h)).toEqual(['External members: Channel Partners now contains external members.']);
    frame(h, 'CHA', { action: 'member_updated', address: 'partners', member: { target_user_guid: 'bob', member_type: 2, member_company_guid: 'acme' }, channel: ch('partners', { name: 'Partners', member_type: 2 }) });
    expect(toasts(h)[0]).toBe('External members: Channel Partners no longer contains external members.');
    expect(h.core.projections.channels.byAddress.get('partners')?.channel.member_type).toBe(2);
  });

  it('handles add, remove, member_removed for the user, and logs a CHA missing what its action needs', async () => {
    const h = await signedIn([ch('design'), ch('eng')]);
    frame(h, 'CHA', { action: 'add', channel: ch('council') });
    frame(h, 'CHA', { action: 'remove', address: 'design' });
    frame(h, 'CHA', { action: 'member_removed', address: 'eng', target_user_guid: 'bob' });
    expect([...h.core.projections.channels.byAddress.keys()]).toEqual(['council']);
    frame(h, 'CHA', { action: 'add', address: 'nothing' });
    frame(h, 'CHA', { action: 'shout', address: 'council' });
    expect(h.core.rejections.total).toBe(2);
    expect([...h.core.projections.channels.byAddress.keys()]).toEqual(['council']);
  });

  it('keeps a loaded members panel current and ignores teams nobody opened', async () => {
    const h = await signedIn([ch('design'), ch('eng')], {
      [`${P}/team/members`]: () => ({ status: 200, body: { isOk: true, members: [{ target_user_guid: 'bob', member_type: 2, member_company_guid: 'acme', first_name: 'Bob' }], invites: [] } }),
    });
    expect((await h.core.api.$loadTeamMembers('design')).ok).toBe(true);
    frame(h, 'CHA', { action: 'member_added', address: 'design', member: { target_user_guid: 'dave', member_type: 0, member_company_guid: 'acme', first_name: 'Dave', last_name: 'Diaz' } });
    frame(h, 'CHA', { action: 'member_added', address: 'eng', member: { target_user_guid: 'dave', member_type: 0, member_company_guid: 'acme' } });
    frame(h, 'CHA', { action: 'invite_added', address: 'design', invite: { guid: 'i1', original_email: 'erin@acme.test', email_guid: 'i1', last_sent: T0 } });
    const panel = h.patches.filter((p) => p.teamMembers?.['design']).at(-1)!.teamMembers!['design']!;
    expect(panel.members.map((m) => [m.name, m.isAdmin, m.isMe])).toEqual([
      ['Bob', true, true],
      ['Dave Diaz', false, false],
    ]);
    expect(panel.invites.map((i) => i.email)).toEqual(['erin@acme.test']);
    expect(h.core.projections.teams.panels.has('eng')).toBe(false);
  });
});

describe('blocking (BLO)', () => {
  it('removes every channel of the blocking company and keeps the rest', async () => {
    const h = await signedIn([ch('partners', { company_guid: 'acme' }), ch('dm', { channel_type: 0, etype: 'external DM', company_guid: 'acme' }), ch('own', { company_guid: 'globex' })]);
    frame(h, 'BLO', { company_guid: 'acme', company_name: 'Acme', is_blocked: true });
    expect([...h.core.projections.channels.byAddress.keys()]).toEqual(['own']);
    expect(h.patches.at(-1)?.channels?.remove.sort()).toEqual(['dm', 'partners']);
  });

  it('tells a reinstated user to refresh (client alert 1004, refresh behaviour)', async () => {
    const h = await signedIn([ch('own', { company_guid: 'globex' })]);
    frame(h, 'BLO', { company_guid: 'acme', company_name: 'Acme', is_blocked: false });
    const alert = h.patches.filter((p) => p.alerts).at(-1)!.alerts!.put[0]!;
    expect(alert).toMatchObject({ type: 1004, typeName: 'Access restored', behaviour: 'refresh', message: 'Your access to Acme was restored. Refresh to see its channels again.' });
    expect(toasts(h)).toEqual(['Access restored: Your access to Acme was restored. Refresh to see its channels again.']);
    // Client alerts never go to the server.
    expect((await h.core.api.$dismissAlerts([alert.guid])).ok).toBe(true);
    expect(h.calls.some((c) => c.path.endsWith('/alerts/dismiss'))).toBe(false);
  });
});

describe('folders in the core', () => {
  it('loads folders on connect, moves a channel in, and keeps its unread total as messages arrive', async () => {
    const h = await signedIn([ch('design', { name: 'Design', unread_messages: 1 })], {
      [`${F}/move_channel`]: (body) => ({ status: 200, body: { isOk: true, address: body.address, folder_guid: body.guid } }),
      [`${F}/create`]: (body) => ({ status: 200, body: { isOk: true, folder: { guid: 'sub', name: body.name, parent_guid: body.parent_guid } } }),
    });
    expect(lastFolders(h).get('work')).toMatchObject({ name: 'Work', depth: 0, unread: 0 });
    expect((await h.core.api.$createFolder('Projects', 'work')).ok).toBe(true);
    expect((await h.core.api.$moveChannelToFolder('design', 'sub')).ok).toBe(true);
    h.frame();
    expect(h.patches.filter((p) => p.channels).at(-1)?.channels?.put[0]).toMatchObject({ address: 'design', folder: 'sub' });
    expect(lastFolders(h).get('sub')).toMatchObject({ depth: 1, unread: 1 });
    expect(lastFolders(h).get('work')?.unread).toBe(1);
    frame(h, 'MSG', { message: { guid: 'm1', address: 'design', created: T0 + 5, from_guid: 'alice', json: JSON.stringify([{ type: 'text', text: 'hi' }]) } });
    expect(lastFolders(h).get('work')?.unread).toBe(2);
    expect(lastFolders(h).get('sub')?.unread).toBe(2);
  });

  it('a failed folder call changes nothing and says why', async () => {
    const h = await signedIn([ch('design')], {
      [`${F}/move`]: () => ({ status: 400, body: { isOk: false, message: 'x', results: { parent_guid: { isOk: false, message: 'A folder cannot be moved into itself or one of its subfolders.' } } } }),
    });
    const result = await h.core.api.$moveFolder('work', 'work');
    expect(result).toMatchObject({ ok: false, error: { field: 'parent_guid', message: 'parent_guid: A folder cannot be moved into itself or one of its subfolders.' } });
    expect(h.core.projections.folders.byGuid.get('work')?.parent_guid).toBeNull();
  });
});

describe('joining and inviting', () => {
  it("loads the directory with GET, and 'joined' makes the user a member (the channel list is fetched when the channel is new)", async () => {
    let listed = [ch('eng')];
    const h = await signedIn([], {
      [`${P}/channels/list`]: () => ({ status: 200, body: { isOk: true, channels: listed } }),
      [`${P}/teams/list`]: () => ({ status: 200, body: { isOk: true, teams: [{ guid: 'g-design', address: 'design', name: 'Design', is_open: true }] } }),
      [`${P}/departments_list`]: () => ({ status: 200, body: { isOk: true, departments: [] } }),
      [`${P}/teams/request`]: () => ({ status: 200, body: { isOk: true, result: 'joined' } }),
    });
    expect((await h.core.api.$loadTeamDirectory()).ok).toBe(true);
    h.frame();
    expect(h.patches.filter((p) => p.teamDirectory).at(-1)?.teamDirectory).toMatchObject({ status: 'loaded', teams: [{ name: 'Design', state: 'join' }] });
    listed = [ch('eng'), ch('design', { name: 'Design' })];
    expect(await h.core.api.$requestToJoin('g-design')).toEqual({ ok: true, value: { result: 'joined' } });
    h.frame();
    expect(h.patches.filter((p) => p.teamDirectory).at(-1)?.teamDirectory?.teams[0]?.state).toBe('member');
    expect(h.core.projections.channels.byAddress.has('design')).toBe(true);
  });

  it("says 'Email invitation has been sent to {email}' for each new invitation", async () => {
    const h = await signedIn([ch('design')], {
      [`${P}/team/email_invite`]: () => ({
        status: 200,
        body: { isOk: true, invites: ['a@acme.test', 'b@acme.test'].map((e, i) => ({ guid: `i${i}`, original_email: e, email_guid: `i${i}`, last_sent: T0 })) },
      }),
    });
    expect(await h.core.api.$inviteByEmail('design', 'a@acme.test; b@acme.test')).toEqual({ ok: true, value: { sent: ['a@acme.test', 'b@acme.test'] } });
    expect(toasts(h)).toEqual(['Invitation sent: Email invitation has been sent to b@acme.test', 'Invitation sent: Email invitation has been sent to a@acme.test']);
    // Checked before sending: a bad address never leaves the worker.
    const bad = await h.core.api.$inviteByEmail('design', 'nope@');
    expect(bad).toMatchObject({ ok: false, error: { field: 'emails', message: 'nope@ is not a valid email address.' } });
  });

  it('says so too when the socket told of the invitation before the answer came (the server tells the sender among the managers)', async () => {
    const invite = { guid: 'i9', original_email: 'erin@acme.test', email_guid: 'i9', last_sent: T0 };
    let harness: Harness | undefined;
    const h = await signedIn([ch('design')], {
      [`${P}/team/members`]: () => ({ status: 200, body: { isOk: true, members: [{ target_user_guid: 'bob', member_type: 2, member_company_guid: 'acme' }], invites: [] } }),
      [`${P}/team/email_invite`]: () => {
        frame(harness!, 'CHA', { action: 'invite_added', address: 'design', invite });
        return { status: 200, body: { isOk: true, invites: [invite] } };
      },
    });
    harness = h;
    expect((await h.core.api.$loadTeamMembers('design')).ok).toBe(true);
    expect(await h.core.api.$inviteByEmail('design', 'erin@acme.test')).toEqual({ ok: true, value: { sent: ['erin@acme.test'] } });
    expect(toasts(h)).toEqual(['Invitation sent: Email invitation has been sent to erin@acme.test']);
    // Asked again, the same address keeps its invitation: nothing new is said.
    expect(await h.core.api.$inviteByEmail('design', 'erin@acme.test')).toEqual({ ok: true, value: { sent: [] } });
    expect(toasts(h)).toHaveLength(1);
  });
});
