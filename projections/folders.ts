/**
 * The user's conversation folders (spec 1 §3 Folder): a small tree, per user.
 * Which folder a channel is in lives on the channel (`folder_guid`, in the
 * channels projection); unread totals per folder are kept incrementally by
 * the folders view section (projections/views/folder-totals.ts), since they
 * follow every unread change.
 */
import type { Envelope } from '../protocol/events';
import type { Folder } from '../protocol/team-entities';
import type { ChangeSet } from './changes';

export interface FoldersState {
  byGuid: Map<string, Folder>;
}

export function createFolders(): FoldersState {
  return { byGuid: new Map() };
}

export function applyFolders(state: FoldersState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'folders.listed': {
      state.byGuid = new Map(event.folders.map((f) => [f.guid, f]));
      changes.folderTree = true;
      // Which channels show in a folder depends on which folders exist.
      changes.allChannels = true;
      return;
    }
    case 'folder.upserted': {
      const known = state.byGuid.has(event.folder.guid);
      state.byGuid.set(event.folder.guid, event.folder);
      changes.folderTree = true;
      if (!known) changes.allChannels = true;
      return;
    }
    case 'folder.deleted': {
      if (!state.byGuid.delete(event.guid)) return;
      for (const [guid, f] of state.byGuid) {
        if (f.parent_guid === event.guid) state.byGuid.set(guid, { ...f, parent_guid: event.parent_guid });
      }
      changes.folderTree = true;
      changes.allChannels = true;
      return;
    }
    default:
      return;
  }
}

/**
 * The folder and its ancestors, innermost first; empty for null or an unknown
 * folder. Bounded by the folder count, so a cycle in bad data cannot hang it.
 */
export function folderChain(state: FoldersState, guid: string | null): string[] {
  const chain: string[] = [];
  for (let g = guid; g !== null && chain.length <= state.byGuid.size; ) {
    const folder = state.byGuid.get(g);
    if (!folder) break;
    chain.push(g);
    g = folder.parent_guid;
  }
  return chain;
}
