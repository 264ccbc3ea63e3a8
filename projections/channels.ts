/**
 * The channel list: every conversation the user belongs to with its metadata
 * and last message (spec 1 §3). Unread counts live in the unread projection.
 * Folded before `messages`, so a deletion can still see the deleted message's
 * neighbours.
 */
import type { Channel, Message } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';
import { isSuperseded, previousMessage, type MessagesState } from './messages';

export interface ChannelRecord {
  channel: Channel;
  lastMessage: Message | null;
}

export interface ChannelsState {
  byAddress: Map<string, ChannelRecord>;
}

export function createChannels(): ChannelsState {
  return { byAddress: new Map() };
}

/** A copy later folds cannot change: records are copied (folds assign their fields); channels and messages are values. */
export function cloneChannels(state: ChannelsState): ChannelsState {
  const byAddress = new Map<string, ChannelRecord>();
  for (const [address, record] of state.byAddress) byAddress.set(address, { ...record });
  return { byAddress };
}

export function lastMessageTs(record: ChannelRecord): number | null {
  return record.lastMessage?.created ?? record.channel.last_message_ts;
}

function put(state: ChannelsState, channel: Channel, changes: ChangeSet): void {
  const previous = state.byAddress.get(channel.address);
  // The server's last message wins unless we already hold a newer one.
  const ours = previous?.lastMessage;
  const theirs = channel.last_message;
  const lastMessage = ours && (!theirs || ours.created > theirs.created) ? ours : theirs;
  state.byAddress.set(channel.address, { channel, lastMessage });
  changes.channels.add(channel.address);
}

function offerLast(state: ChannelsState, message: Message | undefined, changes: ChangeSet, messages: MessagesState): void {
  // Replies live in their thread: the preview is the conversation's last top-level message.
  if (!message || message.reply_to || isSuperseded(messages, message)) return;
  const record = state.byAddress.get(message.address);
  if (!record) return;
  const current = lastMessageTs(record);
  if (current !== null && message.created < current) return;
  record.lastMessage = message;
  changes.channels.add(message.address);
}

export function applyChannels(state: ChannelsState, { event }: Envelope, changes: ChangeSet, messages: MessagesState): void {
  switch (event.type) {
    case 'channels.listed': {
      const listed = new Set<string>();
      for (const channel of event.channels) {
        listed.add(channel.address);
        put(state, channel, changes);
      }
      for (const address of [...state.byAddress.keys()]) {
        if (!listed.has(address)) {
          state.byAddress.delete(address);
          changes.channels.add(address);
        }
      }
      return;
    }
    case 'channel.upserted':
      put(state, event.channel, changes);
      return;
    case 'channel.removed':
      if (state.byAddress.delete(event.address)) changes.channels.add(event.address);
      return;
    case 'message.received':
      offerLast(state, event.message, changes, messages);
      return;
    case 'history.loaded':
      offerLast(state, event.messages.findLast((m) => !m.reply_to), changes, messages);
      return;
    case 'channel.folder_changed': {
      const record = state.byAddress.get(event.address);
      if (!record || record.channel.folder_guid === event.folder_guid) return;
      record.channel = { ...record.channel, folder_guid: event.folder_guid };
      changes.channels.add(event.address);
      return;
    }
    case 'folder.deleted':
      // The deleted folder's channels move up to its parent, as the server moved them.
      for (const [address, record] of state.byAddress) {
        if (record.channel.folder_guid !== event.guid) continue;
        record.channel = { ...record.channel, folder_guid: event.parent_guid };
        changes.channels.add(address);
      }
      return;
    case 'message.deleted': {
      const record = state.byAddress.get(event.address);
      if (!record || record.lastMessage?.guid !== event.guid) return;
      const store = messages.byAddress.get(event.address);
      const before = store ? previousMessage(store, event.guid) : undefined;
      record.lastMessage = before ?? null;
      if (!before) record.channel = { ...record.channel, last_message: null, last_message_ts: null };
      changes.channels.add(event.address);
      return;
    }
    default:
      return;
  }
}
