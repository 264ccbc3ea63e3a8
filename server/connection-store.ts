/** Connect links and connection requests (spec 2 §3, §7). */
import { randomBytes } from 'node:crypto';
import type { ConnectionRequestWire, ConnectLinkWire } from '../protocol/connections';
import { addMember, dmKey, insertChannel } from './channel-store';
import { newGuid } from './crypto';
import type { Queryable } from './db';

interface LinkRow {
  cl_guid: string;
  code: string;
  owner_guid: string;
  team_guid: string | null;
  ttl_seconds: number;
  max_clicks: number;
  clicks: number;
  created: number | bigint;
  expires: number | bigint;
  deleted_at: number | bigint | null;
}

export interface StoredLink {
  wire: ConnectLinkWire & { expires: number; clicks: number; max_clicks: number };
  owner_guid: string;
  deleted: boolean;
}

const toLink = (r: LinkRow): StoredLink => ({
  wire: {
    cl_guid: r.cl_guid,
    code: r.code,
    expires: Number(r.expires),
    team_guid: r.team_guid,
    ttl_seconds: r.ttl_seconds,
    max_clicks: r.max_clicks,
    clicks: r.clicks,
  },
  owner_guid: r.owner_guid,
  deleted: r.deleted_at !== null,
});

/** A short code to read out loud: 8 characters without look-alikes. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
}

export async function createLink(db: Queryable, ownerGuid: string, options: { ttl_seconds: number; max_clicks: number; team_guid: string | null }, now = Date.now()): Promise<StoredLink> {
  const rows = await db.query<LinkRow>(
    `INSERT INTO connect_links (cl_guid, code, owner_guid, team_guid, ttl_seconds, max_clicks, created, expires)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [newGuid(), newCode(), ownerGuid, options.team_guid, options.ttl_seconds, options.max_clicks, now, now + options.ttl_seconds * 1_000],
  );
  return toLink(rows[0]!);
}

export async function listLinks(db: Queryable, ownerGuid: string): Promise<StoredLink[]> {
  const rows = await db.query<LinkRow>('SELECT * FROM connect_links WHERE owner_guid = $1 AND deleted_at IS NULL ORDER BY created DESC, cl_guid', [ownerGuid]);
  return rows.map(toLink);
}

export async function getLink(db: Queryable, clGuid: string): Promise<StoredLink | undefined> {
  const rows = await db.query<LinkRow>('SELECT * FROM connect_links WHERE cl_guid = $1', [clGuid]);
  return rows[0] ? toLink(rows[0]) : undefined;
}

export async function deleteLink(db: Queryable, ownerGuid: string, clGuid: string): Promise<boolean> {
  const rows = await db.query<{ cl_guid: string }>(
    'UPDATE connect_links SET deleted_at = $3 WHERE cl_guid = $1 AND owner_guid = $2 AND deleted_at IS NULL RETURNING cl_guid',
    [clGuid, ownerGuid, Date.now()],
  );
  return rows.length > 0;
}

/** Counts one use, if the link still has uses left; returns the link after, or undefined when it had none left. */
export async function useLink(db: Queryable, clGuid: string): Promise<StoredLink | undefined> {
  const rows = await db.query<LinkRow>(
    'UPDATE connect_links SET clicks = clicks + 1 WHERE cl_guid = $1 AND clicks < max_clicks AND deleted_at IS NULL RETURNING *',
    [clGuid],
  );
  return rows[0] ? toLink(rows[0]) : undefined;
}

interface RequestRow {
  guid: string;
  from_guid: string;
  to_guid: string;
  created: number | bigint;
  response: number | null;
  email: string | null;
  first_name: string;
  last_name: string;
}

export interface StoredRequest {
  wire: ConnectionRequestWire;
  from_guid: string;
  to_guid: string;
  pending: boolean;
}

const toRequest = (r: RequestRow): StoredRequest => ({
  wire: { guid: r.guid, target_user_guid: r.from_guid, email: r.email ?? '', first_name: r.first_name, last_name: r.last_name, created: Number(r.created) },
  from_guid: r.from_guid,
  to_guid: r.to_guid,
  pending: r.response === null,
});

const REQUEST_SELECT = `SELECT r.guid, r.from_guid, r.to_guid, r.created, r.response, u.email, u.first_name, u.last_name
  FROM connection_requests r JOIN users u ON u.guid = r.from_guid`;

/** A pending request from → to, created when missing. `created: false` when one was already pending. */
export async function requestConnection(db: Queryable, fromGuid: string, toGuid: string, clGuid: string | null): Promise<{ request: StoredRequest; created: boolean }> {
  const guid = newGuid();
  const inserted = await db.query<{ guid: string }>(
    `INSERT INTO connection_requests (guid, from_guid, to_guid, cl_guid, created) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (from_guid, to_guid) WHERE response IS NULL DO NOTHING RETURNING guid`,
    [guid, fromGuid, toGuid, clGuid, Date.now()],
  );
  const rows = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.from_guid = $1 AND r.to_guid = $2 AND r.response IS NULL`, [fromGuid, toGuid]);
  return { request: toRequest(rows[0]!), created: inserted.length > 0 };
}

export async function pendingRequestsTo(db: Queryable, toGuid: string): Promise<StoredRequest[]> {
  const rows = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.to_guid = $1 AND r.response IS NULL ORDER BY r.created, r.guid`, [toGuid]);
  return rows.map(toRequest);
}

export async function getRequest(db: Queryable, guid: string): Promise<StoredRequest | undefined> {
  const rows = await db.query<RequestRow>(`${REQUEST_SELECT} WHERE r.guid = $1`, [guid]);
  return rows[0] ? toRequest(rows[0]) : undefined;
}

/** Records the answer once; false when it was already answered. */
export async function answerRequest(db: Queryable, guid: string, response: 0 | 1): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    'UPDATE connection_requests SET response = $2, responded = $3 WHERE guid = $1 AND response IS NULL RETURNING guid',
    [guid, response, Date.now()],
  );
  return rows.length > 0;
}

/**
 * The direct message of two people of different companies, created when
 * missing as an 'external DM' (spec 1 §3 etypes) with both as members.
 */
export async function findOrCreateExternalDm(db: Queryable, companyGuid: string, a: string, b: string): Promise<{ guid: string; created: boolean }> {
  const key = dmKey(a, b);
  const found = await db.query<{ guid: string }>('SELECT guid FROM channels WHERE dm_key = $1', [key]);
  if (found[0]) return { guid: found[0].guid, created: false };
  const channel = await insertChannel(db, { company_guid: companyGuid, name: '', channel_type: 0, etype: 'external DM', dm_key: key });
  await db.query('UPDATE channels SET is_external = true WHERE guid = $1', [channel.guid]);
  await addMember(db, channel.guid, a, 0);
  await addMember(db, channel.guid, b, 0);
  return { guid: channel.guid, created: true };
}
