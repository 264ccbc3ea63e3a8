/**
 * Conversation folders (spec 1 §7 "Conversation folders"): per user, nestable.
 * The spec writes these paths without /confirmed/corporate; they are secure
 * calls like every call about the user's own data, so Plaza sends them under
 * /secure/data with the session headers: /secure/data/corporate/resource/folders/…
 */
import { z } from 'zod';
import { Folder } from '../team-entities';
import { NAME_MAX } from '../rules/team-rules';
import { EmptyRequest, guid, ok, secure } from './endpoint';

export const FolderName = z
  .string()
  .trim()
  .min(1, 'A folder needs a name.')
  .max(NAME_MAX, `A folder name has at most ${NAME_MAX} characters.`);

/** At most this many folders per user, nested at most this deep (Plaza's limits; the spec names none). */
export const FOLDER_LIMITS = { perUser: 200, depth: 8 } as const;

export const FoldersListResponse = z.object({ isOk: ok, folders: z.array(Folder).max(10_000) });
export const FolderResponse = z.object({ isOk: ok, folder: Folder });

export const FolderCreateRequest = z.object({ name: FolderName, parent_guid: guid.nullable().default(null) });
export const FolderRenameRequest = z.object({ guid, name: FolderName });
/** Deleting a folder moves its channels and subfolders up to its parent; the answer is the remaining folders. */
export const FolderDeleteRequest = z.object({ guid });
/** `parent_guid` null moves the folder to the top level. */
export const FolderMoveRequest = z.object({ guid, parent_guid: guid.nullable() });
/** `guid` is the folder; null takes the channel out of every folder. */
export const FolderMoveChannelRequest = z.object({ guid: guid.nullable(), address: guid });
export const FolderMoveChannelResponse = z.object({ isOk: ok, address: guid, folder_guid: guid.nullable() });

const BASE = '/corporate/resource/folders';

export const folderEndpoints = {
  foldersList: secure(`${BASE}/list`, EmptyRequest, FoldersListResponse),
  folderCreate: secure(`${BASE}/create`, FolderCreateRequest, FolderResponse),
  folderRename: secure(`${BASE}/rename`, FolderRenameRequest, FolderResponse),
  folderDelete: secure(`${BASE}/delete`, FolderDeleteRequest, FoldersListResponse),
  folderMove: secure(`${BASE}/move`, FolderMoveRequest, FolderResponse),
  folderMoveChannel: secure(`${BASE}/move_channel`, FolderMoveChannelRequest, FolderMoveChannelResponse),
} as const;
