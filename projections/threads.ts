/**
 * Threads (spec 1 §3 reply_to): the replies of each thread the user has
 * opened, with a copy of its first message, and which thread panel is open.
 * A thread is loaded whole by messages/thread; afterwards live replies,
 * deletions, reactions and flags keep it current. Folded after `messages`, so
 * the tombstones there already include this event's deletion.
 */
import type { Message } from '../protocol/entities';
import type { Envelope, ThreadRef } from '../protocol/events';
import type { ChangeSet } from './changes';
import { compareMessages, toggledReactions, type MessagesState } from './messages';

export interface ThreadStore {
  address: string;
  /** The thread's first message as last known (its guid is the thread's key). */
  parent: Message;
  byGuid: Map<string, Message>;
  /** Reply guids, oldest first. */
  order: string[];
}

export interface ThreadsState {
  /** The thread panel the user has open, or null. */
  open: ThreadRef | null;
  /** Loaded threads by the guid of their first message. */
  byParent: Map<string, ThreadStore>;
}

export function createThreads(): ThreadsState {
  return { open: null, byParent: new Map() };
}

function touch(changes: ChangeSet, parentGuid: string): void {
  changes.threads.add(parentGuid);
}

function insertReply(thread: ThreadStore, reply: Message): void {
  const existing = thread.byGuid.get(reply.guid);
  thread.byGuid.set(reply.guid, reply);
  if (existing) return;
  // Replies almost always come last; otherwise find the place (threads are small).
  let i = thread.order.length;
  while (i > 0 && compareMessages(thread.byGuid.get(thread.order[i - 1]!)!, reply) > 0) i--;
  thread.order.splice(i, 0, reply.guid);
}

function dropThreadsOf(state: ThreadsState, keep: (address: string) => boolean, changes: ChangeSet): void {
  for (const [guid, thread] of [...state.byParent]) {
    if (keep(thread.address)) continue;
    state.byParent.delete(guid);
    touch(changes, guid);
  }
  if (state.open && !keep(state.open.address)) {
    state.open = null;
    changes.threadOpen = true;
  }
}

/** Applies `update` to the message `guid` wherever this thread holds it (first message or reply). */
function updateMessage(state: ThreadsState, guid: string, update: (m: Message) => Message, changes: ChangeSet): void {
  if (state.byParent.size === 0) return;
  const asParent = state.byParent.get(guid);
  if (asParent) {
    asParent.parent = update(asParent.parent);
    touch(changes, guid);
  }
  for (const [parentGuid, thread] of state.byParent) {
    const reply = thread.byGuid.get(guid);
    if (!reply) continue;
    thread.byGuid.set(guid, update(reply));
    touch(changes, parentGuid);
  }
}

export function applyThreads(state: ThreadsState, { event }: Envelope, changes: ChangeSet, messages: MessagesState): void {
  switch (event.type) {
    case 'thread.opened': {
      const next = event.thread;
      if (state.open?.address === next?.address && state.open?.guid === next?.guid) return;
      state.open = next ? { address: next.address, guid: next.guid } : null;
      changes.threadOpen = true;
      return;
    }
    case 'channel.opened':
      // The panel belongs to the conversation it was opened in.
      if (state.open && state.open.address !== event.address) {
        state.open = null;
        changes.threadOpen = true;
      }
      return;
    case 'thread.loaded': {
      if (messages.deleted.has(event.parent.guid)) return;
      const previous = state.byParent.get(event.parent.guid);
      const thread: ThreadStore = { address: event.address, parent: event.parent, byGuid: new Map(), order: [] };
      for (const reply of event.replies) if (!messages.deleted.has(reply.guid)) insertReply(thread, reply);
      // Live replies newer than the answer stay (the server computed it before they arrived).
      const newest = event.replies.at(-1)?.created ?? -Infinity;
      for (const guid of previous?.order ?? []) {
        const reply = previous!.byGuid.get(guid)!;
        if (reply.created > newest) insertReply(thread, reply);
      }
      state.byParent.set(event.parent.guid, thread);
      touch(changes, event.parent.guid);
      return;
    }
    case 'message.received': {
      const { message } = event;
      if (messages.deleted.has(message.guid)) return;
      if (!message.reply_to) {
        // A first message heard again keeps its thread copy current (its summary is the messages store's concern).
        const thread = state.byParent.get(message.guid);
        if (thread) {
          thread.parent = { ...message, reply_count: thread.parent.reply_count, last_reply_ts: thread.parent.last_reply_ts };
          touch(changes, message.guid);
        }
        return;
      }
      const thread = state.byParent.get(message.reply_to);
      if (!thread) return; // not loaded: opening it fetches the whole thread
      insertReply(thread, message);
      touch(changes, message.reply_to);
      return;
    }
    case 'message.deleted': {
      if (state.byParent.size === 0) return; // no thread loaded: nothing to look through (most of a busy session)
      if (state.byParent.delete(event.guid)) touch(changes, event.guid);
      const parentGuid = event.reply_to ?? [...state.byParent].find(([, t]) => t.byGuid.has(event.guid))?.[0];
      const thread = parentGuid ? state.byParent.get(parentGuid) : undefined;
      if (thread?.byGuid.delete(event.guid)) {
        thread.order = thread.order.filter((g) => g !== event.guid);
        touch(changes, parentGuid!);
      }
      return;
    }
    case 'reactions.changed':
      updateMessage(state, event.guid, (m) => ({ ...m, reactions: event.reactions }), changes);
      return;
    case 'reaction.toggled':
      updateMessage(state, event.guid, (m) => ({ ...m, reactions: toggledReactions(m.reactions, event.user_guid, event.content, event.on) }), changes);
      return;
    case 'flag.set':
      updateMessage(state, event.guid, (m) => (m.flag === event.flag ? m : { ...m, flag: event.flag }), changes);
      return;
    case 'channel.removed':
      dropThreadsOf(state, (address) => address !== event.address, changes);
      return;
    case 'channels.listed': {
      const kept = new Set(event.channels.map((c) => c.address));
      dropThreadsOf(state, (address) => kept.has(address), changes);
      return;
    }
    default:
      return;
  }
}
