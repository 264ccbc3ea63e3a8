/** Channels, memberships and messages: every query behind the corporate endpoints. */
import type { ChannelWire, Etype, MessageWire } from '../protocol/entities';
import { newGuid } from './crypto';
import type { Queryable } from './db';

export const PAGE_SIZE = 50;

/** A CTE taking the next change sequence (migration 10): the counter row stays locked until the statement commits. */
const NEXT_CHANGE = 'next_change AS (UPDATE change_counter SET v = v + 1 RETURNING v)';

const REACTIONS_SQL = `COALESCE((SELECT json_agg(json_build_object('target_user_guid', r.user_guid, 'content', r.content) ORDER BY r.created)
  FROM reactions r WHERE r.message_guid = m.guid), '[]'::json)`;

/** A thread's live replies: their number and the newest one's time (replies are never threads themselves). */
const THREAD_SUMMARY_SQL = `(SELECT count(*)::int FROM messages r WHERE r.reply_to = m.guid AND r.deleted_at IS NULL) AS reply_count,
  (SELECT max(r.created) FROM messages r WHERE r.reply_to = m.guid AND r.deleted_at IS NULL) AS last_reply_ts`;

/** The flag the user whose guid is in parameter `viewerParam` set on message m (0 for none). */
export const messageFlagSql = (viewerParam: string): string =>
  `COALESCE((SELECT f.flag FROM message_flags f WHERE f.message_guid = m.guid AND f.user_guid = ${viewerParam}), 0)`;

/**
 * Selects a message in wire shape; needs aliases m (messages), c (channels), u (author).
 * Flags are per user (message_flags): `viewerParam` names the query parameter holding the
 * viewer's guid; without one (a broadcast to every member) the flag is 0.
 */
export function messageColumns(viewerParam?: string): string {
  const flag = viewerParam ? messageFlagSql(viewerParam) : '0';
  return `m.guid, c.address, m.created, m.from_guid, u.first_name AS from_first_name, u.last_name AS from_last_name,
  m.json, m.reply_to, m.is_urgent, ${flag} AS flag, m.client_guid, m.channel_guid, m.deleted_at, m.file_json, m.change_seq, ${REACTIONS_SQL} AS reactions,
  ${THREAD_SUMMARY_SQL}`;
}
const MESSAGE_COLUMNS = messageColumns();
export const MESSAGE_FROM = 'messages m JOIN channels c ON c.guid = m.channel_guid JOIN users u ON u.guid = m.from_guid';

export interface MessageRow {
  guid: string;
  address: string;
  created: number | bigint;
  from_guid: string;
  from_first_name: string;
  from_last_name: string;
  json: string;
  reply_to: string | null;
  is_urgent: boolean;
  flag: number;
  client_guid: string | null;
  channel_guid: string;
  deleted_at: number | bigint | null;
  file_json: string | null;
  change_seq: number | bigint;
  reactions: { target_user_guid: string; content: string }[] | string;
  reply_count?: number;
  last_reply_ts?: number | bigint | null;
}

/** A stored message with the fields the server needs beside the wire shape. */
export interface StoredMessage {
  wire: MessageWire & { created: number; reply_to: string | null; reply_count: number; last_reply_ts: number | null; change_seq: number };
  channel_guid: string;
  deleted: boolean;
}

export function toStored(r: MessageRow): StoredMessage {
  const reactions = typeof r.reactions === 'string' ? (JSON.parse(r.reactions) as MessageWire['reactions']) : r.reactions;
  return {
    wire: {
      guid: r.guid,
      address: r.address,
      created: Number(r.created),
      from_guid: r.from_guid,
      from_first_name: r.from_first_name,
      from_last_name: r.from_last_name,
      json: r.json,
      reply_to: r.reply_to,
      is_urgent: r.is_urgent,
      flag: r.flag,
      disable_notification: false,
      reactions: reactions ?? [],
      client_guid: r.client_guid,
      change_seq: Number(r.change_seq),
      reply_count: r.reply_count ?? 0,
      last_reply_ts: r.last_reply_ts === null || r.last_reply_ts === undefined ? null : Number(r.last_reply_ts),
      ...(r.file_json ? (JSON.parse(r.file_json) as FileFields) : {}),
    },
    channel_guid: r.channel_guid,
    deleted: r.deleted_at !== null,
  };
}

