/** Custom statuses (spec 3 §3, §7.6): a user's list keyed by icon, and which one is selected. */
import { DEFAULT_STATUSES, type CustomStatus, type StatusColor, type StatusIcon, type UserCustomStatus } from '../protocol/custom-status';
import type { Queryable } from './db';

interface StatusRow {
  icon: StatusIcon;
  text: string;
  color: StatusColor;
  selected: boolean;
}

/** The user's statuses in a stable order (as created), with `selected` on the chosen one. Inserts the defaults on the first call. */
export async function listStatuses(db: Queryable, userGuid: string): Promise<CustomStatus[]> {
  const init = await db.query<{ guid: string }>(
    'UPDATE users SET statuses_initialized = true WHERE guid = $1 AND NOT statuses_initialized RETURNING guid',
    [userGuid],
  );
  if (init.length > 0) {
    const now = Date.now();
    for (const [i, s] of DEFAULT_STATUSES.entries()) {
      await db.query('INSERT INTO custom_statuses (user_guid, icon, text, color, created) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
        userGuid,
        s.icon,
        s.text,
        s.color,
        now + i,
      ]);
    }
  }
  return db.query<StatusRow>(
    `SELECT s.icon, s.text, s.color, (u.custom_status_icon IS NOT DISTINCT FROM s.icon) AS selected
       FROM custom_statuses s JOIN users u ON u.guid = s.user_guid
      WHERE s.user_guid = $1 ORDER BY s.created, s.icon`,
    [userGuid],
  );
}

export async function hasStatus(db: Queryable, userGuid: string, icon: string): Promise<boolean> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM custom_statuses WHERE user_guid = $1 AND icon = $2', [userGuid, icon]);
  return (rows[0]?.n ?? 0) > 0;
}

/** Selects a status (it must exist) or, with null, goes back to automatic. Returns whether the selection changed. */
export async function selectStatus(db: Queryable, userGuid: string, icon: string | null): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    'UPDATE users SET custom_status_icon = $2 WHERE guid = $1 AND custom_status_icon IS DISTINCT FROM $2 RETURNING guid',
    [userGuid, icon],
  );
  return rows.length > 0;
}

export async function insertStatus(db: Queryable, userGuid: string, s: { icon: string; text: string; color: string }): Promise<boolean> {
  const rows = await db.query<{ icon: string }>(
    'INSERT INTO custom_statuses (user_guid, icon, text, color, created) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING icon',
    [userGuid, s.icon, s.text, s.color, Date.now()],
  );
  return rows.length > 0;
}

/** Changes text and colour, and moves the status to `newIcon` when given (keeping the selection on it). */
export async function updateStatus(db: Queryable, userGuid: string, icon: string, s: { text: string; color: string; newIcon: string }): Promise<boolean> {
  const rows = await db.query<{ icon: string }>(
    'UPDATE custom_statuses SET icon = $3, text = $4, color = $5 WHERE user_guid = $1 AND icon = $2 RETURNING icon',
    [userGuid, icon, s.newIcon, s.text, s.color],
  );
  if (rows.length === 0) return false;
  if (s.newIcon !== icon) await db.query('UPDATE users SET custom_status_icon = $3 WHERE guid = $1 AND custom_status_icon = $2', [userGuid, icon, s.newIcon]);
  return true;
}

/** Deletes a status; a selected one is unselected (automatic again). */
export async function deleteStatus(db: Queryable, userGuid: string, icon: string): Promise<boolean> {
  const rows = await db.query<{ icon: string }>('DELETE FROM custom_statuses WHERE user_guid = $1 AND icon = $2 RETURNING icon', [userGuid, icon]);
  if (rows.length === 0) return false;
  await db.query('UPDATE users SET custom_status_icon = NULL WHERE guid = $1 AND custom_status_icon = $2', [userGuid, icon]);
  return true;
}

/** The selected status of each of these users (absent: automatic). */
export async function selectedStatuses(db: Queryable, userGuids: readonly string[]): Promise<Map<string, UserCustomStatus>> {
  if (userGuids.length === 0) return new Map();
  const rows = await db.query<{ user_guid: string; icon: string; text: string; color: string }>(
    `SELECT s.user_guid, s.icon, s.text, s.color FROM users u JOIN custom_statuses s ON s.user_guid = u.guid AND s.icon = u.custom_status_icon
      WHERE u.guid = ANY($1::text[])`,
    [toPgArray(userGuids)],
  );
  return new Map(rows.map((r) => [r.user_guid, { icon: r.icon, text: r.text, color: r.color }]));
}

/** A text[] literal: the Database interface passes scalars only. Guids are server-issued, but quote anyway. */
export function toPgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`;
}
