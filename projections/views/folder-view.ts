/**
 * Folder views for the sidebar, and their unread totals (spec 1 §3 Folder
 * unread_messages): a folder's total is the unread count of every channel in
 * it or in any folder inside it. Totals are kept incrementally: when one
 * channel's count or folder changes, only the folders on its old and new
 * chains change (O(depth)); a full recount happens only when the tree itself
 * changes. `recountTotals` is the from-scratch twin the tests compare with.
 */
import type { FolderView } from '../../protocol/views';
import type { ChannelsState } from '../channels';
import { folderChain, type FoldersState } from '../folders';
import type { UnreadState } from '../unread';

export interface FolderTotals {
  /** Folder guid → unread in it and below. */
  total: Map<string, number>;
  /** What each counted channel contributed, and where. */
  counted: Map<string, { folder: string; count: number }>;
}

export const createFolderTotals = (): FolderTotals => ({ total: new Map(), counted: new Map() });

/** The folder a channel shows in: its folder_guid if the user has that folder, else null. */
export function effectiveFolder(folders: FoldersState, folderGuid: string | null): string | null {
  return folderGuid !== null && folders.byGuid.has(folderGuid) ? folderGuid : null;
}

function add(totals: FolderTotals, folders: FoldersState, folder: string, delta: number, touched: Set<string>): void {
  for (const f of folderChain(folders, folder)) {
    totals.total.set(f, (totals.total.get(f) ?? 0) + delta);
    touched.add(f);
  }
}

/**
 * Brings one channel's contribution up to date (folder null: in no folder, or
 * gone). Adds the folders whose total changed to `touched`.
 */
export function syncChannel(totals: FolderTotals, folders: FoldersState, address: string, folder: string | null, count: number, touched: Set<string>): void {
  const before = totals.counted.get(address);
  if (before && before.folder === folder && before.count === count) return;
  if (before) add(totals, folders, before.folder, -before.count, touched);
  if (folder !== null && count > 0) {
    totals.counted.set(address, { folder, count });
    add(totals, folders, folder, count, touched);
  } else {
    totals.counted.delete(address);
  }
}

/** Totals counted from scratch over every channel. */
export function recountTotals(folders: FoldersState, channels: ChannelsState, unread: UnreadState): FolderTotals {
  const totals = createFolderTotals();
  const touched = new Set<string>();
  for (const [address, record] of channels.byAddress) {
    syncChannel(totals, folders, address, effectiveFolder(folders, record.channel.folder_guid), unread.byAddress.get(address)?.count ?? 0, touched);
  }
  return totals;
}

const keyPart = (name: string, guid: string): string => `${name.toLocaleLowerCase('en')}\u0000${guid}`;

export function folderView(folders: FoldersState, guid: string, totals: FolderTotals): FolderView | null {
  const folder = folders.byGuid.get(guid);
  if (!folder) return null;
  const chain = folderChain(folders, guid);
  // Pre-order by name: the ancestors' keys first, joined by a separator below every other character.
  const sortKey = chain
    .map((g) => keyPart(folders.byGuid.get(g)!.name, g))
    .reverse()
    .join('\u0001');
  return {
    guid,
    name: folder.name,
    parent_guid: folder.parent_guid !== null && folders.byGuid.has(folder.parent_guid) ? folder.parent_guid : null,
    depth: chain.length - 1,
    sortKey,
    unread: totals.total.get(guid) ?? 0,
  };
}
