/**
 * Messages per channel as a paged store (spec 1 §3: page, page_size,
 * isComplete). Messages are kept in display order (created, then guid) and
 * de-duplicated by guid, so a message that arrives by socket and again in a
 * history page is stored once.
 */
import type { Message } from '../protocol/entities';
import type { DomainEvent, Envelope } from '../protocol/events';
import { touchMessage, type ChangeSet } from './changes';

export interface MessageStore {
  byGuid: Map<string, Message>;
  /** Guids in display order. */
  order: string[];
  /** Highest history page loaded (0 is the newest), or -1 when none was loaded. */
  page: number;
  page_size: number;
  /** Every page back to the first message is loaded. */
  isComplete: boolean;
}

export interface MessagesState {
  byAddress: Map<string, MessageStore>;
}

export const DEFAULT_PAGE_SIZE = 50;

export function createMessages(): MessagesState {
  return { byAddress: new Map() };
}

function storeFor(state: MessagesState, address: string): MessageStore {
  let store = state.byAddress.get(address);
  if (!store) {
    store = { byGuid: new Map(), order: [], page: -1, page_size: DEFAULT_PAGE_SIZE, isComplete: false };
    state.byAddress.set(address, store);
  }
  return store;
}

/** A copy of one store later folds cannot change (messages are values: folds replace them, never mutate them). */
export function cloneStore(store: MessageStore): MessageStore {
  return { ...store, byGuid: new Map(store.byGuid), order: store.order.slice() };
}

/**
 * The addresses whose store an event may create or change in place. Removing a store from the map
 * (channel.removed, channels.listed) changes no store, so those are not named. The one place that
 * knows it besides `applyMessages` itself: copy-on-write checkpoints (the debugger) rely on it, and
 * tests/projections/clone.test.ts holds it to the fold.
 */
export function storesWrittenBy(event: DomainEvent): readonly string[] {
  switch (event.type) {
    case 'history.loaded':
    case 'message.deleted':
    case 'reactions.changed':
      return [event.address];
    case 'message.received':
      return [event.message.address];
    default:
      return [];
  }
}

/** Display order: older first; ties broken by guid so every client agrees. */
export function compareMessages(a: Pick<Message, 'created' | 'guid'>, b: Pick<Message, 'created' | 'guid'>): number {
  return a.created - b.created || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);
}

/** Where a message with this (created, guid) is, or would go, in display order: a binary search, never a scan. */
function positionOf(store: MessageStore, key: Pick<Message, 'created' | 'guid'>): number {
  let lo = 0;
  let hi = store.order.length;
  // New messages almost always go last: check that before searching.
  const last = hi > 0 ? store.byGuid.get(store.order[hi - 1]!)! : undefined;
  if (!last || compareMessages(last, key) < 0) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareMessages(store.byGuid.get(store.order[mid]!)!, key) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of a stored message in display order, or -1. */
export function indexOfMessage(store: MessageStore, guid: string): number {
  const message = store.byGuid.get(guid);
  if (!message) return -1;
  const index = positionOf(store, message);
  return store.order[index] === guid ? index : -1;
}

/** Inserts or replaces one message, keeping order. Returns its index. */
function upsert(store: MessageStore, message: Message): number {
  const existing = store.byGuid.get(message.guid);
  if (existing && existing.created === message.created) {
    store.byGuid.set(message.guid, message);
    return indexOfMessage(store, message.guid);
  }
  if (existing) store.order.splice(indexOfMessage(store, message.guid), 1);
  store.byGuid.set(message.guid, message);
  const index = positionOf(store, message);
  store.order.splice(index, 0, message.guid);
  return index;
}

/** The message before `guid` in display order, if any. */
export function previousMessage(store: MessageStore, guid: string): Message | undefined {
  const index = indexOfMessage(store, guid);
  return index > 0 ? store.byGuid.get(store.order[index - 1]!) : undefined;
}

export function latestMessage(store: MessageStore | undefined): Message | undefined {
  if (!store || store.order.length === 0) return undefined;
  return store.byGuid.get(store.order[store.order.length - 1]!);
}

/** Marks the message at `index` and the one after it (whose merged header depends on it) as changed. */
function touchWithNext(changes: ChangeSet, store: MessageStore, address: string, index: number): void {
  touchMessage(changes, address, store.order[index]!);
  const next = store.order[index + 1];
  if (next) touchMessage(changes, address, next);
}

export function applyMessages(state: MessagesState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'history.loaded': {
      const store = storeFor(state, event.address);
      for (const message of event.messages) touchWithNext(changes, store, event.address, upsert(store, message));
      store.page_size = event.page_size;
      store.page = Math.max(store.page, event.page);
      if (event.messages.length < event.page_size) store.isComplete = true;
      changes.conversationMeta.add(event.address);
      return;
    }
    case 'message.received': {
      const { message } = event;
      const store = storeFor(state, message.address);
      touchWithNext(changes, store, message.address, upsert(store, message));
      return;
    }
    case 'message.deleted': {
      const store = state.byAddress.get(event.address);
      const index = store ? indexOfMessage(store, event.guid) : -1;
      if (!store || index < 0) return;
      const next = store.order[index + 1];
      store.order.splice(index, 1);
      store.byGuid.delete(event.guid);
      touchMessage(changes, event.address, event.guid);
      if (next) touchMessage(changes, event.address, next);
      return;
    }
    case 'reactions.changed': {
      const store = state.byAddress.get(event.address);
      const message = store?.byGuid.get(event.guid);
      if (!store || !message) return;
      store.byGuid.set(event.guid, { ...message, reactions: event.reactions });
      touchMessage(changes, event.address, event.guid);
      return;
    }
    case 'channel.removed':
      if (state.byAddress.delete(event.address)) changes.messages.set(event.address, 'all');
      return;
    case 'channels.listed': {
      // Channels the user lost take their messages with them.
      const kept = new Set(event.channels.map((c) => c.address));
      for (const address of [...state.byAddress.keys()]) {
        if (!kept.has(address)) {
          state.byAddress.delete(address);
          changes.messages.set(address, 'all');
        }
      }
      return;
    }
    default:
      return;
  }
}
