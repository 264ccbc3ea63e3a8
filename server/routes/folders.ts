/**
 * Conversation folders (spec 1 §7), each user's own: nobody else's folders
 * exist for them (404). A move into the folder itself or one of its subfolders
 * is refused (400), as is nesting deeper than FOLDER_LIMITS.depth levels, and
 * a second folder of one name (case aside) in the same place — by creating,
 * renaming or moving (Plaza's rule: the spec names none, and two sibling
 * folders of one name could be told apart only by opening them). Deleting a
 * folder lifts its subfolders as they are, even onto a namesake.
 * Moving a channel is told to the user's other devices as CHA change (the
 * spec has no frame for folder edits; other devices see those on reconnect).
 */
import { FOLDER_LIMITS } from '../../protocol/rest/folders';
import { getMemberChannelByGuid } from '../channel-store';
import {
  deleteFolder,
  depthOf,
  folderParents,
  getFolder,
  heightOf,
  insertFolder,
  isWithin,
  listFolders,
  renameFolder,
  setChannelFolder,
  setFolderParent,
  siblingNamed,
} from '../folder-store';
import { reject } from '../http-util';
import type { UserRow } from '../user-store';
import { memberChannel, type Handlers, type RouteDeps } from './context';

export const FOLDER_MESSAGES = {
  noFolder: 'No folder found',
  cycle: 'A folder cannot be moved into itself or one of its subfolders.',
  tooDeep: `Folders can be nested at most ${FOLDER_LIMITS.depth} levels deep.`,
  tooMany: `You can have at most ${FOLDER_LIMITS.perUser} folders.`,
  nameTaken: (name: string) => `You already have a folder named “${name}” there.`,
} as const;

type FolderNames = 'foldersList' | 'folderCreate' | 'folderRename' | 'folderDelete' | 'folderMove' | 'folderMoveChannel';

export function folderHandlers({ db, hub }: RouteDeps): Handlers<FolderNames> {
  const ownFolder = async (user: UserRow, guid: string, field = 'guid') => {
    const folder = await getFolder(db, user.guid, guid);
    if (!folder) throw reject(404, FOLDER_MESSAGES.noFolder, { [field]: FOLDER_MESSAGES.noFolder });
    return folder;
  };
  const refuseNamesake = async (user: UserRow, parentGuid: string | null, name: string, field: 'name' | 'parent_guid', exceptGuid?: string) => {
    if (!(await siblingNamed(db, user.guid, parentGuid, name, exceptGuid))) return;
    const message = FOLDER_MESSAGES.nameTaken(name);
    throw reject(400, message, { [field]: message });
  };

  return {
    async foldersList(user) {
      return { isOk: true, folders: await listFolders(db, user.guid) };
    },

    async folderCreate(user, body) {
      const parents = await folderParents(db, user.guid);
      if (parents.size >= FOLDER_LIMITS.perUser) throw reject(400, FOLDER_MESSAGES.tooMany);
      if (body.parent_guid !== null) {
        await ownFolder(user, body.parent_guid, 'parent_guid');
        if (depthOf(parents, body.parent_guid) + 1 >= FOLDER_LIMITS.depth) throw reject(400, FOLDER_MESSAGES.tooDeep, { parent_guid: FOLDER_MESSAGES.tooDeep });
      }
      await refuseNamesake(user, body.parent_guid, body.name, 'name');
      const guid = await insertFolder(db, user.guid, body.name, body.parent_guid);
      return { isOk: true, folder: { guid, name: body.name, parent_guid: body.parent_guid, unread_messages: 0 } };
    },

    async folderRename(user, body) {
      const folder = await ownFolder(user, body.guid);
      await refuseNamesake(user, folder.parent_guid ?? null, body.name, 'name', folder.guid);
      await renameFolder(db, folder.guid, body.name);
      return { isOk: true, folder: { ...folder, name: body.name } };
    },

    async folderDelete(user, body) {
      const folder = await ownFolder(user, body.guid);
      await db.transaction((tx) => deleteFolder(tx, user.guid, folder.guid, folder.parent_guid ?? null));
      return { isOk: true, folders: await listFolders(db, user.guid) };
    },

    async folderMove(user, body) {
      const folder = await ownFolder(user, body.guid);
      const parents = await folderParents(db, user.guid);
      if (body.parent_guid !== null) {
        await ownFolder(user, body.parent_guid, 'parent_guid');
        if (isWithin(parents, body.parent_guid, folder.guid)) throw reject(400, FOLDER_MESSAGES.cycle, { parent_guid: FOLDER_MESSAGES.cycle });
        if (depthOf(parents, body.parent_guid) + 1 + heightOf(parents, folder.guid) >= FOLDER_LIMITS.depth) {
          throw reject(400, FOLDER_MESSAGES.tooDeep, { parent_guid: FOLDER_MESSAGES.tooDeep });
        }
      }
      await refuseNamesake(user, body.parent_guid, folder.name, 'parent_guid', folder.guid);
      await setFolderParent(db, folder.guid, body.parent_guid);
      return { isOk: true, folder: { ...folder, parent_guid: body.parent_guid } };
    },

    async folderMoveChannel(user, body) {
      const channel = await memberChannel(db, user, body.address);
      if (body.guid !== null) await ownFolder(user, body.guid);
      await setChannelFolder(db, user.guid, channel.guid, body.guid);
      const after = await getMemberChannelByGuid(db, user.guid, channel.guid);
      if (after) hub.sendToUsers([user.guid], 'CHA', { action: 'change', address: after.wire.address, channel: after.wire });
      return { isOk: true, address: channel.wire.address, folder_guid: body.guid };
    },
  };
}
