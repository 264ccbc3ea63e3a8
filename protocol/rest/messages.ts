/** Message history, threads, posting, bookmarks, deletion, reactions and flags (spec 1 §7 "Messages"), and the change feed for catch-up. */
import { z } from 'zod';
import { Message, Reaction, ReactionContent } from '../entities';
import { guid, ok, secure } from './endpoint';

/**
 * Page 0 is the newest page; a page shorter than page_size means the history is complete.
 * A conversation's history holds its top-level messages only: replies live in their thread
 * (messages/thread). With `is_favorites: true` it is the caller's flagged messages instead,
 * replies included: in the conversation at `address`, or in every conversation when
 * `address` is null (the "Flagged messages" view).
 */
export const HistoryRequest = z
  .object({
    page: z.number().int().min(0).max(1_000_000),
    address: guid.nullable().default(null),
    is_favorites: z.boolean().default(false),
    task_guid: guid.nullable().default(null),
  })
  .refine((b) => b.address !== null || b.is_favorites, { path: ['address'], message: 'Required unless is_favorites is true' });
export const HistoryResponse = z.object({ isOk: ok, data: z.array(Message).max(1_000), page_size: z.number().int().positive().max(1_000) });

/** At most this many replies come back for one thread (the oldest ones). */
export const THREAD_REPLY_LIMIT = 1_000;

/** A thread: its first message and every reply, oldest first. `guid` may name a reply: its whole thread is returned. */
export const ThreadRequest = z.object({ address: guid, guid });
export const ThreadResponse = z.object({ isOk: ok, message: Message, data: z.array(Message).max(THREAD_REPLY_LIMIT) });

/** The longest `json` (a message's serialized parts) a post may carry, in characters. */
export const POST_JSON_MAX = 200_000;

/** `json` is the serialized list of parts; `client_guid` lets the server de-duplicate retries. */
export const PostRequest = z.object({
  address: guid,
  json: z.string().min(2).max(POST_JSON_MAX),
  is_urgent: z.boolean().default(false),
  task_guid: guid.nullable().optional(),
  reply_to: guid.nullable().optional(),
  client_guid: guid.optional(),
});
export const PostResponse = z.object({ isOk: ok, message: Message });

export const BookmarkRequest = z.object({ guid });
export const BookmarkResponse = z.object({ isOk: ok, address: guid, unread_messages: z.number().int().nonnegative() });

/**
 * Plaza's extension for "mark all read": moves many bookmarks at once, forward only. Each guid is the
 * newest message the client knows in its channel, so nothing it has not seen is marked read.
 */
export const BookmarksRequest = z.object({ guids: z.array(guid).min(1).max(10_000) });
export const BookmarksResponse = z.object({ isOk: ok, updated: z.number().int().nonnegative() });

export const DeleteRequest = z.object({
  address: guid,
  guid,
  task_guid: guid.nullable().optional(),
  reply_to: guid.nullable().optional(),
});
export const DeleteResponse = z.object({ isOk: ok });

/**
 * Exact catch-up (Plaza's addition; docs/protocol.md "Exact catch-up"): every change to a message
 * in the caller's channels with a change sequence after `since`, oldest change first — posted or
 * changed messages as they are now, deleted ones as tombstones. `since: null` asks only for the
 * cursor (a fresh client's starting point). `cursor` is where the next call continues; `has_more`
 * says a full page was returned and more changes wait.
 */
export const ChangesRequest = z.object({
  since: z.number().int().nonnegative().nullable(),
  limit: z.number().int().min(1).max(1_000).default(500),
});
export const DeletedMessage = z.object({
  address: guid,
  guid,
  from_guid: guid,
  created: z.number().int().nonnegative(),
  reply_to: guid.nullable().default(null),
  change_seq: z.number().int().nonnegative(),
});
export type DeletedMessage = z.output<typeof DeletedMessage>;
export const ChangesResponse = z.object({
  isOk: ok,
  messages: z.array(Message).max(1_000),
  deleted: z.array(DeletedMessage).max(1_000),
  cursor: z.number().int().nonnegative(),
  has_more: z.boolean(),
});

/** react and reaction/delete share a body; both answer with the message's reactions after the change. */
export const ReactRequest = z.object({ address: guid, guid, content: ReactionContent });
export const ReactResponse = z.object({ isOk: ok, reactions: z.array(Reaction).max(10_000) });

/** Flags are per user. `is_on: false` removes the flag (its `flag` is then ignored). */
export const FlagRequest = z
  .object({
    guid,
    is_on: z.boolean(),
    flag: z.number().int().min(0).max(12).default(0),
    address: guid,
  })
  .refine((b) => !b.is_on || b.flag >= 1, { path: ['flag'], message: 'Choose a flag colour from 1 to 12' });
export const FlagResponse = z.object({ isOk: ok, guid, flag: z.number().int().min(0).max(12) });

export const messageEndpoints = {
  history: secure('/confirmed/corporate/messages/history', HistoryRequest, HistoryResponse),
  thread: secure('/confirmed/corporate/messages/thread', ThreadRequest, ThreadResponse),
  post: secure('/confirmed/corporate/messages/post', PostRequest, PostResponse),
  bookmark: secure('/confirmed/corporate/messages/bookmark', BookmarkRequest, BookmarkResponse),
  bookmarks: secure('/confirmed/corporate/messages/bookmarks', BookmarksRequest, BookmarksResponse),
  deleteMessage: secure('/confirmed/corporate/messages/delete', DeleteRequest, DeleteResponse),
  changes: secure('/confirmed/corporate/messages/changes', ChangesRequest, ChangesResponse),
  react: secure('/confirmed/corporate/messages/react', ReactRequest, ReactResponse),
  unreact: secure('/confirmed/corporate/messages/reaction/delete', ReactRequest, ReactResponse),
  flag: secure('/confirmed/corporate/messages/flag', FlagRequest, FlagResponse),
} as const;
