/**
 * Messages per channel as a paged store (spec 1 §3: page, page_size,
 * isComplete). Messages are kept in display order (created, then guid) and
 * de-duplicated by guid, so a message that arrives by socket and again in a
 * history page is stored once.
 *
 * The store holds a conversation's top-level messages: replies live in their
 * thread (threads.ts), and here only move their first message's thread summary
 * (reply_count, last_reply_ts). `last_reply_ts` doubles as the watermark of
 * what the count includes: a reply at or before it is already counted (replies
 * are strictly ordered by `created` within a channel), so a reply delivered by
 * socket and again by the post response counts once. Deleted guids are
 * remembered, so a late copy of a deleted message never comes back and a
 * deletion heard twice (response and DEL frame) is applied once; and a copy
 * older than the one held (by the server's change_seq) is ignored, so frames
 * that arrive late or out of order cannot undo a newer change.
 *
 * `cursor` is the catch-up cursor (docs/protocol.md "Exact catch-up"): every
 * message change up to it is reflected in every store held.
 */
import type { Message, Reaction } from '../protocol/entities';
import type { DomainEvent, Envelope } from '../protocol/events';
import { touchMessage, type ChangeSet } from './changes';
import type { ThreadsState } from './threads';

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
  /** Guids of deleted messages (top-level and replies): tombstones, see above. */
  deleted: Set<string>;
  /** Catch-up cursor: the server's change sequence up to which every store is current; null before the first catch-up. */
  cursor: number | null;
}

export const DEFAULT_PAGE_SIZE = 50;

export function createMessages(): MessagesState {
  return { byAddress: new Map(), deleted: new Set(), cursor: null };
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
    case 'thread.loaded':
    case 'message.deleted':
    case 'reactions.changed':
    case 'reaction.toggled':
    case 'flag.set':
      return [event.address];
    case 'message.received':
      return [event.message.address];
    default:
      return [];
  }
}

/** Whether an event may add to the tombstones (`deleted`), which copy-on-write checkpoints share likewise. */
export function writesTombstones(event: DomainEvent): boolean {
  return event.type === 'message.deleted';
}

/**
 * Whether `message` must not be stored: it was deleted, or the store holds a newer version
 * (a late or reordered frame). Unread and channels ask this too, before counting or previewing it.
 */
