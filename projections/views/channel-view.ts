/** The sidebar entry of a channel. */
import type { Channel, User } from '../../protocol/entities';
import { postingRight } from '../../protocol/rules/posting-rights';
import { canLeave, canManageTeam, canMoveToCompany } from '../../protocol/rules/team-rules';
import type { ChannelEntryView, ChannelGroup, TeamFacts } from '../../protocol/views';
import { lastMessageTs, type ChannelRecord } from '../channels';
import type { FoldersState } from '../folders';
import type { UnreadEntry } from '../unread';
import { previewOf } from './text';

/** Which sidebar group a channel belongs to (spec 1 §3 kinds and etypes). */
export function groupOf(channel: Pick<Channel, 'channel_type' | 'etype' | 'is_hr'>): ChannelGroup {
  switch (channel.channel_type) {
    case 0:
      return 'direct';
    case 2:
      return 'company';
    case 3:
      return 'task';
    case 1:
      if (channel.etype === 'announcement') return 'announcement';
      return channel.is_hr ? 'department' : 'team';
  }
}

/** Sorting a–z within a group (the default sidebar sort, spec 3 §3); address breaks ties. */
export function sortKeyOf(channel: Pick<Channel, 'name' | 'address'>): string {
  return `${channel.name.toLocaleLowerCase('en')}\u0000${channel.address}`;
}

/** A team's or department's flags and what the user may do with it; null for other kinds. */
export function teamFacts(channel: Channel, user: User | null): TeamFacts | null {
  if (channel.channel_type !== 1) return null;
  const actor = { company_guid: user?.company_guid ?? '', is_company_admin: user?.is_company_admin ?? false };
  return {
    guid: channel.guid,
    is_hr: channel.is_hr,
    is_open: channel.is_open,
    read_only: channel.read_only,
    isAdmin: channel.member_type === 2,
    canManage: canManageTeam(channel, actor),
    canLeave: canLeave(channel),
    canMoveToCompany: canMoveToCompany(channel, actor),
  };
}

/** Whether the channel's folder is one the user has: a folder the user no longer has (or does not know yet) shows the channel in its group. */
export function folderOf(channel: Pick<Channel, 'folder_guid'>, folders: FoldersState | undefined): string | null {
  return channel.folder_guid !== null && folders?.byGuid.has(channel.folder_guid) ? channel.folder_guid : null;
}

/** What a sidebar entry shows of the channel's state besides the channel itself. */
export interface EntryFacts {
  lastTs: number | null;
  unread: number;
  mentions: number;
  /** folderOf the channel */
  folder: string | null;
  preview: string;
  /** For a direct message: its other person is blocked as the user sees them (peerBlocked): the user cannot post there. */
  peerBlocked?: boolean;
}

/**
 * Whether a direct message's other person is blocked as the user sees them (their directory entry: blocked in their
 * own company or by the user's, the newest word winning — projections/session.ts).
 */
export function peerBlocked(channel: Pick<Channel, 'channel_type' | 'target_user_guid'>, directory: ReadonlyMap<string, User> | undefined): boolean {
  return channel.channel_type === 0 && channel.target_user_guid !== null && directory?.get(channel.target_user_guid)?.is_blocked === true;
}

/** A channel's sidebar entry; `withPreview: false` leaves the preview empty (the stored view cache keeps none). */
export function channelEntryView(
  record: ChannelRecord,
  unread: UnreadEntry | undefined,
  user: User | null,
  folders?: FoldersState,
  withPreview = true,
  directory?: ReadonlyMap<string, User>,
): ChannelEntryView {
  const { channel, lastMessage } = record;
  return entryViewOf(
    channel,
    {
      lastTs: lastMessageTs(record),
      unread: unread?.count ?? 0,
      mentions: unread?.mentions ?? 0,
      folder: folderOf(channel, folders),
      preview: withPreview && lastMessage ? previewOf(lastMessage.parts) : '',
      peerBlocked: peerBlocked(channel, directory),
    },
    user,
  );
}

/** A sidebar entry from the channel and the facts about it: a pure function of these (the stored view cache builds its entries from facts it kept). */
export function entryViewOf(channel: Channel, facts: EntryFacts, user: User | null): ChannelEntryView {
  const right = postingRight(channel, { is_company_admin: user?.is_company_admin ?? false }, { peerBlocked: facts.peerBlocked ?? false });
  return {
    address: channel.address,
    name: channel.name,
    group: groupOf(channel),
    etype: channel.etype,
    is_external: channel.is_external,
    is_private: channel.is_private,
    unread: facts.unread,
    mentions: facts.mentions,
    preview: facts.preview,
    last_message_ts: facts.lastTs,
    sortKey: sortKeyOf(channel),
    canPost: right.allowed,
    postingBlockedReason: right.allowed ? null : right.reason,
    target_user_guid: channel.channel_type === 0 ? channel.target_user_guid : null,
    folder: facts.folder,
    team: teamFacts(channel, user),
  };
}
