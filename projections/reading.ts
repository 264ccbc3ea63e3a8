/**
 * The "New messages" divider of the open conversation: where the unread part
 * began when the user opened it. Marking viewed clears the unread count at
 * once, so the place is fixed at `channel.opened` (folded before the viewing)
 * and kept until another conversation opens.
 *
 * The client does not always know the server's bookmark (a channel list gives
 * counts only), so the divider is found by count: before the Nth newest
 * message from someone else, N being the unread count at opening, among the
 * messages that existed then (newer ones arrive read). While the loaded pages
 * hold fewer than N such messages the place is provisional and found again as
 * pages arrive.
 */
import type { Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';
import { lastMessageTs, type ChannelsState } from './channels';
import type { MessagesState } from './messages';
import type { UnreadState } from './unread';

export interface ReadingState {
  address: string | null;
  /** Unread messages when it was opened. */
  unreadAtOpen: number;
  /** Messages created after this were not there at opening. */
  cutoff: number;
  /** The first unread message, once found, and its time. */
  firstUnread: string | null;
  firstUnreadCreated: number | null;
  /** Found for good (or nothing to find). */
  settled: boolean;
}

export function createReading(): ReadingState {
  return { address: null, unreadAtOpen: 0, cutoff: 0, firstUnread: null, firstUnreadCreated: null, settled: true };
}

function locate(state: ReadingState, messages: MessagesState, me: string | undefined, changes: ChangeSet): void {
  if (state.settled || state.address === null) return;
  const store = messages.byAddress.get(state.address);
  if (!store) return;
  let seen = 0;
  let found: { guid: string; created: number } | null = null;
  for (let i = store.order.length - 1; i >= 0 && seen < state.unreadAtOpen; i--) {
    const m = store.byGuid.get(store.order[i]!)!;
    if (m.created > state.cutoff || m.from_guid === me) continue;
    seen++;
    found = m;
  }
  const settled = seen >= state.unreadAtOpen || store.isComplete;
  if ((found?.guid ?? null) !== state.firstUnread) {
    state.firstUnread = found?.guid ?? null;
    state.firstUnreadCreated = found?.created ?? null;
    changes.conversationMeta.add(state.address);
  }
  state.settled = settled;
}

export function applyReading(
  state: ReadingState,
  { event }: Envelope,
  changes: ChangeSet,
  me: string | undefined,
  deps: { unread: UnreadState; channels: ChannelsState; messages: MessagesState },
): void {
  switch (event.type) {
    case 'channel.opened': {
      if (event.address === state.address) return;
      if (state.address) changes.conversationMeta.add(state.address);
      state.address = event.address;
      state.firstUnread = null;
      state.firstUnreadCreated = null;
      const unread = event.address ? (deps.unread.byAddress.get(event.address)?.count ?? 0) : 0;
      const record = event.address ? deps.channels.byAddress.get(event.address) : undefined;
      state.unreadAtOpen = unread;
      state.cutoff = record ? (lastMessageTs(record) ?? 0) : 0;
      state.settled = unread === 0;
      locate(state, deps.messages, me, changes);
      return;
    }
    case 'history.loaded':
      if (event.address === state.address) locate(state, deps.messages, me, changes);
      return;
    case 'message.deleted': {
      // An unread message deleted: one fewer to count back (the place stays before the first one left).
      const { created, from_guid } = event;
      if (event.address !== state.address || state.firstUnreadCreated === null || created === undefined || event.reply_to) return;
      if (created < state.firstUnreadCreated || created > state.cutoff || from_guid === me) return;
      state.unreadAtOpen = Math.max(0, state.unreadAtOpen - 1);
      state.settled = false;
      if (state.unreadAtOpen === 0) {
        state.firstUnread = null;
        state.firstUnreadCreated = null;
        state.settled = true;
        changes.conversationMeta.add(event.address);
      }
      locate(state, deps.messages, me, changes);
      return;
    }
    case 'channel.removed':
      if (event.address === state.address) Object.assign(state, createReading(), { address: state.address });
      return;
    default:
      return;
  }
}
