/**
 * Folders and teams projections: what each event does, incremental folding
 * equals rebuilding for random logs of these events, and the incremental
 * folder unread totals equal a recount.
 */
import { describe, expect, it } from 'vitest';
import { alert, channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { canonicalJson } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, foldAll, type Projections } from '../../projections/fold';
import { createFolderTotals, effectiveFolder, folderView, recountTotals, syncChannel } from '../../projections/views/folder-view';
import { channelEntryView } from '../../projections/views/channel-view';
import type { DomainEvent } from '../../protocol/events';
import type { Folder, Invite, TeamMember, TeamSummary } from '../../protocol/team-entities';
import { prng } from '../../protocol/prng';


const folder = (guid: string, parent_guid: string | null = null, name = guid): Folder => ({ guid, name, parent_guid, unread_messages: 0 });
const member = (guid: string, over: Partial<TeamMember> = {}): TeamMember => ({
  target_user_guid: guid,
  member_type: 0,
  is_email: false,
  is_external: false,
  member_company_guid: 'acme',
  first_name: guid,
  last_name: 'Tester',
  email: `${guid}@acme.test`,
  company_name: 'Acme',
  is_blocked: false,
  ...over,
});
const invite = (guid: string, over: Partial<Invite> = {}): Invite => ({
  guid,
  first_name: '',
  last_name: '',
  original_email: `${guid}@acme.test`,
  email_guid: guid,
  member_type: 0,
  is_external: false,
  sent_count: 1,
  last_sent: T0,
  remind_due: false,
  ...over,
});
const summary = (guid: string, over: Partial<TeamSummary> = {}): TeamSummary => ({
  guid,
  address: guid,
  name: guid,
  is_hr: false,
  is_private: true,
  is_open: true,
  read_only: false,
  is_member: false,
  member_type: null,
  member_count: 2,
  request_pending: false,
  ...over,
});

const ADDRESSES = ['a', 'b', 'c', 'd'];
const FOLDERS = ['f1', 'f2', 'f3'];

function randomEvent(rand: () => number, log: LogBuilder, n: { m: number }): DomainEvent {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const r = rand();
  const f = pick(FOLDERS);
  if (r < 0.2) return { type: 'message.received', message: message({ guid: `m${n.m++}`, address: pick(ADDRESSES), created: log.now, from_guid: pick(['me', 'alice']) }) };
  if (r < 0.26) return { type: 'channel.viewed', address: pick(ADDRESSES), unread: 0, bookmark: { guid: 'x', created: log.now } };
  if (r < 0.32) {
    const kept = FOLDERS.filter(() => rand() < 0.7);
    // Parents only among earlier folders: a listed tree has no cycles.
    return { type: 'folders.listed', folders: kept.map((g, i) => folder(g, i > 0 && rand() < 0.5 ? kept[i - 1]! : null)) };
  }
  if (r < 0.38) return { type: 'folder.upserted', folder: folder(f, f === 'f1' ? null : pick([null, 'f1']), `name ${Math.floor(rand() * 3)}`) };
  if (r < 0.42) return { type: 'folder.deleted', guid: f, parent_guid: pick([null, 'f1']) };
  if (r < 0.46) return { type: 'sidebar.folder_collapsed', guid: f, collapsed: rand() < 0.6 };
  if (r < 0.52) return { type: 'channel.folder_changed', address: pick(ADDRESSES), folder_guid: pick([null, ...FOLDERS]) };
  if (r < 0.58) {
    const kept = ADDRESSES.filter(() => rand() < 0.85);
    return { type: 'channels.listed', channels: kept.map((address) => channel({ address, guid: address, folder_guid: pick([null, ...FOLDERS]), unread_messages: Math.floor(rand() * 3) })) };
  }
  if (r < 0.62) return { type: 'channel.upserted', channel: channel({ address: pick(ADDRESSES), guid: pick(ADDRESSES), member_type: pick([0, 2] as const) }) };
  if (r < 0.65) return { type: 'channel.removed', address: pick(ADDRESSES) };
  if (r < 0.69) return { type: 'teams.listed', teams: ADDRESSES.filter(() => rand() < 0.8).map((g) => summary(g, { is_open: rand() < 0.5 })), departments: [summary('hr', { is_hr: true })] };
  if (r < 0.73) return { type: 'team.join_result', team_guid: pick(ADDRESSES), result: pick(['joined', 'requested', 'cancelled'] as const) };
  if (r < 0.79) return { type: 'team.members_listed', address: pick(ADDRESSES), members: [member('u1'), member('u2', { member_type: 2 })], invites: [invite('i1')] };
  if (r < 0.86) return { type: 'team.member_upserted', address: pick(ADDRESSES), member: member(pick(['u1', 'u3']), { member_type: pick([0, 2] as const) }) };
  if (r < 0.9) return { type: 'team.member_removed', address: pick(ADDRESSES), user_guid: pick(['u1', 'u2', 'u3']) };
  if (r < 0.95) return { type: 'team.invites_upserted', address: pick(ADDRESSES), invites: [invite(pick(['i1', 'i2']), { remind_due: rand() < 0.5 })] };
  return { type: 'team.invite_removed', address: pick(ADDRESSES), guid: pick(['i1', 'i2']) };
}

