/**
 * A company blocking a person of another company (spec 1 §4 "Blocking"): the
 * person's memberships in the company's channels are set aside (not deleted),
 * so reinstating them restores every channel as it was, bookmark included.
 */
import type { Queryable } from './db';

export async function isBlocked(db: Queryable, companyGuid: string, userGuid: string): Promise<boolean> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM company_blocks WHERE company_guid = $1 AND user_guid = $2', [companyGuid, userGuid]);
  return (rows[0]?.n ?? 0) > 0;
}

/** Blocks the person and sets aside their memberships in the company's channels. Returns those channels' guids (empty when already blocked). */
export async function blockUser(db: Queryable, companyGuid: string, userGuid: string, blockedBy: string): Promise<string[] | null> {
  const inserted = await db.query<{ user_guid: string }>(
    `INSERT INTO company_blocks (company_guid, user_guid, blocked_by, created) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_guid, user_guid) DO NOTHING RETURNING user_guid`,
    [companyGuid, userGuid, blockedBy, Date.now()],
  );
  if (!inserted[0]) return null;
  await db.query(
    `INSERT INTO suspended_members (channel_guid, user_guid, company_guid, member_type, bookmark_created, bookmark_guid, joined, folder_guid)
     SELECT cm.channel_guid, cm.user_guid, c.company_guid, cm.member_type, cm.bookmark_created, cm.bookmark_guid, cm.joined, cm.folder_guid
       FROM channel_members cm JOIN channels c ON c.guid = cm.channel_guid
      WHERE cm.user_guid = $2 AND c.company_guid = $1
     ON CONFLICT (channel_guid, user_guid) DO NOTHING`,
    [companyGuid, userGuid],
  );
  const removed = await db.query<{ channel_guid: string }>(
    `DELETE FROM channel_members cm USING channels c
      WHERE c.guid = cm.channel_guid AND cm.user_guid = $2 AND c.company_guid = $1 RETURNING cm.channel_guid`,
    [companyGuid, userGuid],
  );
  return removed.map((r) => r.channel_guid);
}

/** Lifts the block and restores the set-aside memberships (of channels that still exist). Returns their guids, or null when not blocked. */
export async function reinstateUser(db: Queryable, companyGuid: string, userGuid: string): Promise<string[] | null> {
  const deleted = await db.query<{ user_guid: string }>('DELETE FROM company_blocks WHERE company_guid = $1 AND user_guid = $2 RETURNING user_guid', [
    companyGuid,
    userGuid,
  ]);
  if (!deleted[0]) return null;
  const restored = await db.query<{ channel_guid: string }>(
    `INSERT INTO channel_members (channel_guid, user_guid, member_type, bookmark_created, bookmark_guid, joined, folder_guid)
     SELECT s.channel_guid, s.user_guid, s.member_type, s.bookmark_created, s.bookmark_guid, s.joined,
            (SELECT f.guid FROM folders f WHERE f.guid = s.folder_guid)
       FROM suspended_members s JOIN channels c ON c.guid = s.channel_guid
      WHERE s.company_guid = $1 AND s.user_guid = $2 AND c.deleted_at IS NULL
     ON CONFLICT (channel_guid, user_guid) DO NOTHING RETURNING channel_guid`,
    [companyGuid, userGuid],
  );
  await db.query('DELETE FROM suspended_members WHERE company_guid = $1 AND user_guid = $2', [companyGuid, userGuid]);
  return restored.map((r) => r.channel_guid);
}

export async function companyName(db: Queryable, guid: string): Promise<string> {
  const rows = await db.query<{ name: string }>('SELECT name FROM companies WHERE guid = $1', [guid]);
  return rows[0]?.name ?? '';
}
