/** Message history, posting, bookmarks and deletion (spec 1 §7 "Messages"), and the change feed for catch-up. */
import { z } from 'zod';
import { Message } from '../entities';
import { guid, ok, secure } from './endpoint';

/** Page 0 is the newest page; a page shorter than page_size means the history is complete. */
export const HistoryRequest = z.object({
  page: z.number().int().min(0).max(1_000_000),
  address: guid,
  is_favorites: z.boolean().default(false),
  task_guid: guid.nullable().default(null),
});
export const HistoryResponse = z.object({ isOk: ok, data: z.array(Message).max(1_000), page_size: z.number().int().positive().max(1_000) });

/** `json` is the serialized list of parts; `client_guid` lets the server de-duplicate retries. */
export const PostRequest = z.object({
  address: guid,
  json: z.string().min(2).max(200_000),
  is_urgent: z.boolean().default(false),
  task_guid: guid.nullable().optional(),
  reply_to: guid.nullable().optional(),
  client_guid: guid.optional(),
});
export const PostResponse = z.object({ isOk: ok, message: Message });

export const BookmarkRequest = z.object({ guid });
export const BookmarkResponse = z.object({ isOk: ok, address: guid, unread_messages: z.number().int().nonnegative() });

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

export const messageEndpoints = {
  history: secure('/confirmed/corporate/messages/history', HistoryRequest, HistoryResponse),
  post: secure('/confirmed/corporate/messages/post', PostRequest, PostResponse),
  bookmark: secure('/confirmed/corporate/messages/bookmark', BookmarkRequest, BookmarkResponse),
  deleteMessage: secure('/confirmed/corporate/messages/delete', DeleteRequest, DeleteResponse),
  changes: secure('/confirmed/corporate/messages/changes', ChangesRequest, ChangesResponse),
} as const;
