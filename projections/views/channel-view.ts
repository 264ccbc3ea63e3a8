/** The sidebar entry of a channel. */
import type { Channel, User } from '../../protocol/entities';
import { postingRight } from '../../protocol/rules/posting-rights';
import type { ChannelEntryView, ChannelGroup } from '../../protocol/views';
import { lastMessageTs, type ChannelRecord } from '../channels';
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

export function channelEntryView(record: ChannelRecord, unread: UnreadEntry | undefined, user: User | null): ChannelEntryView {
  const { channel, lastMessage } = record;
  const right = postingRight(channel, { is_company_admin: user?.is_company_admin ?? false });
  return {
    address: channel.address,
    name: channel.name,
    group: groupOf(channel),
    etype: channel.etype,
    is_external: channel.is_external,
    is_private: channel.is_private,
    unread: unread?.count ?? 0,
    mentions: unread?.mentions ?? 0,
    preview: lastMessage ? previewOf(lastMessage.parts) : '',
    last_message_ts: lastMessageTs(record),
    sortKey: sortKeyOf(channel),
    canPost: right.allowed,
    postingBlockedReason: right.allowed ? null : right.reason,
  };
}
