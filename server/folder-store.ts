/**
 * Conversation folders (spec 1 §3, §7): per user, nestable, never cyclic. A
 * user has at most a few hundred, so tree checks load them all and walk them
 * in memory.
 */
import type { FolderWire } from '../protocol/team-entities';
import { newGuid } from './crypto';
import type { Queryable } from './db';

interface FolderRow {
  guid: string;
  name: string;
  parent_guid: string | null;
  unread_messages?: number;
}

/**
 * The user's folders, oldest first. `unread_messages` counts the unread
 * messages of the channels directly in each folder (not in its subfolders: the
 * client sums the tree).
 */
export async function listFolders(db: Queryable, userGuid: string): Promise<FolderWire[]> {
  const rows = await db.query<FolderRow>(
    `SELECT f.guid, f.name, f.parent_guid,
            (SELECT count(*)::int FROM channel_members cm JOIN messages x ON x.channel_guid = cm.channel_guid
              WHERE cm.user_guid = f.user_guid AND cm.folder_guid = f.guid AND x.deleted_at IS NULL
                AND x.from_guid <> cm.user_guid AND x.created > cm.bookmark_created) AS unread_messages
       FROM folders f WHERE f.user_guid = $1 ORDER BY f.created, f.guid`,
    [userGuid],
  );
  return rows.map((r) => ({ guid: r.guid, name: r.name, parent_guid: r.parent_guid, unread_messages: r.unread_messages ?? 0 }));
}

/** The user's folder tree: guid → parent guid. */
export async function folderParents(db: Queryable, userGuid: string): Promise<Map<string, string | null>> {
  const rows = await db.query<FolderRow>('SELECT guid, name, parent_guid FROM folders WHERE user_guid = $1', [userGuid]);
  return new Map(rows.map((r) => [r.guid, r.parent_guid]));
}

/** 0 for a top-level folder. */
export function depthOf(parents: ReadonlyMap<string, string | null>, guid: string): number {
  let depth = 0;
  for (let p = parents.get(guid) ?? null; p !== null && depth <= parents.size; p = parents.get(p) ?? null) depth++;
  return depth;
}

/** Whether `candidate` is `guid` itself or lies inside it. */
export function isWithin(parents: ReadonlyMap<string, string | null>, candidate: string, guid: string): boolean {
  let steps = 0;
  for (let c: string | null = candidate; c !== null && steps <= parents.size; c = parents.get(c) ?? null, steps++) {
    if (c === guid) return true;
  }
  return false;
}

/** How many levels the folder's subtree spans below it (0 without subfolders). */
export function heightOf(parents: ReadonlyMap<string, string | null>, guid: string): number {
  let height = 0;
  for (const f of parents.keys()) {
    if (f !== guid && isWithin(parents, f, guid)) height = Math.max(height, depthOf(parents, f) - depthOf(parents, guid));
  }
  return height;
}

/**
 * Whether the user has a folder of this name (compared case-insensitively) directly under `parentGuid` (null: the
 * top level), other than `exceptGuid` — two sibling folders of one name would be told apart only by their contents.
 */
export async function siblingNamed(db: Queryable, userGuid: string, parentGuid: string | null, name: string, exceptGuid?: string): Promise<boolean> {
  const rows = await db.query<{ guid: string }>(
    `SELECT guid FROM folders
      WHERE user_guid = $1 AND parent_guid IS NOT DISTINCT FROM $2 AND lower(name) = lower($3) AND guid <> $4 LIMIT 1`,
    [userGuid, parentGuid, name, exceptGuid ?? ''],
  );
  return rows.length > 0;
}

export async function getFolder(db: Queryable, userGuid: string, guid: string): Promise<FolderWire | undefined> {
  const rows = await db.query<FolderRow>('SELECT guid, name, parent_guid FROM folders WHERE guid = $1 AND user_guid = $2', [guid, userGuid]);
  const r = rows[0];
  return r ? { guid: r.guid, name: r.name, parent_guid: r.parent_guid, unread_messages: 0 } : undefined;
}

export async function insertFolder(db: Queryable, userGuid: string, name: string, parentGuid: string | null): Promise<string> {
  const guid = newGuid();
  await db.query('INSERT INTO folders (guid, user_guid, name, parent_guid, created) VALUES ($1, $2, $3, $4, $5)', [guid, userGuid, name, parentGuid, Date.now()]);
  return guid;
}

export async function renameFolder(db: Queryable, guid: string, name: string): Promise<void> {
  await db.query('UPDATE folders SET name = $2 WHERE guid = $1', [guid, name]);
}

export async function setFolderParent(db: Queryable, guid: string, parentGuid: string | null): Promise<void> {
  await db.query('UPDATE folders SET parent_guid = $2 WHERE guid = $1', [guid, parentGuid]);
}

/** Deletes a folder after moving its channels and subfolders up to its parent. */
export async function deleteFolder(db: Queryable, userGuid: string, guid: string, parentGuid: string | null): Promise<void> {
  await db.query('UPDATE channel_members SET folder_guid = $3 WHERE user_guid = $1 AND folder_guid = $2', [userGuid, guid, parentGuid]);
  await db.query('UPDATE folders SET parent_guid = $3 WHERE user_guid = $1 AND parent_guid = $2', [userGuid, guid, parentGuid]);
  await db.query('DELETE FROM folders WHERE guid = $1 AND user_guid = $2', [guid, userGuid]);
}

export async function setChannelFolder(db: Queryable, userGuid: string, channelGuid: string, folderGuid: string | null): Promise<void> {
  await db.query('UPDATE channel_members SET folder_guid = $3 WHERE user_guid = $1 AND channel_guid = $2', [userGuid, channelGuid, folderGuid]);
}
