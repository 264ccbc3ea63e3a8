/**
 * What the sidebar shows, from the sorted groups, the folders and the
 * preferences: an optional "Mentions" group first (conversations with unread
 * mentions, wherever they are filed), then the user's folders (collapsible,
 * each followed by its conversations, then its subfolders), then the kind
 * groups with the conversations in no folder. With the "unread" tab only
 * conversations with unread messages show; with show_last only the N most
 * recently active ones. Conversations with unread messages and the open one
 * are always shown. One linear pass per patch, for the virtualized list
 * (headings and folders keep their entries for "mark read", without copying).
 * Also "next unread" and "next mention" in the order shown.
 */
import { CHANNEL_GROUPS, CHANNEL_GROUP_LABELS, type ChannelEntryView, type ChannelGroup, type FolderView, type PreferencesView } from '../../protocol/views';
import type { ChannelIndex } from './channel-index';

export type SidebarGroup = ChannelGroup | 'mentions' | 'folders';

export type SidebarRow =
  | { kind: 'heading'; group: SidebarGroup; label: string; unread: number; entries: readonly ChannelEntryView[] }
  | { kind: 'folder'; folder: FolderView; expanded: boolean; entries: readonly ChannelEntryView[] }
  | { kind: 'entry'; entry: ChannelEntryView; group: SidebarGroup; depth: number };

export const MENTIONS_LABEL = 'Mentions';
export const FOLDERS_LABEL = 'Folders';

/**
 * The addresses of the `n` most recently active conversations (null: no limit). Exactly `n`, even when
 * several share the last_message_ts at the edge (data imported or seeded at one instant does): the tie is
 * broken by the order the groups list them in, rather than let a "Last 10" show every conversation tied
 * with the tenth.
 */
function mostRecent(index: ChannelIndex, n: number | null): ReadonlySet<string> | null {
  if (n === null) return null;
  const all: ChannelEntryView[] = [];
  for (const group of CHANNEL_GROUPS) for (const e of index.group(group)) all.push(e);
  if (all.length <= n) return null;
  const at = (e: ChannelEntryView): number => e.last_message_ts ?? -1;
  const sorted = Float64Array.from(all, at).sort();
  const threshold = sorted[sorted.length - n]!;
  let room = n;
  for (const e of all) if (at(e) > threshold) room--;
  const recent = new Set<string>();
  for (const e of all) {
    const t = at(e);
    if (t > threshold) recent.add(e.address);
    else if (t === threshold && room > 0) {
      recent.add(e.address);
      room--;
    }
  }
  return recent;
}

export function sidebarRows(
  index: ChannelIndex,
  prefs: PreferencesView,
  activeAddress: string | null,
  folders: readonly FolderView[] = [],
  collapsed: ReadonlySet<string> = new Set(),
): SidebarRow[] {
  const recent = mostRecent(index, prefs.showLast[prefs.sort]);
  const shown = (e: ChannelEntryView): boolean => {
    if (e.unread > 0 || e.address === activeAddress) return true;
    if (prefs.tab === 'unread') return false;
    return recent === null || recent.has(e.address);
  };
  const rows: SidebarRow[] = [];
  const unreadOf = (entries: readonly ChannelEntryView[]): number => entries.reduce((n, e) => n + e.unread, 0);

  // Mentions first; and the conversations filed in a folder that still exists, in the current order.
  const known = new Set(folders.map((f) => f.guid));
  const mentions: ChannelEntryView[] = [];
  const filed = new Map<string, ChannelEntryView[]>();
  for (const group of CHANNEL_GROUPS) {
    for (const e of index.group(group)) {
      if (e.mentions > 0) mentions.push(e);
      else if (e.folder !== null && known.has(e.folder)) {
        const list = filed.get(e.folder);
        if (list) list.push(e);
        else filed.set(e.folder, [e]);
      }
    }
  }
  mentions.sort(index.order);
  for (const list of filed.values()) list.sort(index.order);
  if (mentions.length) {
    rows.push({ kind: 'heading', group: 'mentions', label: MENTIONS_LABEL, unread: unreadOf(mentions), entries: mentions });
    for (const entry of mentions) rows.push({ kind: 'entry', entry, group: 'mentions', depth: 0 });
  }

  if (folders.length) {
    // A folder's entries for "mark read": its own conversations and those of every folder inside it.
    const children = new Map<string | null, FolderView[]>();
    for (const f of folders) {
      const list = children.get(f.parent_guid);
      if (list) list.push(f);
      else children.set(f.parent_guid, [f]);
    }
    const within = (guid: string): ChannelEntryView[] => [...(filed.get(guid) ?? []), ...(children.get(guid) ?? []).flatMap((c) => within(c.guid))];
    const all = [...filed.values()].flat();
    rows.push({ kind: 'heading', group: 'folders', label: FOLDERS_LABEL, unread: unreadOf(all), entries: all });
    let hiddenDeeperThan: number | null = null;
    for (const folder of folders) {
      if (hiddenDeeperThan !== null && folder.depth > hiddenDeeperThan) continue;
      hiddenDeeperThan = null;
      const expanded = !collapsed.has(folder.guid);
      rows.push({ kind: 'folder', folder, expanded, entries: within(folder.guid) });
      if (!expanded) {
        hiddenDeeperThan = folder.depth;
        continue;
      }
      for (const entry of filed.get(folder.guid) ?? []) if (shown(entry)) rows.push({ kind: 'entry', entry, group: 'folders', depth: folder.depth + 1 });
    }
  }

  for (const group of CHANNEL_GROUPS) {
    const entries: ChannelEntryView[] = [];
    for (const e of index.group(group)) if (e.mentions === 0 && (e.folder === null || !known.has(e.folder)) && shown(e)) entries.push(e);
    if (entries.length === 0) continue;
    rows.push({ kind: 'heading', group, label: CHANNEL_GROUP_LABELS[group], unread: unreadOf(entries), entries });
    for (const entry of entries) rows.push({ kind: 'entry', entry, group, depth: 0 });
  }
  return rows;
}

/**
 * The next conversation after `from` (in the order shown, wrapping around) with unread messages, or
 * with unread mentions; `step` -1 goes backwards. Null when there is none besides `from`.
 */
export function nextConversation(rows: readonly SidebarRow[], from: string | null, what: 'unread' | 'mention', step: 1 | -1 = 1): string | null {
  const entries = rows.filter((r): r is Extract<SidebarRow, { kind: 'entry' }> => r.kind === 'entry').map((r) => r.entry);
  if (entries.length === 0) return null;
  const start = from === null ? -1 : entries.findIndex((e) => e.address === from);
  const wanted = (e: ChannelEntryView): boolean => (what === 'mention' ? e.mentions > 0 : e.unread > 0);
  for (let k = 1; k <= entries.length; k++) {
    const i = (((start === -1 && step === -1 ? 0 : start) + k * step) % entries.length + entries.length) % entries.length;
    const e = entries[i]!;
    if (e.address !== from && wanted(e)) return e.address;
  }
  return null;
}