function randomLog(seed: number, length: number): LogBuilder {
  const rand = prng(seed);
  const log = new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }, 'rest');
  const n = { m: 0 };
  for (let i = 0; i < length; i++) {
    log.advance(Math.floor(rand() * 2_000));
    log.add(randomEvent(rand, log, n));
  }
  return log;
}

describe('folders and teams: incremental folding equals rebuilding', () => {
  it('for 200 random logs, resumed from a rebuilt prefix', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 80);
      const fromScratch = canonicalJson(foldAll(envelopes));
      const cut = (seed * 7) % envelopes.length;
      const live = foldAll(envelopes.slice(0, cut));
      const changes = createChangeSet();
      for (const envelope of envelopes.slice(cut)) applyEnvelope(live, envelope, changes);
      expect(canonicalJson(live), `seed ${seed}`).toBe(fromScratch);
    }
  });

  it('folder unread totals kept per changed channel equal a recount, after every event', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const { envelopes } = randomLog(seed, 80);
      const p = foldAll([]);
      let totals = createFolderTotals();
      for (const envelope of envelopes) {
        const changes = createChangeSet();
        applyEnvelope(p, envelope, changes);
        // As the folders view section does: a tree change recounts, otherwise only changed channels are synced.
        if (changes.folderTree || changes.allChannels) totals = recountTotals(p.folders, p.channels, p.unread);
        else {
          for (const address of changes.channels) {
            const record = p.channels.byAddress.get(address);
            syncChannel(totals, p.folders, address, record ? effectiveFolder(p.folders, record.channel.folder_guid) : null, p.unread.byAddress.get(address)?.count ?? 0, new Set());
          }
        }
        const recount = recountTotals(p.folders, p.channels, p.unread);
        const nonZero = (m: Map<string, number>) => [...m].filter(([, v]) => v !== 0).sort();
        expect(nonZero(totals.total), `seed ${seed} seq ${envelope.seq}`).toEqual(nonZero(recount.total));
      }
    }
  });
});

const fold = (...events: DomainEvent[]): Projections => {
  const log = new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me' }) });
  for (const e of events) log.add(e);
  return foldAll(log.envelopes);
};

describe('folders', () => {
  it('deleting a folder moves its channels and subfolders up to its parent', () => {
    const p = fold(
      { type: 'folders.listed', folders: [folder('work'), folder('proj', 'work'), folder('sub', 'proj')] },
      { type: 'channels.listed', channels: [channel({ address: 'design', folder_guid: 'proj' }), channel({ address: 'eng', folder_guid: 'sub' })] },
      { type: 'folder.deleted', guid: 'proj', parent_guid: 'work' },
    );
    expect(p.channels.byAddress.get('design')?.channel.folder_guid).toBe('work');
    expect(p.channels.byAddress.get('eng')?.channel.folder_guid).toBe('sub');
    expect(p.folders.byGuid.get('sub')?.parent_guid).toBe('work');
    expect(p.folders.byGuid.has('proj')).toBe(false);
  });

  it('totals include subfolders; views sort in pre-order with depth; a channel of an unknown folder shows in its group', () => {
    const p = fold(
      { type: 'folders.listed', folders: [folder('w', null, 'Work'), folder('p', 'w', 'Projects'), folder('a', null, 'Archive')] },
      {
        type: 'channels.listed',
        channels: [
          channel({ address: 'x', folder_guid: 'p', unread_messages: 2 }),
          channel({ address: 'y', folder_guid: 'w', unread_messages: 3 }),
          channel({ address: 'z', folder_guid: 'gone', unread_messages: 4 }),
        ],
      },
    );
    const totals = recountTotals(p.folders, p.channels, p.unread);
    const views = ['w', 'p', 'a'].map((g) => folderView(p.folders, g, totals)!);
    expect(views.map((v) => [v.name, v.depth, v.unread])).toEqual([
      ['Work', 0, 5],
      ['Projects', 1, 2],
      ['Archive', 0, 0],
    ]);
    expect(views.map((v) => v.sortKey).sort()).toEqual([views[2]!.sortKey, views[0]!.sortKey, views[1]!.sortKey]);
    expect(channelEntryView(p.channels.byAddress.get('z')!, p.unread.byAddress.get('z'), p.session.user, p.folders).folder).toBeNull();
    expect(channelEntryView(p.channels.byAddress.get('x')!, p.unread.byAddress.get('x'), p.session.user, p.folders).folder).toBe('p');
  });

  it('keeps the folders the user collapsed; forgets one deleted or no longer listed; none collapsed is the state of before', () => {
    const listed: DomainEvent = { type: 'folders.listed', folders: [folder('w'), folder('p', 'w'), folder('h')] };
    const collapse = (guid: string, collapsed = true): DomainEvent => ({ type: 'sidebar.folder_collapsed', guid, collapsed });
    expect(fold(listed, collapse('w'), collapse('p'), collapse('h'), collapse('h', false)).preferences.collapsedFolders).toEqual(new Set(['w', 'p']));
    expect(fold(listed, collapse('w'), collapse('p'), { type: 'folder.deleted', guid: 'p', parent_guid: 'w' }).preferences.collapsedFolders).toEqual(new Set(['w']));
    expect(fold(listed, collapse('w'), collapse('h'), { type: 'folders.listed', folders: [folder('h')] }).preferences.collapsedFolders).toEqual(new Set(['h']));
    // Nothing collapsed any more: the same state (and hash) as a user who never collapsed one, as recorded sessions expect.
    const none = fold(listed, collapse('w'), collapse('w', false));
    expect(none.preferences).toEqual(fold(listed).preferences);
    expect(canonicalJson(none)).toBe(canonicalJson(fold(listed, { type: 'sidebar.changed' }, { type: 'sidebar.changed' })));
    expect('collapsedFolders' in fold(listed, collapse('w'), { type: 'folder.deleted', guid: 'w', parent_guid: null }).preferences).toBe(false);
  });
});

