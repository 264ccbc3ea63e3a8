/**
 * The user's flagged messages across conversations (spec 1 §3 flags; the
 * "Flagged messages" view): pages of history with is_favorites, kept current
 * by the user's own flag changes, deletions and reactions. Folded after
 * `messages` and `threads`, so a message flagged from a conversation or a
 * thread can be copied from there.
 */
import type { Message } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import type { ChangeSet } from './changes';
import { toggledReactions, type MessagesState } from './messages';
import type { ThreadsState } from './threads';

export interface FlaggedState {
  byGuid: Map<string, Message>;
  /** Highest page loaded (-1: none yet). */
  page: number;
  isComplete: boolean;
}

export function createFlagged(): FlaggedState {
  return { byGuid: new Map(), page: -1, isComplete: false };
}

function findMessage(messages: MessagesState, threads: ThreadsState, address: string, guid: string): Message | undefined {
  const top = messages.byAddress.get(address)?.byGuid.get(guid);
  if (top) return top;
  for (const thread of threads.byParent.values()) {
    if (thread.parent.guid === guid) return thread.parent;
    const reply = thread.byGuid.get(guid);
    if (reply) return reply;
  }
  return undefined;
}

function update(state: FlaggedState, guid: string, next: (m: Message) => Message, changes: ChangeSet): void {
  const message = state.byGuid.get(guid);
  if (message) put(state, guid, next(message), changes);
}

/** Replaces a flagged message by its new copy. */
function put(state: FlaggedState, guid: string, message: Message, changes: ChangeSet): void {
  state.byGuid.set(guid, message);
  changes.flagged = true;
}

export function applyFlagged(state: FlaggedState, { event }: Envelope, changes: ChangeSet, messages: MessagesState, threads: ThreadsState): void {
  switch (event.type) {
    case 'flagged.loaded': {
      if (event.page === 0) state.byGuid.clear(); // a fresh start of the view: the server's list is the truth
      for (const m of event.messages) if (m.flag > 0 && !messages.deleted.has(m.guid)) state.byGuid.set(m.guid, m);
      state.page = event.page === 0 ? 0 : Math.max(state.page, event.page);
      state.isComplete = event.messages.length < event.page_size;
      changes.flagged = true;
      return;
    }
    case 'flag.set': {
      if (event.flag === 0) {
        if (state.byGuid.delete(event.guid)) changes.flagged = true;
        return;
      }
      const known = state.byGuid.get(event.guid) ?? findMessage(messages, threads, event.address, event.guid);
      if (!known) return; // flagged elsewhere and not loaded here: the next page 0 brings it
      state.byGuid.set(event.guid, { ...known, flag: event.flag });
      changes.flagged = true;
      return;
    }
    case 'message.deleted':
      if (state.byGuid.delete(event.guid)) changes.flagged = true;
      return;
    case 'reactions.changed': {
      // Looked up before any copy or closure is made: most messages are not flagged, and this runs for every
      // reaction frame of a busy workspace (a closure for `update` per event was all this fold allocated).
      const m = state.byGuid.get(event.guid);
      if (m) put(state, event.guid, { ...m, reactions: event.reactions }, changes);
      return;
    }
    case 'reaction.toggled':
      update(state, event.guid, (m) => ({ ...m, reactions: toggledReactions(m.reactions, event.user_guid, event.content, event.on) }), changes);
      return;
    case 'message.received': {
      // A thread summary or edit heard again: keep the copy current, its flag stays ours.
      const { message } = event;
      const m = state.byGuid.get(message.guid);
      if (m) put(state, message.guid, { ...message, flag: m.flag, reply_count: Math.max(m.reply_count, message.reply_count), last_reply_ts: m.last_reply_ts ?? message.last_reply_ts }, changes);
      return;
    }
    case 'channel.removed':
      for (const [guid, m] of [...state.byGuid]) {
        if (m.address !== event.address) continue;
        state.byGuid.delete(guid);
        changes.flagged = true;
      }
      return;
    case 'channels.listed': {
      const kept = new Set(event.channels.map((c) => c.address));
      for (const [guid, m] of [...state.byGuid]) {
        if (kept.has(m.address)) continue;
        state.byGuid.delete(guid);
        changes.flagged = true;
      }
      return;
    }
    default:
      return;
  }
}
