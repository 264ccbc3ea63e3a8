/**
 * The outbox as the views see it: mutations not yet confirmed by the server,
 * in queue order (protocol/outbox.ts). A post leaves it as soon as its message
 * arrives by any path (the post's answer, a MSG frame, catch-up or history),
 * matched by its client_guid, so it is never shown twice.
 */
import type { Message } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import type { OutboxEntry } from '../protocol/outbox';
import { touchMessage, type ChangeSet } from './changes';

export interface OutboxProjection {
  /** Entries by id, in queue order (a Map keeps insertion order). */
  byId: Map<string, OutboxEntry>;
  /** Grows with every change, so the core can tell cheaply whether its stored copy is behind. */
  revision: number;
}

export function createOutbox(): OutboxProjection {
  return { byId: new Map(), revision: 0 };
}

function touch(changes: ChangeSet, entry: OutboxEntry): void {
  changes.outbox.add(entry.address);
  if (entry.kind === 'delete') touchMessage(changes, entry.address, entry.payload.guid);
}

function put(state: OutboxProjection, entry: OutboxEntry, changes: ChangeSet): void {
  state.byId.set(entry.id, entry);
  state.revision++;
  touch(changes, entry);
}

function remove(state: OutboxProjection, id: string, changes: ChangeSet): void {
  const entry = state.byId.get(id);
  if (!entry) return;
  state.byId.delete(id);
  state.revision++;
  touch(changes, entry);
}

/** A message that arrived settles the post that made it. */
function arrived(state: OutboxProjection, message: Message, changes: ChangeSet): void {
  if (message.client_guid !== null && state.byId.get(message.client_guid)?.kind === 'post') remove(state, message.client_guid, changes);
}

export function applyOutbox(state: OutboxProjection, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'outbox.queued':
      put(state, event.entry, changes);
      return;
    case 'outbox.failed': {
      const entry = state.byId.get(event.id);
      if (entry) put(state, { ...entry, state: 'failed', error: event.error }, changes);
      return;
    }
    case 'outbox.retried': {
      const entry = state.byId.get(event.id);
      if (entry && entry.state === 'failed') put(state, { ...entry, state: 'pending', error: null }, changes);
      return;
    }
    case 'outbox.removed':
      remove(state, event.id, changes);
      return;
    case 'outbox.restored':
      for (const entry of state.byId.values()) touch(changes, entry);
      state.byId = new Map([...event.entries].sort((a, b) => a.queuedAt - b.queuedAt).map((e) => [e.id, e]));
      for (const entry of state.byId.values()) touch(changes, entry);
      state.revision++;
      return;
    case 'message.received':
      if (state.byId.size > 0) arrived(state, event.message, changes);
      return;
    case 'history.loaded':
      if (state.byId.size > 0) for (const message of event.messages) arrived(state, message, changes);
      return;
    case 'thread.loaded':
      if (state.byId.size > 0) for (const message of [event.parent, ...event.replies]) arrived(state, message, changes);
      return;
    default:
      return;
  }
}

/** The posts waiting or failed in one channel, in queue order. */
export function outboxPosts(state: OutboxProjection, address: string): OutboxEntry<'post'>[] {
  const posts: OutboxEntry<'post'>[] = [];
  for (const entry of state.byId.values()) if (entry.kind === 'post' && entry.address === address) posts.push(entry);
  return posts;
}

/** Deletions waiting or failed in one channel, by the guid of the message they delete. */
export function outboxDeletions(state: OutboxProjection, address: string): Map<string, OutboxEntry<'delete'>> {
  const byGuid = new Map<string, OutboxEntry<'delete'>>();
  for (const entry of state.byId.values()) if (entry.kind === 'delete' && entry.address === address) byGuid.set(entry.payload.guid, entry);
  return byGuid;
}