/** A channel as one member sees it, plus what the server needs to decide. */
export interface MemberChannel {
  wire: ChannelWire & { channel_type: 0 | 1 | 2 | 3; etype: Etype; member_type: 0 | 2; unread_messages: number };
  guid: string;
}

interface ChannelRow {
  guid: string;
  address: string;
  name: string;
  channel_type: number;
  etype: Etype;
  is_hr: boolean;
  is_external: boolean;
  is_private: boolean;
  is_open: boolean;
  read_only: boolean;
  company_guid: string;
  member_type: number;
  folder_guid: string | null;
  unread_messages: number;
  unread_mentions: number;
  channel_on: boolean | null;
  other_guid: string | null;
  other_first_name: string | null;
  other_last_name: string | null;
  lm_guid: string | null;
  lm_created: number | bigint | null;
  lm_from_guid: string | null;
  lm_from_first_name: string | null;
  lm_from_last_name: string | null;
  lm_json: string | null;
  lm_reply_to: string | null;
  lm_is_urgent: boolean | null;
  lm_flag: number | null;
  lm_client_guid: string | null;
  lm_file_json: string | null;
  lm_change_seq: number | bigint | null;
  lm_reactions: MessageRow['reactions'] | null;
}

const CHANNEL_SQL = `
SELECT c.guid, c.address, c.name, c.channel_type, c.etype, c.is_hr, c.is_external, c.is_private, c.is_open, c.read_only, c.company_guid,
       cm.member_type, cm.folder_guid,
       (SELECT count(*)::int FROM messages x
         WHERE x.channel_guid = c.guid AND x.deleted_at IS NULL AND x.reply_to IS NULL
           AND x.from_guid <> cm.user_guid AND x.created > cm.bookmark_created) AS unread_messages,
       (SELECT count(*)::int FROM messages x
         WHERE x.channel_guid = c.guid AND x.deleted_at IS NULL AND x.reply_to IS NULL
           AND x.from_guid <> cm.user_guid AND x.created > cm.bookmark_created
           AND (x.mentions_all OR cm.user_guid = ANY(x.mentions))) AS unread_mentions,
       (SELECT n.channel_on FROM channel_notifications n WHERE n.channel_guid = c.guid AND n.user_guid = cm.user_guid) AS channel_on,
       other.guid AS other_guid, other.first_name AS other_first_name, other.last_name AS other_last_name,
       lm.guid AS lm_guid, lm.created AS lm_created, lm.from_guid AS lm_from_guid, lm.from_first_name AS lm_from_first_name,
       lm.from_last_name AS lm_from_last_name, lm.json AS lm_json, lm.reply_to AS lm_reply_to, lm.is_urgent AS lm_is_urgent,
       lm.flag AS lm_flag, lm.client_guid AS lm_client_guid, lm.file_json AS lm_file_json, lm.change_seq AS lm_change_seq, lm.reactions AS lm_reactions
  FROM channel_members cm
  JOIN channels c ON c.guid = cm.channel_guid
  LEFT JOIN LATERAL (
    -- A direct message's other person, even blocked (their membership set aside): it stays their conversation.
    SELECT u.guid, u.first_name, u.last_name
      FROM (SELECT o.user_guid, o.joined FROM channel_members o WHERE o.channel_guid = c.guid AND o.user_guid <> cm.user_guid
            UNION ALL
            SELECT s.user_guid, s.joined FROM suspended_members s WHERE s.channel_guid = c.guid AND s.user_guid <> cm.user_guid) o
      JOIN users u ON u.guid = o.user_guid
     WHERE c.channel_type = 0
     ORDER BY o.joined, u.guid LIMIT 1
  ) other ON true
  LEFT JOIN LATERAL (
    SELECT m.guid, m.created, m.from_guid, u.first_name AS from_first_name, u.last_name AS from_last_name, m.json, m.reply_to,
           m.is_urgent, m.flag, m.client_guid, m.file_json, m.change_seq, ${REACTIONS_SQL} AS reactions
      FROM messages m JOIN users u ON u.guid = m.from_guid
     WHERE m.channel_guid = c.guid AND m.deleted_at IS NULL AND m.reply_to IS NULL
     ORDER BY m.created DESC LIMIT 1
  ) lm ON true
 WHERE cm.user_guid = $1`;

