/**
 * Conversation folders with their unread totals. Totals follow unread counts
 * incrementally: each flush looks only at the channels that changed
 * (changes.channels); a changed folder tree, or a change to every channel,
 * recounts once.
 */
import { createFolderTotals, effectiveFolder, folderView, recountTotals, syncChannel, type FolderTotals } from '../../projections/views/folder-view';
import type { FolderView } from '../../protocol/views';
import { sameView, type ViewSection } from './section';

export function createFoldersSection(): ViewSection {
  let sent = new Map<string, FolderView>();
  let totals: FolderTotals = createFolderTotals();
  return {
    build(patch, { p, changes, reset }) {
      let guids: Iterable<string>;
      if (reset || changes.folderTree || changes.allChannels) {
        totals = recountTotals(p.folders, p.channels, p.unread);
        guids = new Set([...p.folders.byGuid.keys(), ...sent.keys()]);
      } else {
        if (changes.channels.size === 0) return;
        const touched = new Set<string>();
        for (const address of changes.channels) {
          const record = p.channels.byAddress.get(address);
          const folder = record ? effectiveFolder(p.folders, record.channel.folder_guid) : null;
          syncChannel(totals, p.folders, address, folder, p.unread.byAddress.get(address)?.count ?? 0, touched);
        }
        guids = touched;
      }
      if (reset) sent = new Map();
      const put: FolderView[] = [];
      const remove: string[] = [];
      for (const guid of guids) {
        const view = folderView(p.folders, guid, totals);
        if (!view) {
          if (sent.delete(guid)) remove.push(guid);
          continue;
        }
        if (!sameView(sent.get(guid), view)) {
          sent.set(guid, view);
          put.push(view);
        }
      }
      if (reset || put.length || remove.length) patch.folders = { put, remove };
    },
    forget() {
      sent = new Map();
      totals = createFolderTotals();
    },
  };
}
