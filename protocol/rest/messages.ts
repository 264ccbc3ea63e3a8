/** Message history, posting, bookmarks and deletion (spec 1 §7 "Messages"). */
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

export const messageEndpoints = {
  history: secure('/confirmed/corporate/messages/history', HistoryRequest, HistoryResponse),
  post: secure('/confirmed/corporate/messages/post', PostRequest, PostResponse),
  bookmark: secure('/confirmed/corporate/messages/bookmark', BookmarkRequest, BookmarkResponse),
  deleteMessage: secure('/confirmed/corporate/messages/delete', DeleteRequest, DeleteResponse),
} as const;