export function isSuperseded(state: MessagesState, message: Pick<Message, 'address' | 'guid' | 'change_seq'>): boolean {
  if (state.deleted.has(message.guid)) return true;
  const held = state.byAddress.get(message.address)?.byGuid.get(message.guid)?.change_seq;
  return held != null && message.change_seq != null && message.change_seq < held;
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
  // New messages almost always go last: a push, not a splice.
  if (index === store.order.length) store.order.push(message.guid);
  else store.order.splice(index, 0, message.guid);
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

/** A reaction list with one user's reaction added (on) or removed; unchanged when already so. */
export function toggledReactions(reactions: readonly Reaction[], user_guid: string, content: string, on: boolean): Reaction[] {
  const has = reactions.some((r) => r.target_user_guid === user_guid && r.content === content);
  if (on === has) return [...reactions];
  return on ? [...reactions, { target_user_guid: user_guid, content }] : reactions.filter((r) => !(r.target_user_guid === user_guid && r.content === content));
}

/**
 * A first message as the server sent it, keeping the thread summary we already hold when
 * ours is ahead (a live reply arrived after the server computed its answer).
 */
function withKnownSummary(incoming: Message, existing: Message | undefined): Message {
  if (!existing || (existing.last_reply_ts ?? -1) <= (incoming.last_reply_ts ?? -1)) return incoming;
  return { ...incoming, reply_count: existing.reply_count, last_reply_ts: existing.last_reply_ts };
}

/** Replaces a stored message by a changed copy (same guid and created) and notes it. */
function replace(store: MessageStore, address: string, message: Message, changes: ChangeSet): void {
  store.byGuid.set(message.guid, message);
  touchMessage(changes, address, message.guid);
}

/** A live reply reached its first message: count it unless the watermark says it is in already. */
function countReply(state: MessagesState, reply: Message, changes: ChangeSet): void {
  const store = state.byAddress.get(reply.address);
  const parent = reply.reply_to ? store?.byGuid.get(reply.reply_to) : undefined;
  if (!store || !parent || reply.created <= (parent.last_reply_ts ?? -Infinity)) return;
  replace(store, reply.address, { ...parent, reply_count: parent.reply_count + 1, last_reply_ts: reply.created }, changes);
}

/** A reply was deleted: uncount it if the count included it; the last reply time falls back to the one before when known. */
function uncountReply(state: MessagesState, threads: ThreadsState, address: string, guid: string, parentGuid: string, created: number | undefined, changes: ChangeSet): void {
  const store = state.byAddress.get(address);
  const parent = store?.byGuid.get(parentGuid);
  const thread = threads.byParent.get(parentGuid);
  const createdAt = created ?? thread?.byGuid.get(guid)?.created;
  if (!store || !parent || createdAt === undefined || parent.last_reply_ts === null || createdAt > parent.last_reply_ts) return;
  const reply_count = Math.max(0, parent.reply_count - 1);
  let last_reply_ts: number | null = parent.last_reply_ts;
  if (reply_count === 0) last_reply_ts = null;
  else if (createdAt === parent.last_reply_ts && thread) {
    const before = thread.order.filter((g) => g !== guid).at(-1);
    last_reply_ts = before ? thread.byGuid.get(before)!.created : null;
  }
  replace(store, address, { ...parent, reply_count, last_reply_ts }, changes);
}

export function applyMessages(state: MessagesState, { event }: Envelope, changes: ChangeSet, threads: ThreadsState): void {
  switch (event.type) {
    case 'history.loaded': {
      const store = storeFor(state, event.address);
      for (const message of event.messages) {
        if (message.reply_to || isSuperseded(state, message)) continue;
        touchWithNext(changes, store, event.address, upsert(store, withKnownSummary(message, store.byGuid.get(message.guid))));
      }
      store.page_size = event.page_size;
      store.page = Math.max(store.page, event.page);
      if (event.messages.length < event.page_size) store.isComplete = true;
      changes.conversationMeta.add(event.address);
      return;
    }
    case 'message.received': {
      const { message } = event;
      if (isSuperseded(state, message)) return;
      if (message.reply_to) return countReply(state, message, changes);
      const store = storeFor(state, message.address);
      touchWithNext(changes, store, message.address, upsert(store, withKnownSummary(message, store.byGuid.get(message.guid))));
      return;
    }
    case 'thread.loaded': {
      // The thread's answer is the freshest count there is for its first message.
      const store = state.byAddress.get(event.address);
      const stored = store?.byGuid.get(event.parent.guid);
      if (store && stored && !state.deleted.has(event.parent.guid)) replace(store, event.address, withKnownSummary(event.parent, stored), changes);
      return;
    }
    case 'message.deleted': {
      if (state.deleted.has(event.guid)) return;
      state.deleted.add(event.guid);
      const store = state.byAddress.get(event.address);
      const index = store ? indexOfMessage(store, event.guid) : -1;
      if (!store || index < 0) {
        if (event.reply_to) uncountReply(state, threads, event.address, event.guid, event.reply_to, event.created, changes);
        return;
      }
      const next = store.order[index + 1];
      store.order.splice(index, 1);
      store.byGuid.delete(event.guid);
      touchMessage(changes, event.address, event.guid);
      if (next) touchMessage(changes, event.address, next);
      return;
    }
    case 'reactions.changed':
    case 'reaction.toggled': {
      const store = state.byAddress.get(event.address);
      const message = store?.byGuid.get(event.guid);
      if (!store || !message) return;
      if (event.type === 'reactions.changed' && event.change_seq !== undefined && message.change_seq !== null && event.change_seq < message.change_seq) return; // a late frame
      const reactions = event.type === 'reactions.changed' ? event.reactions : toggledReactions(message.reactions, event.user_guid, event.content, event.on);
      const change_seq = event.type === 'reactions.changed' ? (event.change_seq ?? message.change_seq) : message.change_seq;
      replace(store, event.address, { ...message, reactions, change_seq }, changes);
      return;
    }
    case 'flag.set': {
      const store = state.byAddress.get(event.address);
      const message = store?.byGuid.get(event.guid);
      if (store && message && message.flag !== event.flag) replace(store, event.address, { ...message, flag: event.flag }, changes);
      return;
    }
    case 'sync.advanced':
      state.cursor = Math.max(state.cursor ?? 0, event.cursor);
      return;
    case 'messages.reset':
      for (const address of state.byAddress.keys()) changes.messages.set(address, 'all');
      state.byAddress.clear();
      state.cursor = event.cursor;
      return;
    case 'channel.removed':
      if (state.byAddress.delete(event.address)) changes.messages.set(event.address, 'all');
      return;
    case 'messages.evicted':
      for (const address of event.addresses) if (state.byAddress.delete(address)) changes.messages.set(address, 'all');
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
