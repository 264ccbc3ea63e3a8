/**
 * The sidebar as one flat list of rows (it is virtualized): the user's folders
 * first, each followed by its conversations and then its subfolders (the
 * worker's pre-order sort keys), collapsed folders hiding everything inside;
 * then the kind groups with the conversations in no folder.
 */
import type { ChannelEntryView, ChannelGroup, FolderView } from '../../protocol/views';
import type { ChannelGroupView } from '../client/view-store';

export type SidebarRow =
  | { kind: 'heading'; key: string; label: string }
  | { kind: 'folder'; key: string; folder: FolderView; expanded: boolean }
  | { kind: 'entry'; key: string; entry: ChannelEntryView; depth: number };

export function sidebarRows(groups: ChannelGroupView[], folders: FolderView[], collapsed: ReadonlySet<string>): SidebarRow[] {
  const rows: SidebarRow[] = [];
  const inFolder = new Map<string, ChannelEntryView[]>();
  for (const g of groups) {
    for (const entry of g.entries) {
      if (entry.folder === null) continue;
      const list = inFolder.get(entry.folder);
      if (list) list.push(entry);
      else inFolder.set(entry.folder, [entry]);
    }
  }
  for (const list of inFolder.values()) list.sort((a, b) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0));

  if (folders.length) rows.push({ kind: 'heading', key: 'heading:folders', label: 'Folders' });
  let hiddenDeeperThan: number | null = null;
  for (const folder of folders) {
    if (hiddenDeeperThan !== null && folder.depth > hiddenDeeperThan) continue;
    hiddenDeeperThan = null;
    const expanded = !collapsed.has(folder.guid);
    rows.push({ kind: 'folder', key: `folder:${folder.guid}`, folder, expanded });
    if (!expanded) {
      hiddenDeeperThan = folder.depth;
      continue;
    }
    for (const entry of inFolder.get(folder.guid) ?? []) rows.push({ kind: 'entry', key: `channel:${entry.address}`, entry, depth: folder.depth + 1 });
  }

  for (const g of groups) {
    const entries = g.entries.filter((e) => e.folder === null);
    if (entries.length === 0) continue;
    rows.push({ kind: 'heading', key: `group:${g.group satisfies ChannelGroup}`, label: g.label });
    for (const entry of entries) rows.push({ kind: 'entry', key: `channel:${entry.address}`, entry, depth: 0 });
  }
  return rows;
}
