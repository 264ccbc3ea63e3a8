/**
 * Conversation folders (spec 1 §7): loaded on every (re)connect, changed by
 * the user. Each change is applied locally once the server accepted it; the
 * server's answer is the truth (a delete answers with the folders left).
 */
import { ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

type Methods = '$createFolder' | '$renameFolder' | '$deleteFolder' | '$moveFolder' | '$moveChannelToFolder';

const noFolder = { name: 'NotFound', message: 'That folder is gone.' } as const;

export function createFoldersFeature(ctx: CoreContext): Feature<Methods> {
  async function loadFolders(): Promise<void> {
    const at = ctx.epoch;
    const result = await ctx.api.call('foldersList', {});
    if (at !== ctx.epoch) return;
    // A failure is logged by the api client; the next connect tries again.
    if (result.ok) ctx.dispatch('rest', [{ type: 'folders.listed', folders: result.value.folders }]);
  }

  return {
    api: {
      async $createFolder(name, parentGuid) {
        await ctx.ready();
        const result = await ctx.api.call('folderCreate', { name, parent_guid: parentGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'folder.upserted', folder: result.value.folder }]);
        return ok({ guid: result.value.folder.guid });
      },

      async $renameFolder(guid, name) {
        await ctx.ready();
        const result = await ctx.api.call('folderRename', { guid, name });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'folder.upserted', folder: result.value.folder }]);
        return ok(null);
      },

      async $deleteFolder(guid) {
        await ctx.ready();
        const folder = ctx.projections.folders.byGuid.get(guid);
        if (!folder) return { ok: false, error: noFolder };
        const result = await ctx.api.call('folderDelete', { guid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [
          { type: 'folder.deleted', guid, parent_guid: folder.parent_guid },
          { type: 'folders.listed', folders: result.value.folders },
        ]);
        return ok(null);
      },

      async $moveFolder(guid, parentGuid) {
        await ctx.ready();
        const result = await ctx.api.call('folderMove', { guid, parent_guid: parentGuid });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'folder.upserted', folder: result.value.folder }]);
        return ok(null);
      },

      async $moveChannelToFolder(address, folderGuid) {
        await ctx.ready();
        const result = await ctx.api.call('folderMoveChannel', { guid: folderGuid, address });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'channel.folder_changed', address: result.value.address, folder_guid: result.value.folder_guid }]);
        return ok(null);
      },
    },

    onSocketOpen() {
      void loadFolders();
    },
  };
}
