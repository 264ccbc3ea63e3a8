/**
 * The directory as one user sees it: colleagues plus connections (people of
 * other companies they connected with) and the other people of their direct
 * messages, details, search, and who hears about whose presence.
 *
 * `is_blocked` is as the viewer sees the person (spec 3 §4.1 "A blocked user
 * shows as blocked"): blocked in their own company, or blocked by the viewer's
 * company (company_blocks — how a company blocks a person of another one).
 */
import type { UserWire } from '../protocol/entities';
import type { Queryable } from './db';
import { toPgArray } from './status-store';
import { userWire, type UserRow } from './user-store';

/** Blocked as the viewer whose company is the query's $2 sees them. */
const BLOCKED = '(u.is_blocked OR EXISTS (SELECT 1 FROM company_blocks b WHERE b.company_guid = $2 AND b.user_guid = u.guid))';
const COLUMNS = `u.guid, u.company_guid, u.email, u.first_name, u.last_name, u.user_type, u.is_company_admin, ${BLOCKED} AS is_blocked`;
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

/** Every member of every channel, with those a block set aside (suspended_members): a direct message stays theirs. */
const MEMBERS_AND_SET_ASIDE = '(SELECT channel_guid, user_guid FROM channel_members UNION ALL SELECT channel_guid, user_guid FROM suspended_members)';

/**
 * The other people of the direct messages `$1` is a member of — a person of another company too, who is in
 * no directory of theirs otherwise (Gina of Globex and Alice of Acme in the demo) — even one whose membership
 * a block set aside: it stays their conversation (channel-store.ts names it after them), and they show as
 * blocked in it. One set aside does not see the other person this way: the conversation is no longer theirs.
 */
const DM_PARTNERS = `SELECT o.user_guid
    FROM channel_members mine JOIN channels dm ON dm.guid = mine.channel_guid AND dm.channel_type = 0
    JOIN ${MEMBERS_AND_SET_ASIDE} o ON o.channel_guid = dm.guid AND o.user_guid <> $1
   WHERE mine.user_guid = $1`;

/** The members of the direct messages `$1` is in, or was set aside from: those who have `$1` among their DM_PARTNERS. */
const DM_MEMBERS_WITH = `SELECT m.user_guid
    FROM channel_members m JOIN channels dm ON dm.guid = m.channel_guid AND dm.channel_type = 0
   WHERE m.user_guid <> $1
     AND dm.guid IN (SELECT a.channel_guid FROM ${MEMBERS_AND_SET_ASIDE} a WHERE a.user_guid = $1)`;

/** Whom the viewer ($1, of company $2) sees: colleagues, connections and direct-message partners. */
const VISIBLE = `(u.company_guid = $2 OR u.guid IN (${CONNECTED}) OR u.guid IN (${DM_PARTNERS}))`;

/** Colleagues and connections, optionally with details. Ordered by name. */
export async function directory(db: Queryable, viewer: UserRow, options: { details?: boolean } = {}): Promise<DetailRow[]> {
  return db.query<DetailRow>(
    `SELECT ${COLUMNS}${options.details ? `, ${DETAIL_COLUMNS}` : ''} FROM users u
      WHERE ${VISIBLE}
      ORDER BY u.first_name, u.last_name, u.guid`,
    [viewer.guid, viewer.company_guid],
  );
}

/** One user the viewer may see (a colleague, a connection or a direct-message partner), with details; undefined otherwise. */
export async function visibleUser(db: Queryable, viewer: UserRow, targetGuid: string): Promise<DetailRow | undefined> {
  const rows = await db.query<DetailRow>(
    `SELECT ${COLUMNS}, ${DETAIL_COLUMNS} FROM users u
      WHERE u.guid = $3 AND ${VISIBLE}`,
    [viewer.guid, viewer.company_guid, targetGuid],
  );
  return rows[0];
}

/**
 * Searches the directory by name or email (case-insensitive substring of
 * first, last, full name or email). Blocked users (as the viewer sees them) are
 * left out unless asked for (spec 2 §5); bots are never people to contact.
 */
export async function searchMembers(db: Queryable, viewer: UserRow, name: string, options: { details: boolean; includeBlocked: boolean; limit?: number }): Promise<DetailRow[]> {
  const needle = `%${name.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.query<DetailRow>(
    `SELECT ${COLUMNS}${options.details ? `, ${DETAIL_COLUMNS}` : ''} FROM users u
      WHERE ${VISIBLE}
        AND u.user_type <> 2
        AND ($4 OR NOT ${BLOCKED})
        AND (lower(u.first_name) LIKE $3 OR lower(u.last_name) LIKE $3
             OR lower(u.first_name || ' ' || u.last_name) LIKE $3 OR lower(coalesce(u.email, '')) LIKE $3)
      ORDER BY u.first_name, u.last_name, u.guid
      LIMIT $5`,
    [viewer.guid, viewer.company_guid, needle, options.includeBlocked, options.limit ?? 200],
  );
}

/**
 * Who hears about a user's presence: those who see them (VISIBLE, turned around) — their colleagues, their
 * connections and the members of direct messages they are in or were set aside from (themselves included, for
 * their other devices). `companyGuid`: only the people of that company (a block's news is for its company).
 */
export async function presenceAudience(db: Queryable, user: Pick<UserRow, 'guid' | 'company_guid'>, companyGuid?: string): Promise<string[]> {
  const rows = await db.query<{ guid: string }>(
    `SELECT u.guid FROM users u
      WHERE (u.company_guid = $2 OR u.guid IN (${CONNECTED}) OR u.guid IN (${DM_MEMBERS_WITH}))
        AND u.user_type <> 2 AND ($3::text IS NULL OR u.company_guid = $3)`,
    [user.guid, user.company_guid, companyGuid ?? null],
  );
  return rows.map((r) => r.guid);
}

/**
 * The other person of the direct message `channelGuid` when the viewer sees them as blocked (in their own company,
 * or by the viewer's — which set their membership aside): their name, for the refusal of a post that would reach
 * nobody. Undefined when they are not blocked.
 */
export async function blockedDmPeer(db: Queryable, viewer: Pick<UserRow, 'guid' | 'company_guid'>, channelGuid: string): Promise<{ name: string } | undefined> {
  const rows = await db.query<{ first_name: string; last_name: string }>(
    `SELECT u.first_name, u.last_name FROM users u
      WHERE u.guid IN (SELECT m.user_guid FROM ${MEMBERS_AND_SET_ASIDE} m WHERE m.channel_guid = $1 AND m.user_guid <> $3)
        AND ${BLOCKED}
      ORDER BY u.guid LIMIT 1`,
    [channelGuid, viewer.company_guid, viewer.guid],
  );
  const row = rows[0];
  return row ? { name: `${row.first_name} ${row.last_name}`.trim() } : undefined;
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
