/** Teams and departments beyond one member's view: the directory, members, admins, and join requests. */
import type { Etype } from '../protocol/entities';
import type { TeamMemberWire, TeamSummaryWire } from '../protocol/team-entities';
import type { Queryable } from './db';
import { newGuid } from './crypto';

export interface TeamRow {
  guid: string;
  address: string;
  company_guid: string;
  name: string;
  /** Always 1: teams and departments. */
  channel_type: 1;
  etype: Etype;
  is_hr: boolean;
  is_private: boolean;
  is_open: boolean;
  read_only: boolean;
  is_external: boolean;
}

const TEAM_COLUMNS = 'guid, address, company_guid, name, channel_type, etype, is_hr, is_private, is_open, read_only, is_external';

/** A team or department (channel_type 1) by guid, whether or not the user is a member; deleted ones are gone. */
export async function getTeam(db: Queryable, guid: string): Promise<TeamRow | undefined> {
  const rows = await db.query<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM channels WHERE guid = $1 AND channel_type = 1 AND deleted_at IS NULL`, [guid]);
  return rows[0];
}

export async function getTeamByAddress(db: Queryable, address: string): Promise<TeamRow | undefined> {
  const rows = await db.query<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM channels WHERE address = $1 AND channel_type = 1 AND deleted_at IS NULL`, [address]);
  return rows[0];
}

/**
 * The company's teams (is_hr false) or departments (is_hr true, announcements
 * left out: everyone is in those), as `userGuid` sees them.
 */
export async function listTeams(db: Queryable, companyGuid: string, userGuid: string, departments: boolean): Promise<TeamSummaryWire[]> {
  const rows = await db.query<TeamSummaryWire & { member_type: number | null }>(
    `SELECT c.guid, c.address, c.name, c.is_hr, c.is_private, c.is_open, c.read_only,
            me.member_type, me.user_guid IS NOT NULL AS is_member,
            (SELECT count(*)::int FROM channel_members m WHERE m.channel_guid = c.guid) AS member_count,
            EXISTS (SELECT 1 FROM join_requests r WHERE r.channel_guid = c.guid AND r.user_guid = $2 AND r.state = 'pending') AS request_pending
       FROM channels c LEFT JOIN channel_members me ON me.channel_guid = c.guid AND me.user_guid = $2
      WHERE c.company_guid = $1 AND c.channel_type = 1 AND c.deleted_at IS NULL AND c.is_hr = $3 AND c.etype <> 'announcement'
      ORDER BY lower(c.name), c.guid`,
    [companyGuid, userGuid, departments],
  );
  return rows.map((r) => ({ ...r, member_type: r.member_type === null ? null : r.member_type === 2 ? 2 : 0 }));
}

interface MemberRow {
  user_guid: string;
  member_type: number;
  company_guid: string;
  first_name: string;
  last_name: string;
  email: string | null;
  company_name: string;
  is_blocked: boolean;
}

/**
 * A team's members with who they are, admins first; with `includeSuspended`,
 * also the people whose membership is set aside because the team's company
 * blocked them (is_blocked), for its company admins to reinstate.
 */
export async function teamMembers(db: Queryable, team: Pick<TeamRow, 'guid' | 'company_guid'>, includeSuspended: boolean): Promise<TeamMemberWire[]> {
  const rows = await db.query<MemberRow>(
    `SELECT m.user_guid, m.member_type, u.company_guid, u.first_name, u.last_name, u.email, co.name AS company_name, m.is_blocked
       FROM (SELECT user_guid, member_type, false AS is_blocked FROM channel_members WHERE channel_guid = $1
             UNION ALL
             SELECT user_guid, member_type, true AS is_blocked FROM suspended_members WHERE channel_guid = $1 AND $2::boolean) m
       JOIN users u ON u.guid = m.user_guid JOIN companies co ON co.guid = u.company_guid
      WHERE u.user_type <> 2
      ORDER BY m.member_type DESC, lower(u.first_name), lower(u.last_name), u.guid`,
    [team.guid, includeSuspended],
  );
  return rows.map((r) => ({
    target_user_guid: r.user_guid,
    member_type: r.member_type === 2 ? 2 : 0,
    is_email: false,
    is_external: r.company_guid !== team.company_guid,
    member_company_guid: r.company_guid,
    first_name: r.first_name,
    last_name: r.last_name,
    email: r.email ?? '',
    company_name: r.company_name,
    is_blocked: r.is_blocked,
  }));
}

export async function adminCount(db: Queryable, channelGuid: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM channel_members WHERE channel_guid = $1 AND member_type = 2', [channelGuid]);
  return rows[0]?.n ?? 0;
}

export async function setMemberType(db: Queryable, channelGuid: string, userGuid: string, memberType: 0 | 2): Promise<void> {
  await db.query('UPDATE channel_members SET member_type = $3 WHERE channel_guid = $1 AND user_guid = $2', [channelGuid, userGuid, memberType]);
}

export async function removeMember(db: Queryable, channelGuid: string, userGuid: string): Promise<boolean> {
  const rows = await db.query<{ user_guid: string }>('DELETE FROM channel_members WHERE channel_guid = $1 AND user_guid = $2 RETURNING user_guid', [
    channelGuid,
    userGuid,
  ]);
  return rows.length > 0;
}

export async function renameTeam(db: Queryable, guid: string, name: string): Promise<void> {
  await db.query('UPDATE channels SET name = $2 WHERE guid = $1', [guid, name]);
}

