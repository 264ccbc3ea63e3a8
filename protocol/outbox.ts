/**
 * The outbox: mutations the user made that the server has not confirmed yet.
 * An entry is stored (IndexedDB) before it is first sent and kept until the
 * server confirms or refuses it, so it is delivered exactly once across
 * reconnects, worker restarts and page reloads: the server de-duplicates by
 * the entry's client-generated id (docs/architecture.md "Outbox").
 *
 * Entries are plain data: they travel in events, are stored, and are shown.
 * A new kind of mutation adds its payload here and its behaviour in
 * core-worker/outbox/kinds.ts.
 */
import type { MessagePart } from './entities';

/** A post: `json` is what is sent, `parts` what the pending message shows meanwhile. */
export interface PostPayload {
  json: string;
  parts: MessagePart[];
  is_urgent: boolean;
  reply_to: string | null;
}

/** Deleting a message (a reply names its thread); its author and time let unread counters decide once it is gone. */
export interface DeletePayload {
  guid: string;
  from_guid: string | null;
  created: number | null;
  reply_to: string | null;
}

/** Adding (react) or removing (unreact) the user's reaction `content` on a message. */
export interface ReactionPayload {
  guid: string;
  content: string;
  user_guid: string;
}

/** Setting the user's flag on a message (0: none); `previous` is restored if the server refuses. */
export interface FlagPayload {
  guid: string;
  flag: number;
  previous: number;
}

/** Moving the read bookmark of a channel forward to a message. */
export interface BookmarkPayload {
  guid: string;
  created: number;
}

/** Every kind of mutation the outbox delivers, with its payload. */
export interface OutboxPayloads {
  post: PostPayload;
  delete: DeletePayload;
  bookmark: BookmarkPayload;
  react: ReactionPayload;
  unreact: ReactionPayload;
  flag: FlagPayload;
}
export type OutboxKindName = keyof OutboxPayloads;

export type OutboxState = 'pending' | 'failed';

export type OutboxEntry<K extends OutboxKindName = OutboxKindName> = {
  [N in K]: {
    /** Client-generated (a post's client_guid): the server de-duplicates by it. */
    id: string;
    kind: N;
    /** The channel it concerns: one channel's entries are delivered one at a time, in queue order. */
    address: string;
    payload: OutboxPayloads[N];
    /** Epoch ms it was queued (the envelope time). */
    queuedAt: number;
    /** pending: waiting, being sent or retried; failed: refused by the server (4xx), kept to retry or discard. */
    state: OutboxState;
    /** The server's reason, once failed. */
    error: string | null;
  };
}[K];
