/** Teams and departments beyond one member's view: admins, and join requests. */
import type { Queryable } from './db';
import { newGuid } from './crypto';

export interface TeamRow {
  guid: string;
  address: string;
  company_guid: string;
  name: string;
  channel_type: number;
  is_hr: boolean;
  is_private: boolean;
  is_open: boolean;
}

/** A team or department (channel_type 1) by guid, whether or not the user is a member. */
export async function getTeam(db: Queryable, guid: string): Promise<TeamRow | undefined> {
  const rows = await db.query<TeamRow>(
    'SELECT guid, address, company_guid, name, channel_type, is_hr, is_private, is_open FROM channels WHERE guid = $1 AND channel_type = 1',
    [guid],
  );
  return rows[0];
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