function toMemberChannel(r: ChannelRow): MemberChannel {
  const isDm = r.channel_type === 0;
  const other = isDm && r.other_guid ? { guid: r.other_guid, name: `${r.other_first_name ?? ''} ${r.other_last_name ?? ''}`.trim() } : null;
  const last =
    r.lm_guid === null
      ? null
      : toStored({
          guid: r.lm_guid,
          address: r.address,
          created: r.lm_created ?? 0,
          from_guid: r.lm_from_guid ?? '',
          from_first_name: r.lm_from_first_name ?? '',
          from_last_name: r.lm_from_last_name ?? '',
          json: r.lm_json ?? '[]',
          reply_to: r.lm_reply_to,
          is_urgent: r.lm_is_urgent ?? false,
          flag: r.lm_flag ?? 0,
          client_guid: r.lm_client_guid,
          channel_guid: r.guid,
          deleted_at: null,
          file_json: r.lm_file_json,
          change_seq: r.lm_change_seq ?? 0,
          reactions: r.lm_reactions ?? [],
        }).wire;
  const memberType = r.member_type === 2 ? 2 : 0;
  return {
    guid: r.guid,
    wire: {
      guid: r.guid,
      address: r.address,
      name: other?.name || r.name,
      source: 'local',
      channel_type: r.channel_type as 0 | 1 | 2 | 3,
      etype: r.etype,
      is_hr: r.is_hr,
      is_external: r.is_external,
      is_private: r.is_private,
      is_open: r.is_open,
      read_only: r.read_only,
      is_member: true,
      member_type: memberType,
      user_is_admin: memberType === 2,
      folder_guid: r.folder_guid,
      company_guid: r.company_guid,
      target_user_guid: other?.guid ?? null,
      task_guid: null,
      unread_messages: r.unread_messages,
      unread_mentions: r.unread_mentions,
      channel_on: r.channel_on ?? true,
      last_message: last,
      last_message_ts: last ? last.created : null,
    },
  };
}

/** Every channel the user is a member of, as that user sees it. */
export async function listMemberChannels(db: Queryable, userGuid: string): Promise<MemberChannel[]> {
  const rows = await db.query<ChannelRow>(`${CHANNEL_SQL} ORDER BY c.channel_type DESC, c.created, c.guid`, [userGuid]);
  return rows.map(toMemberChannel);
}

/**
 * What a route acting in a channel needs of it: which channel it is, its kind and flags, and the user's standing
 * there — not its unread counts or last message, which are most of the cost of the channel as the user sees it
 * (CHANNEL_SQL: a post in a busy channel counted its unread messages to throw the count away). A direct message's
 * `name` is the stored one, not the other person's.
 */
export interface Membership {
  guid: string;
  wire: Pick<MemberChannel['wire'], MembershipField>;
}
type MembershipField = 'address' | 'name' | 'channel_type' | 'etype' | 'is_hr' | 'is_external' | 'is_private' | 'is_open' | 'read_only' | 'company_guid' | 'member_type';

/** The user's membership of the channel at `address`; undefined when it does not exist or the user is not a member. */
export async function getMembership(db: Queryable, userGuid: string, address: string): Promise<Membership | undefined> {
  const rows = await db.query<Pick<ChannelRow, 'guid' | MembershipField>>(
    `SELECT c.guid, c.address, c.name, c.channel_type, c.etype, c.is_hr, c.is_external, c.is_private, c.is_open, c.read_only, c.company_guid, cm.member_type
       FROM channel_members cm JOIN channels c ON c.guid = cm.channel_guid
      WHERE cm.user_guid = $1 AND c.address = $2`,
    [userGuid, address],
  );
  const r = rows[0];
  if (!r) return undefined;
  const { guid, member_type, channel_type, ...flags } = r;
  return { guid, wire: { ...flags, channel_type: channel_type as 0 | 1 | 2 | 3, member_type: member_type === 2 ? 2 : 0 } };
}

export async function getMemberChannelByGuid(db: Queryable, userGuid: string, channelGuid: string): Promise<MemberChannel | undefined> {
  const rows = await db.query<ChannelRow>(`${CHANNEL_SQL} AND c.guid = $2`, [userGuid, channelGuid]);
  return rows[0] ? toMemberChannel(rows[0]) : undefined;
}

