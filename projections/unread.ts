/**
 * Unread counters (spec 1 §4): increment on a new message from another user,
 * decrement on deletion, set on marking viewed; the bookmark only moves forward.
 *
 * `countedThrough` is the creation time up to which the count already includes
 * messages. It makes the counter exact when a socket message and a channel
 * list (whose count is the server's truth at its own moment) arrive in either
 * order: a message at or before the watermark is never counted twice.
 * Folded before `messages`, so "is this message new?" sees the store as it was.
 */
import type { Channel, Message } from '../protocol/entities';
import type { Bookmark, Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';
import type { MessagesState } from './messages';

export interface UnreadEntry {
  count: number;
  /** How many of the unread messages mention the user (or everyone). */
  mentions: number;
  bookmark: Bookmark | null;
  countedThrough: number;
}

export interface UnreadState {
  byAddress: Map<string, UnreadEntry>;
  /** Sum of every count, kept incrementally; `recountTotal` is its from-scratch twin. */
  total: number;
  /** Sum of every mention count, kept incrementally (`recountMentions` is its twin). */
  mentionTotal: number;
}

export function createUnread(): UnreadState {
  return { byAddress: new Map(), total: 0, mentionTotal: 0 };
}

/** A copy later folds cannot change: entries are copied (folds assign their fields); bookmarks are values. */
export function cloneUnread(state: UnreadState): UnreadState {
  const byAddress = new Map<string, UnreadEntry>();
  for (const [address, entry] of state.byAddress) byAddress.set(address, { ...entry });
  return { ...state, byAddress };
}

/** Sets a channel's counts; mentions never exceed the unread count. O(1): totals move by the difference. */
function setCount(state: UnreadState, address: string, entry: UnreadEntry, count: number, changes: ChangeSet, mentions = entry.mentions): void {
  const m = Math.min(mentions, count);
  if (entry.count === count && entry.mentions === m) return;
  state.total += count - entry.count;
  state.mentionTotal += m - entry.mentions;
  entry.count = count;
  entry.mentions = m;
  changes.channels.add(address);
}

/** Whether a message mentions `me`: a person part naming them, or one addressed to the channel or everyone. */
export function mentionsUser(message: Pick<Message, 'parts'>, me: string | undefined): boolean {
  if (!me) return false;
  for (const part of message.parts) {
    if (part.type === 'person') {
      if (part.scope !== 'user' || part.user_guid === me) return true;
    } else if (part.type === 'bullet-list' || part.type === 'ordered-list') {
      for (const item of part.items) for (const inline of item) if (inline.type === 'person' && (inline.scope !== 'user' || inline.user_guid === me)) return true;
    }
  }
  return false;
}

function entryFor(state: UnreadState, address: string): UnreadEntry {
  let entry = state.byAddress.get(address);
  if (!entry) state.byAddress.set(address, (entry = { count: 0, mentions: 0, bookmark: null, countedThrough: 0 }));
  return entry;
}

const isUnreadFor = (me: string | undefined, entry: UnreadEntry, m: Pick<Message, 'from_guid' | 'created'>): boolean =>
  m.from_guid !== me && (entry.bookmark === null || m.created > entry.bookmark.created);

/** Takes the server's count for a channel, plus local messages newer than what that count covers. */
function fromServer(state: UnreadState, channel: Channel, me: string | undefined, messages: MessagesState, changes: ChangeSet): void {
  const entry = entryFor(state, channel.address);
  const serverThrough = channel.last_message?.created ?? channel.last_message_ts ?? 0;
  let count = channel.unread_messages;
  let mentions = channel.unread_mentions;
  // The server counts from the bookmark it holds. Read here up to its last message or beyond (the bookmark still on
  // its way, in the outbox), the conversation has nothing unread up to there, whatever a list fetched meanwhile says.
  if (entry.bookmark !== null && entry.bookmark.created >= serverThrough) count = mentions = 0;
  let through = serverThrough;
  const store = messages.byAddress.get(channel.address);
  if (store) {
    for (let i = store.order.length - 1; i >= 0; i--) {
      const m = store.byGuid.get(store.order[i]!)!;
      if (m.created <= serverThrough) break;
      if (isUnreadFor(me, entry, m)) {
        count++;
        if (mentionsUser(m, me)) mentions++;
      }
      through = Math.max(through, m.created);
    }
  }
  entry.countedThrough = through;
  setCount(state, channel.address, entry, count, changes, mentions);
}

function remove(state: UnreadState, address: string, changes: ChangeSet): void {
  const entry = state.byAddress.get(address);
  if (!entry) return;
  setCount(state, address, entry, 0, changes, 0);
  state.byAddress.delete(address);
}

export function applyUnread(state: UnreadState, { event }: Envelope, changes: ChangeSet, me: string | undefined, messages: MessagesState): void {
  switch (event.type) {
    case 'channels.listed': {
      const listed = new Set<string>();
      for (const channel of event.channels) {
        listed.add(channel.address);
        fromServer(state, channel, me, messages, changes);
      }
      for (const address of [...state.byAddress.keys()]) if (!listed.has(address)) remove(state, address, changes);
      return;
    }
    case 'channel.upserted':
      fromServer(state, event.channel, me, messages, changes);
      return;
    case 'channel.removed':
      remove(state, event.address, changes);
      return;
    case 'message.received': {
      const { message } = event;
      // Replies live in their thread and do not count toward the conversation's unread (nor does the server).
      if (message.reply_to || messages.deleted.has(message.guid)) return;
      const entry = entryFor(state, message.address);
      // A stored message was counted when it arrived. (Neither stored nor deleted, nothing can supersede it:
      // `isSuperseded` would only repeat these lookups, once per message of a long replay.)
      if (message.created <= entry.countedThrough || messages.byAddress.get(message.address)?.byGuid.has(message.guid)) return;
      entry.countedThrough = message.created;
      if (isUnreadFor(me, entry, message)) {
        setCount(state, message.address, entry, entry.count + 1, changes, entry.mentions + (mentionsUser(message, me) ? 1 : 0));
      }
      return;
    }
    case 'message.deleted': {
      const entry = state.byAddress.get(event.address);
      // A reply never counted; a deletion heard twice (response and DEL frame) lowers the count once.
      if (!entry || event.reply_to || messages.deleted.has(event.guid)) return;
      const stored = messages.byAddress.get(event.address)?.byGuid.get(event.guid);
      const from_guid = event.from_guid ?? stored?.from_guid;
      const created = event.created ?? stored?.created;
      if (from_guid === undefined || created === undefined) return; // unknown: the next channel list converges it
      if (created <= entry.countedThrough && isUnreadFor(me, entry, { from_guid, created })) {
        // Without the message at hand its mention is unknown: the count caps mentions, the next channel list converges.
        const wasMention = stored ? mentionsUser(stored, me) : false;
        setCount(state, event.address, entry, Math.max(0, entry.count - 1), changes, Math.max(0, entry.mentions - (wasMention ? 1 : 0)));
      }
      return;
    }
    case 'channel.viewed': {
      const entry = entryFor(state, event.address);
      if (event.bookmark && (entry.bookmark === null || event.bookmark.created > entry.bookmark.created)) {
        entry.bookmark = event.bookmark;
        entry.countedThrough = Math.max(entry.countedThrough, event.bookmark.created);
      }
      setCount(state, event.address, entry, event.unread, changes, event.unread === 0 ? 0 : entry.mentions);
      return;
    }
    default:
      return;
  }
}

/** From-scratch twin of `total`: the sum over every channel. */
export function recountTotal(state: UnreadState): number {
  let total = 0;
  for (const entry of state.byAddress.values()) total += entry.count;
  return total;
}

/** From-scratch twin of `mentionTotal`. */
export function recountMentions(state: UnreadState): number {
  let total = 0;
  for (const entry of state.byAddress.values()) total += entry.mentions;
  return total;
}
