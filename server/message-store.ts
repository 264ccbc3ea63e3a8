/** Threads, reactions, per-user flags and flagged-message pages: the queries behind those message endpoints. */
import type { MessageWire } from '../protocol/entities';
import { THREAD_REPLY_LIMIT } from '../protocol/rest/messages';
import { MESSAGE_FROM, messageColumns, PAGE_SIZE, softDeleteMessage, toStored, type MessageRow } from './channel-store';
import type { Queryable } from './db';

/** A user may put at most this many different reactions on one message. */
export const MAX_REACTIONS_PER_USER = 20;

/** The live replies of a thread, oldest first, with the viewer's flags (at most THREAD_REPLY_LIMIT). */
export async function threadReplies(db: Queryable, parentGuid: string, viewerGuid: string): Promise<MessageWire[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${messageColumns('$2')} FROM ${MESSAGE_FROM}
      WHERE m.reply_to = $1 AND m.deleted_at IS NULL
      ORDER BY m.created LIMIT $3`,
    [parentGuid, viewerGuid, THREAD_REPLY_LIMIT],
  );
  return rows.map((r) => toStored(r).wire);
}

/** One message as the viewer sees it (with their flag); deleted ones included, marked. */
export async function messageFor(db: Queryable, guid: string, viewerGuid: string): Promise<ReturnType<typeof toStored> | undefined> {
  const rows = await db.query<MessageRow>(`SELECT ${messageColumns('$2')} FROM ${MESSAGE_FROM} WHERE m.guid = $1`, [guid, viewerGuid]);
  return rows[0] ? toStored(rows[0]) : undefined;
}

/**
 * Soft-deletes a thread's live replies, oldest first, each with the next change sequence (as
 * softDeleteMessage does); returns what a DEL frame needs for each.
 */
export async function softDeleteReplies(db: Queryable, parentGuid: string): Promise<{ guid: string; from_guid: string; created: number; change_seq: number }[]> {
  const live = await db.query<{ guid: string; from_guid: string; created: number | bigint }>(
    'SELECT guid, from_guid, created FROM messages WHERE reply_to = $1 AND deleted_at IS NULL ORDER BY created',
    [parentGuid],
  );
  const deleted: { guid: string; from_guid: string; created: number; change_seq: number }[] = [];
  for (const r of live) {
    const changeSeq = await softDeleteMessage(db, r.guid);
    if (changeSeq !== null) deleted.push({ guid: r.guid, from_guid: r.from_guid, created: Number(r.created), change_seq: changeSeq });
  }
  return deleted;
}

export async function reactionsOf(db: Queryable, messageGuid: string): Promise<{ target_user_guid: string; content: string }[]> {
  return db.query<{ target_user_guid: string; content: string }>(
    'SELECT user_guid AS target_user_guid, content FROM reactions WHERE message_guid = $1 ORDER BY created, user_guid, content',
    [messageGuid],
  );
}

/** Adds a reaction (a repeat is a no-op). Returns false when the user already has the maximum of different ones. */
export async function addReaction(db: Queryable, messageGuid: string, userGuid: string, content: string): Promise<{ added: boolean; full: boolean }> {
  const mine = await db.query<{ content: string }>('SELECT content FROM reactions WHERE message_guid = $1 AND user_guid = $2', [messageGuid, userGuid]);
  if (mine.some((r) => r.content === content)) return { added: false, full: false };
  if (mine.length >= MAX_REACTIONS_PER_USER) return { added: false, full: true };
  const rows = await db.query<{ content: string }>(
    `INSERT INTO reactions (message_guid, user_guid, content, created) VALUES ($1, $2, $3, $4)
     ON CONFLICT (message_guid, user_guid, content) DO NOTHING RETURNING content`,
    [messageGuid, userGuid, content, Date.now()],
  );
  return { added: rows.length > 0, full: false };
}

/** Removes a reaction; false when there was none. */
export async function removeReaction(db: Queryable, messageGuid: string, userGuid: string, content: string): Promise<boolean> {
  const rows = await db.query<{ content: string }>(
    'DELETE FROM reactions WHERE message_guid = $1 AND user_guid = $2 AND content = $3 RETURNING content',
    [messageGuid, userGuid, content],
  );
  return rows.length > 0;
}

/** Sets (1–12) or clears (0) the user's flag on a message. Returns whether anything changed. */
export async function setFlag(db: Queryable, messageGuid: string, userGuid: string, flag: number): Promise<boolean> {
  if (flag === 0) {
    const rows = await db.query<{ flag: number }>('DELETE FROM message_flags WHERE message_guid = $1 AND user_guid = $2 RETURNING flag', [messageGuid, userGuid]);
    return rows.length > 0;
  }
  const rows = await db.query<{ flag: number }>(
    `INSERT INTO message_flags (message_guid, user_guid, flag, created) VALUES ($1, $2, $3, $4)
     ON CONFLICT (message_guid, user_guid) DO UPDATE SET flag = EXCLUDED.flag, created = EXCLUDED.created
       WHERE message_flags.flag <> EXCLUDED.flag
     RETURNING flag`,
    [messageGuid, userGuid, flag, Date.now()],
  );
  return rows.length > 0;
}

/**
 * A page of the user's flagged, live messages (replies included) in channels they are a
 * member of — in one channel, or in all when `channelGuid` is null. Page 0 is the newest
 * PAGE_SIZE by message time; each page is returned oldest first, like history.
 */
export async function flaggedPage(db: Queryable, userGuid: string, channelGuid: string | null, page: number): Promise<MessageWire[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${messageColumns('$1')} FROM ${MESSAGE_FROM}
       JOIN message_flags fl ON fl.message_guid = m.guid AND fl.user_guid = $1
       JOIN channel_members cm ON cm.channel_guid = m.channel_guid AND cm.user_guid = $1
      WHERE m.deleted_at IS NULL AND ($2::text IS NULL OR m.channel_guid = $2::text)
      ORDER BY m.created DESC, m.guid DESC LIMIT $3 OFFSET $4`,
    [userGuid, channelGuid, PAGE_SIZE, page * PAGE_SIZE],
  );
  return rows.reverse().map((r) => toStored(r).wire);
}
