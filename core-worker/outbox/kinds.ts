/**
 * What each kind of outbox entry is (protocol/outbox.ts): the call that
 * delivers it, the request body with the client id, the events once the
 * server accepted it, and how a refusal resolves. The outbox feature
 * (features/outbox.ts) does the rest — storing before the first send, one
 * entry per channel at a time, retrying with backoff while offline or on 5xx
 * and 429, keeping or dropping refused entries.
 *
 * Moving another mutation onto the outbox: add its payload to OutboxPayloads,
 * its endpoint to OutboxEndpoints and an entry to OUTBOX_KINDS; the server
 * must treat a repeated request as the same mutation (it is resent after a
 * lost answer, a reconnect or a reload).
 */
import type { DomainEvent } from '../../protocol/events';
import type { OutboxEntry, OutboxKindName } from '../../protocol/outbox';
import type { RequestOf, ResponseOf } from '../../protocol/rest/endpoints';
import type { Failure } from '../../protocol/result';

/** The REST endpoint that delivers each kind. */
interface OutboxEndpoints {
  post: 'post';
  delete: 'deleteMessage';
  bookmark: 'bookmark';
  react: 'react';
  unreact: 'unreact';
  flag: 'flag';
}

export interface OutboxKind<K extends OutboxKindName> {
  endpoint: OutboxEndpoints[K];
  /** The request body; it carries the entry id where the server de-duplicates by it. */
  request(entry: OutboxEntry<K>): RequestOf<OutboxEndpoints[K]>;
  /**
   * The events the accepted mutation brings (the outbox adds the entry's removal).
   * A string: the answer cannot be used; the entry fails with that reason.
   */
  accepted(entry: OutboxEntry<K>, response: ResponseOf<OutboxEndpoints[K]>): DomainEvent[] | string;
  /** A refusal that means it already happened (e.g. the message is already gone): the events, or null. */
  alreadyDone?(entry: OutboxEntry<K>, failure: Failure): DomainEvent[] | null;
  /** A refused entry stays, failed, so the user can retry or discard it (posts, deletions); otherwise it is dropped. */
  keepsFailed: boolean;
  /** For a dropped refusal: the events that undo what was applied at once when it was queued. */
  undo?(entry: OutboxEntry<K>): DomainEvent[];
  /** For a dropped refusal the user should hear of: the toast's title (its body is the server's reason). */
  refusalTitle?: string;
  /** A newer entry with the same key replaces one that is still waiting (one read bookmark per channel). */
  supersedeKey?(entry: OutboxEntry<K>): string;
}

const deletedEvent = (entry: OutboxEntry<'delete'>): DomainEvent => ({
  type: 'message.deleted',
  address: entry.address,
  guid: entry.payload.guid,
  reply_to: entry.payload.reply_to,
  ...(entry.payload.from_guid !== null ? { from_guid: entry.payload.from_guid } : {}),
  ...(entry.payload.created !== null ? { created: entry.payload.created } : {}),
});

/** The user's reaction set (on) or taken back: what is applied at once when queued, and what undoes it. */
const toggled = (entry: OutboxEntry<'react' | 'unreact'>, on: boolean): DomainEvent => ({
  type: 'reaction.toggled',
  address: entry.address,
  guid: entry.payload.guid,
  user_guid: entry.payload.user_guid,
  content: entry.payload.content,
  on,
});

export const OUTBOX_KINDS: { [K in OutboxKindName]: OutboxKind<K> } = {
  post: {
    endpoint: 'post',
    request: ({ id, address, payload }) => ({
      address,
      json: payload.json,
      is_urgent: payload.is_urgent,
      ...(payload.reply_to ? { reply_to: payload.reply_to } : {}),
      client_guid: id,
    }),
    accepted(entry, { message }) {
      if (message.address !== entry.address) return 'The server answered for another conversation.';
      return [{ type: 'message.received', message }];
    },
    keepsFailed: true,
  },
  delete: {
    endpoint: 'deleteMessage',
    request: ({ address, payload }) => ({ address, guid: payload.guid }),
    accepted: (entry) => [deletedEvent(entry)],
    // 'No message found': someone (or an earlier attempt whose answer was lost) deleted it already.
    alreadyDone: (entry, failure) => (failure.status === 404 ? [deletedEvent(entry)] : null),
    keepsFailed: true,
  },
  bookmark: {
    endpoint: 'bookmark',
    request: ({ payload }) => ({ guid: payload.guid }),
    // Marked viewed locally when queued; the next channel list brings the server's count.
    accepted: () => [],
    alreadyDone: (_entry, failure) => (failure.status === 404 ? [] : null),
    keepsFailed: false,
    supersedeKey: (entry) => `bookmark:${entry.address}`,
  },
  // Reactions are applied at once when queued (reaction.toggled); the server's list wins once accepted.
  react: {
    endpoint: 'react',
    request: ({ address, payload }) => ({ address, guid: payload.guid, content: payload.content }),
    accepted: (entry, { reactions }) => [{ type: 'reactions.changed', address: entry.address, guid: entry.payload.guid, reactions }],
    keepsFailed: false,
    undo: (entry) => [toggled(entry, false)],
    refusalTitle: 'Reaction not added',
  },
  unreact: {
    endpoint: 'unreact',
    request: ({ address, payload }) => ({ address, guid: payload.guid, content: payload.content }),
    accepted: (entry, { reactions }) => [{ type: 'reactions.changed', address: entry.address, guid: entry.payload.guid, reactions }],
    keepsFailed: false,
    undo: (entry) => [toggled(entry, true)],
    refusalTitle: 'Reaction not removed',
  },
  flag: {
    endpoint: 'flag',
    request: ({ address, payload }) => ({ address, guid: payload.guid, is_on: payload.flag > 0, flag: payload.flag }),
    // Set at once when queued (flag.set); the server's value wins if it differs.
    accepted: (entry, response) => (response.flag === entry.payload.flag ? [] : [{ type: 'flag.set', address: entry.address, guid: entry.payload.guid, flag: response.flag }]),
    keepsFailed: false,
    undo: ({ address, payload }) => [{ type: 'flag.set', address, guid: payload.guid, flag: payload.previous }],
    refusalTitle: 'Flag not saved',
  },
};