export async function memberGuids(db: Queryable, channelGuid: string): Promise<string[]> {
  const rows = await db.query<{ user_guid: string }>('SELECT user_guid FROM channel_members WHERE channel_guid = $1', [channelGuid]);
  return rows.map((r) => r.user_guid);
}

/**
 * Page 0 is the newest PAGE_SIZE non-deleted top-level messages (replies live in their
 * thread); returned in ascending `created` order, with the viewer's flags.
 */
export async function historyPage(db: Queryable, channelGuid: string, page: number, viewerGuid = ''): Promise<MessageWire[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${messageColumns('$4')} FROM ${MESSAGE_FROM}
      WHERE m.channel_guid = $1 AND m.deleted_at IS NULL AND m.reply_to IS NULL
      ORDER BY m.created DESC LIMIT $2 OFFSET $3`,
    [channelGuid, PAGE_SIZE, page * PAGE_SIZE, viewerGuid],
  );
  return rows.reverse().map((r) => toStored(r).wire);
}

export async function getMessage(db: Queryable, guid: string): Promise<StoredMessage | undefined> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.guid = $1`, [guid]);
  return rows[0] ? toStored(rows[0]) : undefined;
}

export async function findByClientGuid(db: Queryable, fromGuid: string, clientGuid: string): Promise<StoredMessage | undefined> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM ${MESSAGE_FROM} WHERE m.from_guid = $1 AND m.client_guid = $2`, [
    fromGuid,
    clientGuid,
  ]);
  return rows[0] ? toStored(rows[0]) : undefined;
}

/** The spec's file fields of a message (1 §3), stored as JSON in messages.file_json. */
export type FileFields = Pick<MessageWire, 'file_guid' | 'file_name' | 'file_link' | 'file_size' | 'hosting_type' | 'permission' | 'scope' | 'preview_link' | 'uploaded_by_guid'>;

interface PartLike {
  type?: unknown;
  user_guid?: unknown;
  scope?: unknown;
  items?: unknown;
}

/**
 * Who a message's parts mention: person parts with scope 'user' name one user; 'channel' and 'all'
 * mention every member. Mentions inside list items count too. `json` was validated by the caller.
 */
export function mentionsOf(json: string): { users: string[]; all: boolean } {
  const users = new Set<string>();
  let all = false;
  const visit = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts as PartLike[]) {
      if (part?.type === 'person') {
        if (part.scope === 'channel' || part.scope === 'all') all = true;
        else if (typeof part.user_guid === 'string') users.add(part.user_guid);
      } else if (Array.isArray(part?.items)) for (const item of part.items) visit(item);
    }
  };
  try {
    visit(JSON.parse(json));
  } catch {
    /* not JSON: no mentions (the routes reject such bodies before they get here) */
  }
  return { users: [...users].sort(), all };
}

/** A PostgreSQL array literal of text values ('{"a","b"}'), for $n::text[] parameters on both drivers. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export interface NewMessage {
  channel_guid: string;
  from_guid: string;
  json: string;
  is_urgent: boolean;
  reply_to: string | null;
  client_guid: string | null;
  /** Defaults to Date.now(); the stored value is max(this, last created in the channel + 1). */
  now?: number;
}

/**
 * Inserts a message and reads it back as the wire has it, with the channel's members to send it to, in one
 * statement (one round trip on a post's path to the other members' screens; `members` is empty for a message
 * that was not created). `created` is computed in the same statement so it is strictly
 * increasing per channel (the unique index backs this up). Returns `created: false` with the earlier
 * message when (from_guid, client_guid) exists.
 */
export async function insertMessage(db: Queryable, msg: NewMessage): Promise<{ message: StoredMessage; created: boolean; members: string[] }> {
  const guid = newGuid();
  const mentions = mentionsOf(msg.json);
  const inserted = await db.query<MessageRow & { members: string[] | null }>(
    `WITH ${NEXT_CHANGE},
     inserted AS (
       INSERT INTO messages (guid, channel_guid, from_guid, created, json, reply_to, is_urgent, client_guid, mentions, mentions_all, change_seq)
       SELECT $1, $2, $3, GREATEST($4::bigint, COALESCE(MAX(created), 0) + 1), $5, $6, $7, $8, $9::text[], $10, (SELECT v FROM next_change)
         FROM messages WHERE channel_guid = $2
       ON CONFLICT (from_guid, client_guid) WHERE client_guid IS NOT NULL DO NOTHING
       RETURNING *
     )
     SELECT ${MESSAGE_COLUMNS}, (SELECT array_agg(cm.user_guid) FROM channel_members cm WHERE cm.channel_guid = m.channel_guid) AS members
       FROM inserted m JOIN channels c ON c.guid = m.channel_guid JOIN users u ON u.guid = m.from_guid`,
    [guid, msg.channel_guid, msg.from_guid, msg.now ?? Date.now(), msg.json, msg.reply_to, msg.is_urgent, msg.client_guid, pgArray(mentions.users), mentions.all],
  );
  const row = inserted[0];
  if (row) return { message: toStored(row), created: true, members: row.members ?? [] };
  const existing = msg.client_guid ? await findByClientGuid(db, msg.from_guid, msg.client_guid) : undefined;
  if (!existing) throw new Error('message insert conflicted without an existing message');
  return { message: existing, created: false, members: [] };
}

/** Marks a message deleted (a tombstone the change feed reports). Returns its new change sequence, or null when it was already deleted. */
export async function softDeleteMessage(db: Queryable, guid: string): Promise<number | null> {
  const rows = await db.query<{ change_seq: number | bigint }>(
    `WITH ${NEXT_CHANGE}
     UPDATE messages SET deleted_at = $2, change_seq = (SELECT v FROM next_change) WHERE guid = $1 AND deleted_at IS NULL RETURNING change_seq`,
    [guid, Date.now()],
  );
  return rows[0] ? Number(rows[0].change_seq) : null;
}

/**
 * Gives a message the next change sequence after something about it changed (a reaction, a flag),
 * so the change feed reports it again. Call it AFTER the change, in the same transaction: a reader
 * that sees the new sequence must also see the change. Returns the new sequence.
 */
export async function touchMessageChange(db: Queryable, guid: string): Promise<number | null> {
  const rows = await db.query<{ change_seq: number | bigint }>(
    `WITH ${NEXT_CHANGE} UPDATE messages SET change_seq = (SELECT v FROM next_change) WHERE guid = $1 RETURNING change_seq`,
    [guid],
  );
  return rows[0] ? Number(rows[0].change_seq) : null;
}

/** A deleted message as the change feed reports it. */
export interface Tombstone {
  address: string;
  guid: string;
  from_guid: string;
  created: number;
  reply_to: string | null;
  change_seq: number;
}

export interface Changes {
  messages: MessageWire[];
  deleted: Tombstone[];
  cursor: number;
  has_more: boolean;
}

/**
 * Every change after `since` to a message in the user's channels (replies included, with the
 * user's own flag), oldest change first (at most `limit`). The head of the counter is read in the same statement as the rows, so the cursor
 * never passes a change the rows did not include. `since` null: only the cursor.
 */
export async function changesSince(db: Queryable, userGuid: string, since: number | null, limit: number): Promise<Changes> {
  if (since === null) {
    const head = await db.query<{ v: number | bigint }>('SELECT v FROM change_counter');
    return { messages: [], deleted: [], cursor: Number(head[0]?.v ?? 0), has_more: false };
  }
  const rows = await db.query<{ head: number | bigint; guid: string | null } & Partial<MessageRow>>(
    `WITH head AS (SELECT v FROM change_counter)
     SELECT head.v AS head, x.* FROM head LEFT JOIN LATERAL (
       SELECT ${messageColumns('$1')} FROM ${MESSAGE_FROM}
         JOIN channel_members cm ON cm.channel_guid = m.channel_guid AND cm.user_guid = $1
        WHERE m.change_seq > $2 AND m.change_seq <= head.v
        ORDER BY m.change_seq LIMIT $3
     ) x ON true`,
    [userGuid, since, limit],
  );
  const head = Number(rows[0]?.head ?? since);
  const found = rows.filter((r) => r.guid !== null).map((r) => toStored(r as MessageRow));
  const messages: MessageWire[] = [];
  const deleted: Tombstone[] = [];
  for (const m of found) {
    if (m.deleted) {
      const { address, guid, from_guid, created, reply_to, change_seq } = m.wire;
      deleted.push({ address, guid, from_guid, created, reply_to, change_seq });
    } else messages.push(m.wire);
  }
  const hasMore = found.length === limit;
  return { messages, deleted, cursor: hasMore ? found.at(-1)!.wire.change_seq : head, has_more: hasMore };
}

/** Moves the member's bookmark to the message, forward only (spec 1 §4). Returns the unread count after. */
export async function moveBookmark(db: Queryable, channelGuid: string, userGuid: string, message: { guid: string; created: number }): Promise<number> {
  await db.query(
    `UPDATE channel_members SET bookmark_created = $3, bookmark_guid = $4
      WHERE channel_guid = $1 AND user_guid = $2 AND bookmark_created < $3`,
    [channelGuid, userGuid, message.created, message.guid],
  );
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM messages x JOIN channel_members cm ON cm.channel_guid = x.channel_guid AND cm.user_guid = $2
      WHERE x.channel_guid = $1 AND x.deleted_at IS NULL AND x.reply_to IS NULL AND x.from_guid <> $2 AND x.created > cm.bookmark_created`,
    [channelGuid, userGuid],
  );
  return rows[0]?.n ?? 0;
}