export async function setTeamFlags(db: Queryable, guid: string, flags: { is_private: boolean; is_open: boolean }): Promise<void> {
  await db.query('UPDATE channels SET is_private = $2, is_open = $3 WHERE guid = $1', [guid, flags.is_private, flags.is_open]);
}

export async function setTeamCompany(db: Queryable, guid: string, companyGuid: string): Promise<void> {
  await db.query('UPDATE channels SET company_guid = $2 WHERE guid = $1', [guid, companyGuid]);
}

/** Deletes a team: every membership goes, pending requests and invitations are withdrawn; the row stays for its messages. */
export async function deleteTeam(db: Queryable, guid: string): Promise<string[]> {
  const members = await db.query<{ user_guid: string }>('DELETE FROM channel_members WHERE channel_guid = $1 RETURNING user_guid', [guid]);
  await db.query('DELETE FROM suspended_members WHERE channel_guid = $1', [guid]);
  await db.query("UPDATE join_requests SET state = 'cancelled', decided_at = $2 WHERE channel_guid = $1 AND state = 'pending'", [guid, Date.now()]);
  await db.query('UPDATE team_invites SET revoked_at = $2 WHERE channel_guid = $1 AND revoked_at IS NULL', [guid, Date.now()]);
  await db.query('UPDATE channels SET deleted_at = $2 WHERE guid = $1', [guid, Date.now()]);
  return members.map((m) => m.user_guid);
}

/**
 * Recomputes whether a channel has members of another company (spec 1 §3
 * is_external; etype follows for teams). Returns whether it changed.
 */
export async function refreshExternal(db: Queryable, guid: string): Promise<{ changed: boolean; is_external: boolean }> {
  const rows = await db.query<{ is_external: boolean; now_external: boolean; etype: Etype; channel_type: number }>(
    `SELECT c.is_external, c.etype, c.channel_type,
            EXISTS (SELECT 1 FROM channel_members m JOIN users u ON u.guid = m.user_guid
                     WHERE m.channel_guid = c.guid AND u.company_guid <> c.company_guid) AS now_external
       FROM channels c WHERE c.guid = $1`,
    [guid],
  );
  const r = rows[0];
  if (!r || r.is_external === r.now_external) return { changed: false, is_external: r?.is_external ?? false };
  const etype: Etype =
    r.channel_type === 0 ? (r.now_external ? 'external DM' : 'DM') : r.etype === 'channel' || r.etype === 'external channel' ? (r.now_external ? 'external channel' : 'channel') : r.etype;
  await db.query('UPDATE channels SET is_external = $2, etype = $3 WHERE guid = $1', [guid, r.now_external, etype]);
  return { changed: true, is_external: r.now_external };
}

/** The team's admins (member_type 2). */
export async function teamAdminGuids(db: Queryable, channelGuid: string): Promise<string[]> {
  const rows = await db.query<{ user_guid: string }>('SELECT user_guid FROM channel_members WHERE channel_guid = $1 AND member_type = 2', [channelGuid]);
  return rows.map((r) => r.user_guid);
}

export async function memberType(db: Queryable, channelGuid: string, userGuid: string): Promise<0 | 2 | null> {
  const rows = await db.query<{ member_type: number }>('SELECT member_type FROM channel_members WHERE channel_guid = $1 AND user_guid = $2', [
    channelGuid,
    userGuid,
  ]);
  const t = rows[0]?.member_type;
  return t === undefined ? null : t === 2 ? 2 : 0;
}

export interface JoinRequestRow {
  guid: string;
  channel_guid: string;
  user_guid: string;
  state: 'pending' | 'approved' | 'denied' | 'cancelled';
}

export async function pendingJoinRequest(db: Queryable, channelGuid: string, userGuid: string): Promise<JoinRequestRow | undefined> {
  const rows = await db.query<JoinRequestRow>(
    "SELECT guid, channel_guid, user_guid, state FROM join_requests WHERE channel_guid = $1 AND user_guid = $2 AND state = 'pending'",
    [channelGuid, userGuid],
  );
  return rows[0];
}

/** The user's pending request to join the team, creating it when there is none. */
export async function openJoinRequest(db: Queryable, channelGuid: string, userGuid: string): Promise<{ request: JoinRequestRow; created: boolean }> {
  const existing = await pendingJoinRequest(db, channelGuid, userGuid);
  if (existing) return { request: existing, created: false };
  const request: JoinRequestRow = { guid: newGuid(), channel_guid: channelGuid, user_guid: userGuid, state: 'pending' };
  await db.query('INSERT INTO join_requests (guid, channel_guid, user_guid, created) VALUES ($1, $2, $3, $4)', [request.guid, channelGuid, userGuid, Date.now()]);
  return { request, created: true };
}

export async function getJoinRequest(db: Queryable, guid: string): Promise<JoinRequestRow | undefined> {
  const rows = await db.query<JoinRequestRow>('SELECT guid, channel_guid, user_guid, state FROM join_requests WHERE guid = $1', [guid]);
  return rows[0];
}

/** Settles a pending request; false when it was no longer pending (someone else settled it first). */
export async function settleJoinRequest(
  db: Queryable,
  guid: string,
  state: 'approved' | 'denied' | 'cancelled',
  decidedBy: string | null,
): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    "UPDATE join_requests SET state = $2, decided_by = $3, decided_at = $4 WHERE guid = $1 AND state = 'pending' RETURNING guid",
    [guid, state, decidedBy, Date.now()],
  );
  return rows.length > 0;
}
