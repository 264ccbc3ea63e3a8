/**
 * The directory as one user sees it: colleagues plus connections (people of
 * other companies they connected with), details, search, and who hears about
 * whose presence.
 */
import type { UserWire } from '../protocol/entities';
import type { Queryable } from './db';
import { toPgArray } from './status-store';
import { userWire, type UserRow } from './user-store';

const COLUMNS = 'u.guid, u.company_guid, u.email, u.first_name, u.last_name, u.user_type, u.is_company_admin, u.is_blocked';
const DETAIL_COLUMNS = 'u.job_title, u.address1, u.address2, u.city, u.state, u.zip, u.desk_number, u.cell_number';

export interface DetailRow extends UserRow {
  job_title: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  desk_number: string | null;
  cell_number: string | null;
}

/** Users connected with `userGuid` (either direction). */
const CONNECTED = `SELECT CASE WHEN c.user_a = $1 THEN c.user_b ELSE c.user_a END FROM connections c WHERE c.user_a = $1 OR c.user_b = $1`;

/** Colleagues and connections, optionally with details. Ordered by name. */
export async function directory(db: Queryable, viewer: UserRow, options: { details?: boolean } = {}): Promise<DetailRow[]> {
  return db.query<DetailRow>(
    `SELECT ${COLUMNS}${options.details ? `, ${DETAIL_COLUMNS}` : ''} FROM users u
      WHERE u.company_guid = $2 OR u.guid IN (${CONNECTED})
      ORDER BY u.first_name, u.last_name, u.guid`,
    [viewer.guid, viewer.company_guid],
  );
}

/** One user the viewer may see (a colleague or a connection), with details; undefined otherwise. */
export async function visibleUser(db: Queryable, viewer: UserRow, targetGuid: string): Promise<DetailRow | undefined> {
  const rows = await db.query<DetailRow>(
    `SELECT ${COLUMNS}, ${DETAIL_COLUMNS} FROM users u
      WHERE u.guid = $3 AND (u.company_guid = $2 OR u.guid IN (${CONNECTED}))`,
    [viewer.guid, viewer.company_guid, targetGuid],
  );
  return rows[0];
}

/**
 * Searches the directory by name or email (case-insensitive substring of
 * first, last, full name or email). Blocked users are left out unless asked
 * for (spec 2 §5); bots are never people to contact.
 */
export async function searchMembers(db: Queryable, viewer: UserRow, name: string, options: { details: boolean; includeBlocked: boolean; limit?: number }): Promise<DetailRow[]> {
  const needle = `%${name.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.query<DetailRow>(
    `SELECT ${COLUMNS}${options.details ? `, ${DETAIL_COLUMNS}` : ''} FROM users u
      WHERE (u.company_guid = $2 OR u.guid IN (${CONNECTED}))
        AND u.user_type <> 2
        AND ($4 OR NOT u.is_blocked)
        AND (lower(u.first_name) LIKE $3 OR lower(u.last_name) LIKE $3
             OR lower(u.first_name || ' ' || u.last_name) LIKE $3 OR lower(coalesce(u.email, '')) LIKE $3)
      ORDER BY u.first_name, u.last_name, u.guid
      LIMIT $5`,
    [viewer.guid, viewer.company_guid, needle, options.includeBlocked, options.limit ?? 200],
  );
}

/** Who hears about a user's presence: their colleagues and connections (themselves included, for their other devices). */
export async function presenceAudience(db: Queryable, user: Pick<UserRow, 'guid' | 'company_guid'>): Promise<string[]> {
  const rows = await db.query<{ guid: string }>(
    `SELECT u.guid FROM users u WHERE (u.company_guid = $2 OR u.guid IN (${CONNECTED})) AND u.user_type <> 2`,
    [user.guid, user.company_guid],
  );
  return rows.map((r) => r.guid);
}

export async function areConnected(db: Queryable, a: string, b: string): Promise<boolean> {
  const [x, y] = a < b ? [a, b] : [b, a];
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM connections WHERE user_a = $1 AND user_b = $2', [x, y]);
  return (rows[0]?.n ?? 0) > 0;
}

export async function connect(db: Queryable, a: string, b: string): Promise<void> {
  const [x, y] = a < b ? [a, b] : [b, a];
  await db.query('INSERT INTO connections (user_a, user_b, created) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [x, y, Date.now()]);
}

/** The User wire shape with details (empty details are left out). */
export function detailedWire(u: DetailRow, connectionState: string, customStatus: UserWire['custom_status']): UserWire {
  const wire: UserWire = { ...userWire(u, connectionState), custom_status: customStatus ?? null };
  for (const key of ['job_title', 'address1', 'address2', 'city', 'state', 'zip', 'desk_number', 'cell_number'] as const) {
    const value = u[key];
    if (typeof value === 'string' && value !== '') wire[key] = value;
  }
  return wire;
}

export { toPgArray };