/** Moves the user's bookmark in each message's channel to that message, forward only. Returns how many moved. */
export async function moveBookmarks(db: Queryable, userGuid: string, messageGuids: readonly string[]): Promise<number> {
  const rows = await db.query<{ channel_guid: string }>(
    `UPDATE channel_members cm SET bookmark_created = m.created, bookmark_guid = m.guid
       FROM messages m
      WHERE m.guid = ANY($2::text[]) AND cm.channel_guid = m.channel_guid AND cm.user_guid = $1 AND cm.bookmark_created < m.created
      RETURNING cm.channel_guid`,
    [userGuid, pgArray(messageGuids)],
  );
  return rows.length;
}

export interface NewChannel {
  company_guid: string;
  name: string;
  channel_type: 0 | 1 | 2 | 3;
  etype: Etype;
  is_hr?: boolean;
  read_only?: boolean;
  is_private?: boolean;
  /** Anyone in the company may join without approval (default true, spec 1 §5). */
  is_open?: boolean;
  dm_key?: string | null;
  created?: number;
}

export async function insertChannel(db: Queryable, c: NewChannel): Promise<{ guid: string; address: string }> {
  const guid = newGuid();
  const address = newGuid();
  await db.query(
    `INSERT INTO channels (guid, address, company_guid, name, channel_type, etype, is_hr, read_only, is_private, is_open, dm_key, created)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [guid, address, c.company_guid, c.name, c.channel_type, c.etype, c.is_hr ?? false, c.read_only ?? false, c.is_private ?? true, c.is_open ?? true, c.dm_key ?? null, c.created ?? Date.now()],
  );
  return { guid, address };
}

export async function addMember(db: Queryable, channelGuid: string, userGuid: string, memberType: 0 | 2 = 0): Promise<void> {
  await db.query(
    `INSERT INTO channel_members (channel_guid, user_guid, member_type, joined) VALUES ($1, $2, $3, $4)
     ON CONFLICT (channel_guid, user_guid) DO NOTHING`,
    [channelGuid, userGuid, memberType, Date.now()],
  );
}

export const dmKey = (a: string, b: string): string => [a, b].sort().join('|');

/** The DM of two users, created with both as members when missing. */
export async function findOrCreateDm(
  db: Queryable,
  companyGuid: string,
  a: string,
  b: string,
): Promise<{ guid: string; created: boolean }> {
  const key = dmKey(a, b);
  const found = await db.query<{ guid: string }>('SELECT guid FROM channels WHERE dm_key = $1', [key]);
  if (found[0]) return { guid: found[0].guid, created: false };
  const channel = await insertChannel(db, { company_guid: companyGuid, name: '', channel_type: 0, etype: 'DM', dm_key: key });
  await addMember(db, channel.guid, a, 0);
  await addMember(db, channel.guid, b, 0);
  return { guid: channel.guid, created: true };
}

/** Marks everything up to the latest message as read for every member (used by the seed). */
export async function markAllRead(db: Queryable): Promise<void> {
  await db.exec(`
    UPDATE channel_members cm SET bookmark_created = last.created, bookmark_guid = last.guid
      FROM (SELECT DISTINCT ON (channel_guid) channel_guid, created, guid FROM messages ORDER BY channel_guid, created DESC) last
     WHERE last.channel_guid = cm.channel_guid`);
}
