/**
 * Teams beyond the sidebar: the company's directory for "Browse teams"
 * (teams/list, departments_list) and the members panels the user opened
 * (team/members), kept current by team actions (CHA member_*, invite_*) and,
 * for a join request, by its answer (a denial's alert; an approval's channel).
 * A panel's data exists only once loaded: changes to a team nobody opened are
 * ignored, and it is fetched fresh when opened (members are lazy).
 */
import type { Channel } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { ALERT_TYPE } from '../protocol/rules/alerts';
import type { Invite, TeamMember, TeamSummary } from '../protocol/team-entities';
import type { ChangeSet } from './changes';

export interface TeamDirectory {
  teams: TeamSummary[];
  departments: TeamSummary[];
}

export interface TeamPanel {
  members: Map<string, TeamMember>;
  invites: Map<string, Invite>;
}

export interface TeamsState {
  directory: TeamDirectory | null;
  /** By channel address. */
  panels: Map<string, TeamPanel>;
}

export function createTeams(): TeamsState {
  return { directory: null, panels: new Map() };
}

/** Replaces the directory entries `fn` changes (entries are values: replaced, never edited). */
function updateDirectory(state: TeamsState, changes: ChangeSet, fn: (t: TeamSummary) => TeamSummary): void {
  const dir = state.directory;
  if (!dir) return;
  let changed = false;
  const map = (list: TeamSummary[]) =>
    list.map((t) => {
      const next = fn(t);
      if (next !== t) changed = true;
      return next;
    });
  const next = { teams: map(dir.teams), departments: map(dir.departments) };
  if (!changed) return;
  state.directory = next;
  changes.teamDirectory = true;
}

const becameMember = (t: TeamSummary, channel: Channel): TeamSummary =>
  t.is_member && t.member_type === channel.member_type && !t.request_pending
    ? t
    : { ...t, is_member: true, member_type: channel.member_type, request_pending: false, member_count: t.is_member ? t.member_count : t.member_count + 1 };

const leftTeam = (t: TeamSummary): TeamSummary => ({ ...t, is_member: false, member_type: null, member_count: Math.max(0, t.member_count - 1) });

export function applyTeams(state: TeamsState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'teams.listed':
      state.directory = { teams: event.teams, departments: event.departments };
      changes.teamDirectory = true;
      return;
    case 'team.join_result':
      updateDirectory(state, changes, (t) => {
        if (t.guid !== event.team_guid) return t;
        if (event.result === 'joined') return t.is_member ? t : { ...t, is_member: true, member_type: 0, request_pending: false, member_count: t.member_count + 1 };
        const pending = event.result === 'requested';
        return t.request_pending === pending ? t : { ...t, request_pending: pending };
      });
      return;
    case 'channel.upserted':
      updateDirectory(state, changes, (t) => (t.guid === event.channel.guid ? becameMember(t, event.channel) : t));
      return;
    case 'alert.received': {
      // A request denied is no longer pending: the directory offers to ask again (an approval comes as the channel).
      const { alert } = event;
      const team = alert.alert_type === ALERT_TYPE.joinDenied && alert.target && typeof alert.target === 'object' ? alert.target['team_guid'] : undefined;
      if (typeof team !== 'string') return;
      updateDirectory(state, changes, (t) => (t.guid === team && t.request_pending ? { ...t, request_pending: false } : t));
      return;
    }
    case 'channels.listed': {
      const mine = new Map(event.channels.map((c) => [c.guid, c]));
      updateDirectory(state, changes, (t) => {
        const channel = mine.get(t.guid);
        if (channel) return becameMember(t, channel);
        return t.is_member ? leftTeam(t) : t;
      });
      for (const address of [...state.panels.keys()]) {
        if (!event.channels.some((c) => c.address === address)) {
          state.panels.delete(address);
          changes.teamMembers.add(address);
        }
      }
      return;
    }
    case 'channel.removed':
      updateDirectory(state, changes, (t) => (t.address === event.address && t.is_member ? leftTeam(t) : t));
      if (state.panels.delete(event.address)) changes.teamMembers.add(event.address);
      return;
    case 'team.members_listed':
      state.panels.set(event.address, {
        members: new Map(event.members.map((m) => [m.target_user_guid, m])),
        invites: new Map(event.invites.map((i) => [i.guid, i])),
      });
      changes.teamMembers.add(event.address);
      return;
    case 'team.member_upserted': {
      const panel = state.panels.get(event.address);
      if (!panel) return;
      panel.members.set(event.member.target_user_guid, event.member);
      changes.teamMembers.add(event.address);
      return;
    }
    case 'team.member_removed': {
      const panel = state.panels.get(event.address);
      if (panel?.members.delete(event.user_guid)) changes.teamMembers.add(event.address);
      return;
    }
    case 'team.invites_upserted': {
      const panel = state.panels.get(event.address);
      if (!panel) return;
      for (const invite of event.invites) panel.invites.set(invite.guid, invite);
      changes.teamMembers.add(event.address);
      return;
    }
    case 'team.invite_removed': {
      const panel = state.panels.get(event.address);
      if (panel?.invites.delete(event.guid)) changes.teamMembers.add(event.address);
      return;
    }
    default:
      return;
  }
}
