/** Two-factor reset requests (spec 1 §6): one pending request per person at most. */
import { newGuid } from './crypto';
import type { Queryable } from './db';

export interface MfaResetRow {
  guid: string;
  user_guid: string;
  company_guid: string;
  created: number;
  name: string;
  email: string;
}

const SELECT = `SELECT r.guid, r.user_guid, r.company_guid, r.created, u.first_name || ' ' || u.last_name AS name, COALESCE(u.email, '') AS email
  FROM mfa_reset_requests r JOIN users u ON u.guid = r.user_guid`;

type Raw = Omit<MfaResetRow, 'created' | 'name'> & { created: number | bigint; name: string };
const toRow = (r: Raw): MfaResetRow => ({ ...r, created: Number(r.created), name: r.name.trim() });

export async function pendingMfaReset(db: Queryable, userGuid: string): Promise<MfaResetRow | undefined> {
  const rows = await db.query<Raw>(`${SELECT} WHERE r.user_guid = $1 AND r.state = 'pending'`, [userGuid]);
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** The company's pending requests, oldest first. */
export async function pendingMfaResets(db: Queryable, companyGuid: string): Promise<MfaResetRow[]> {
  const rows = await db.query<Raw>(`${SELECT} WHERE r.company_guid = $1 AND r.state = 'pending' ORDER BY r.created, r.guid`, [companyGuid]);
  return rows.map(toRow);
}

/** Opens a request, or returns the pending one (`created: false`). */
export async function openMfaReset(db: Queryable, user: { guid: string; company_guid: string }, now = Date.now()): Promise<{ request: MfaResetRow; created: boolean }> {
  const inserted = await db.query<{ guid: string }>(
    `INSERT INTO mfa_reset_requests (guid, user_guid, company_guid, created) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_guid) WHERE state = 'pending' DO NOTHING RETURNING guid`,
    [newGuid(), user.guid, user.company_guid, now],
  );
  const request = await pendingMfaReset(db, user.guid);
  if (!request) throw new Error('mfa reset request vanished');
  return { request, created: inserted.length > 0 };
}

/** Settles a pending request; false when it was no longer pending. */
export async function settleMfaReset(db: Queryable, guid: string, state: 'reset' | 'cancelled', by: string, now = Date.now()): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    `UPDATE mfa_reset_requests SET state = $2, decided_by = $3, decided_at = $4 WHERE guid = $1 AND state = 'pending' RETURNING guid`,
    [guid, state, by, now],
  );
  return rows.length > 0;
}

export async function markTotpReset(db: Queryable, userGuid: string, now = Date.now()): Promise<void> {
  await db.query('UPDATE users SET totp_reset_at = $2 WHERE guid = $1', [userGuid, now]);
}
