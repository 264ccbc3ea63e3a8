/** "Browse teams" entries and members panels as the UI shows them, with the user's rights decided here. */
import type { Channel, User } from '../../protocol/entities';
import { canBlock, canManageTeam } from '../../protocol/rules/team-rules';
import type { Invite, TeamMember, TeamSummary } from '../../protocol/team-entities';
import type { InviteView, TeamMemberView, TeamMembersView, TeamSummaryView } from '../../protocol/views';
import type { TeamPanel } from '../teams';

export function teamSummaryView(t: TeamSummary): TeamSummaryView {
  return {
    guid: t.guid,
    address: t.address,
    name: t.name,
    is_private: t.is_private,
    is_open: t.is_open,
    read_only: t.read_only,
    member_count: t.member_count,
    state: t.is_member ? 'member' : t.request_pending ? 'requested' : t.is_open ? 'join' : 'ask',
  };
}

const fullName = (m: TeamMember): string => `${m.first_name} ${m.last_name}`.trim() || m.email || 'Someone';

export function memberView(m: TeamMember, user: User | null): TeamMemberView {
  const actor = { company_guid: user?.company_guid ?? '', is_company_admin: user?.is_company_admin ?? false };
  return {
    guid: m.target_user_guid,
    name: fullName(m),
    email: m.email,
    isAdmin: m.member_type === 2,
    isExternal: m.is_external,
    company: m.company_name,
    isBlocked: m.is_blocked,
    isMe: m.target_user_guid === user?.target_user_guid,
    canBlock: canBlock(actor, { company_guid: m.member_company_guid }),
  };
}

export function inviteView(i: Invite): InviteView {
  return { guid: i.guid, email: i.original_email, isAdmin: i.member_type === 2, isExternal: i.is_external, sentCount: i.sent_count, remindDue: i.remind_due };
}

const byName = (a: TeamMemberView, b: TeamMemberView): number =>
  Number(b.isAdmin) - Number(a.isAdmin) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);

/** A loaded panel (or one loading/failed: `status`), for the team at `address`. */
export function teamMembersView(
  address: string,
  panel: TeamPanel | undefined,
  status: { loading: boolean; error: string | null } | undefined,
  channel: Channel | undefined,
  user: User | null,
): TeamMembersView {
  const actor = { company_guid: user?.company_guid ?? '', is_company_admin: user?.is_company_admin ?? false };
  return {
    address,
    status: panel && !status?.loading ? 'loaded' : status?.error ? 'error' : 'loading',
    error: status?.error ?? null,
    members: panel ? [...panel.members.values()].map((m) => memberView(m, user)).sort(byName) : [],
    invites: panel ? [...panel.invites.values()].map(inviteView).sort((a, b) => a.email.localeCompare(b.email, 'en')) : [],
    canManage: channel ? canManageTeam(channel, actor) : false,
  };
}
