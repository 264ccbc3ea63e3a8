/**
 * The window of messages around a search hit (messages/load_context): while
 * it is open, the conversation shows it instead of its newest pages, scrolled
 * to the anchor and highlighting it. It extends either way on request, takes
 * new messages once it reaches the newest one, and closes when the user goes
 * back to the newest messages or opens another conversation.
 */
import type { Message } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { touchMessage, type ChangeSet } from './changes';
import { compareMessages, DEFAULT_PAGE_SIZE, indexOfMessage, toggledReactions, type MessageStore } from './messages';

export interface ContextWindow {
  address: string;
  anchor: string;
  hasBefore: boolean;
  hasAfter: boolean;
  /** The window's messages in display order (a MessageStore, so the message views build from it alike). */
  store: MessageStore;
}

export interface ContextState {
  window: ContextWindow | null;
}

export function createContext(): ContextState {
  return { window: null };
}

function emptyStore(): MessageStore {
  return { byGuid: new Map(), order: [], page: -1, page_size: DEFAULT_PAGE_SIZE, isComplete: false };
}

/** Inserts or replaces in display order. Windows are small (a few pages), so a scan is fine. */
function upsert(store: MessageStore, message: Message): void {
  const existing = store.byGuid.get(message.guid);
  if (existing) {
    if (existing.created === message.created) {
      store.byGuid.set(message.guid, message);
      return;
    }
    store.order.splice(store.order.indexOf(message.guid), 1);
  }
  store.byGuid.set(message.guid, message);
  let i = store.order.length;
  while (i > 0 && compareMessages(store.byGuid.get(store.order[i - 1]!)!, message) > 0) i--;
  store.order.splice(i, 0, message.guid);
}

function close(state: ContextState, changes: ChangeSet): void {
  if (!state.window) return;
  changes.messages.set(state.window.address, 'all');
  state.window = null;
}

export function applyContext(state: ContextState, { event }: Envelope, changes: ChangeSet): void {
  const w = state.window;
  switch (event.type) {
    case 'context.loaded': {
      if (event.direction === 'both' || !w || w.address !== event.address) {
        if (w && w.address !== event.address) changes.messages.set(w.address, 'all');
        state.window = { address: event.address, anchor: event.anchor, hasBefore: event.has_before, hasAfter: event.has_after, store: emptyStore() };
      } else if (event.direction === 'before') {
        w.hasBefore = event.has_before;
      } else {
        w.hasAfter = event.has_after;
      }
      for (const m of event.messages) if (m.address === event.address) upsert(state.window!.store, m);
      changes.messages.set(event.address, 'all');
      changes.conversationMeta.add(event.address);
      return;
    }
    case 'context.closed':
      if (w?.address === event.address) close(state, changes);
      return;
    case 'channel.opened':
      if (w && w.address !== event.address) close(state, changes);
      return;
    case 'channel.removed':
      if (w?.address === event.address) close(state, changes);
      return;
    case 'channels.listed':
      if (w && !event.channels.some((c) => c.address === w.address)) close(state, changes);
      return;
    case 'session.ended':
      close(state, changes);
      return;
    case 'message.received': {
      const m = event.message;
      // Replies live in their thread (projections/threads.ts), not in the conversation's list.
      if (!w || w.address !== m.address || m.reply_to) return;
      const last = w.store.byGuid.get(w.store.order[w.store.order.length - 1] ?? '');
      // A message inside the window is updated; a new one joins only when the window reaches the newest message.
      if (!w.store.byGuid.has(m.guid) && (w.hasAfter || (last && compareMessages(m, last) < 0))) return;
      upsert(w.store, m);
      touchWithNext(changes, w, m.guid);
      return;
    }
    case 'message.deleted': {
      if (!w || w.address !== event.address) return;
      const index = indexOfMessage(w.store, event.guid);
      if (index < 0) return;
      const next = w.store.order[index + 1];
      w.store.order.splice(index, 1);
      w.store.byGuid.delete(event.guid);
      touchMessage(changes, w.address, event.guid);
      if (next) touchMessage(changes, w.address, next);
      return;
    }
    case 'reactions.changed':
    case 'reaction.toggled':
    case 'flag.set': {
      if (!w || w.address !== event.address) return;
      const message = w.store.byGuid.get(event.guid);
      if (!message) return;
      const next =
        event.type === 'reactions.changed'
          ? { ...message, reactions: event.reactions }
          : event.type === 'reaction.toggled'
            ? { ...message, reactions: toggledReactions(message.reactions, event.user_guid, event.content, event.on) }
            : { ...message, flag: event.flag };
      w.store.byGuid.set(event.guid, next);
      touchMessage(changes, w.address, event.guid);
      return;
    }
    default:
      return;
  }
}

function touchWithNext(changes: ChangeSet, w: ContextWindow, guid: string): void {
  const index = indexOfMessage(w.store, guid);
  touchMessage(changes, w.address, guid);
  const next = w.store.order[index + 1];
  if (next) touchMessage(changes, w.address, next);
}
