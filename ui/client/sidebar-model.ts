/**
 * What the sidebar shows, from the sorted groups and the preferences: an
 * optional "Mentions" group first (conversations with unread mentions), then
 * the groups in the worker's order; with the "unread" tab only conversations
 * with unread messages; with show_last only the N most recently active ones.
 * Conversations with unread messages and the open one are always shown. One
 * linear pass per patch, for the virtualized list (a heading keeps its entries
 * for "mark read", without copying their addresses). Also "next unread" and
 * "next mention" in the order shown.
 */
import { CHANNEL_GROUPS, CHANNEL_GROUP_LABELS, type ChannelEntryView, type ChannelGroup, type PreferencesView } from '../../protocol/views';
import type { ChannelIndex } from './channel-index';

export type SidebarGroup = ChannelGroup | 'mentions';

export type SidebarRow =
  | { kind: 'heading'; group: SidebarGroup; label: string; unread: number; entries: readonly ChannelEntryView[] }
  | { kind: 'entry'; entry: ChannelEntryView; group: SidebarGroup };

export const MENTIONS_LABEL = 'Mentions';

/** The last_message_ts at or above which a conversation is among the `n` most recent (null: no limit). */
function recencyThreshold(index: ChannelIndex, n: number | null): number | null {
  if (n === null) return null;
  const times: number[] = [];
  for (const group of CHANNEL_GROUPS) for (const e of index.group(group)) times.push(e.last_message_ts ?? -1);
  if (times.length <= n) return null;
  const sorted = Float64Array.from(times).sort();
  return sorted[sorted.length - n]!;
}

export function sidebarRows(index: ChannelIndex, prefs: PreferencesView, activeAddress: string | null): SidebarRow[] {
  const threshold = recencyThreshold(index, prefs.showLast[prefs.sort]);
  const shown = (e: ChannelEntryView): boolean => {
    if (e.unread > 0 || e.address === activeAddress) return true;
    if (prefs.tab === 'unread') return false;
    return threshold === null || (e.last_message_ts ?? -1) >= threshold;
  };
  const rows: SidebarRow[] = [];
  const push = (group: SidebarGroup, label: string, entries: ChannelEntryView[]): void => {
    if (entries.length === 0) return;
    let unread = 0;
    for (const e of entries) unread += e.unread;
    rows.push({ kind: 'heading', group, label, unread, entries });
    for (const entry of entries) rows.push({ kind: 'entry', entry, group });
  };

  const mentions: ChannelEntryView[] = [];
  for (const group of CHANNEL_GROUPS) for (const e of index.group(group)) if (e.mentions > 0) mentions.push(e);
  mentions.sort(index.order);
  push('mentions', MENTIONS_LABEL, mentions);
  for (const group of CHANNEL_GROUPS) {
    const entries: ChannelEntryView[] = [];
    for (const e of index.group(group)) if (e.mentions === 0 && shown(e)) entries.push(e);
    push(group, CHANNEL_GROUP_LABELS[group], entries);
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