describe('teams', () => {
  it("'joined' makes the user a member in the directory; a request waits; cancelling withdraws it", () => {
    const listed: DomainEvent = { type: 'teams.listed', teams: [summary('open'), summary('council', { is_open: false })], departments: [] };
    let p = fold(listed, { type: 'team.join_result', team_guid: 'open', result: 'joined' }, { type: 'team.join_result', team_guid: 'council', result: 'requested' });
    expect(p.teams.directory?.teams).toEqual([
      summary('open', { is_member: true, member_type: 0, member_count: 3 }),
      summary('council', { is_open: false, request_pending: true }),
    ]);
    p = fold(listed, { type: 'team.join_result', team_guid: 'council', result: 'requested' }, { type: 'team.join_result', team_guid: 'council', result: 'cancelled' });
    expect(p.teams.directory?.teams[1]?.request_pending).toBe(false);
    // An approval arrives as the channel itself (CHA add).
    p = fold(listed, { type: 'channel.upserted', channel: channel({ address: 'council', guid: 'council' }) }, { type: 'channel.removed', address: 'open' });
    expect(p.teams.directory?.teams[1]).toMatchObject({ is_member: true, member_count: 3 });
  });

  it('a request denied is no longer pending: the denial alert (type 3) says for which team', () => {
    const listed: DomainEvent = { type: 'teams.listed', teams: [summary('open'), summary('council', { is_open: false })], departments: [] };
    const denied = (guid: string, alert_type: number, team_guid: string): DomainEvent => ({
      type: 'alert.received',
      alert: alert({ guid, alert_type, target: { team_guid, address: team_guid, name: team_guid } }),
    });
    const requested: DomainEvent = { type: 'team.join_result', team_guid: 'council', result: 'requested' };
    expect(fold(listed, requested, denied('a1', 3, 'council')).teams.directory?.teams[1]?.request_pending).toBe(false);
    // Another team's denial, or another kind of alert about this team, leaves the request pending.
    expect(fold(listed, requested, denied('a2', 3, 'open'), denied('a3', 1, 'council')).teams.directory?.teams[1]?.request_pending).toBe(true);
  });

  it('keeps panels only once loaded, and follows member and invite changes', () => {
    const p = fold(
      { type: 'team.member_upserted', address: 'design', member: member('ignored') },
      { type: 'team.members_listed', address: 'design', members: [member('u1')], invites: [invite('i1')] },
      { type: 'team.member_upserted', address: 'design', member: member('u2', { member_type: 2 }) },
      { type: 'team.member_removed', address: 'design', user_guid: 'u1' },
      { type: 'team.invites_upserted', address: 'design', invites: [invite('i2')] },
      { type: 'team.invite_removed', address: 'design', guid: 'i1' },
    );
    expect([...p.teams.panels.get('design')!.members.keys()]).toEqual(['u2']);
    expect([...p.teams.panels.get('design')!.invites.keys()]).toEqual(['i2']);
    const gone = fold({ type: 'team.members_listed', address: 'design', members: [member('u1')], invites: [] }, { type: 'channel.removed', address: 'design' });
    expect(gone.teams.panels.has('design')).toBe(false);
  });
});
