/**
 * The REST calls Plaza makes, with the spec's paths and field names (spec 1 §7,
 * spec 3 §7.3). Every call is a POST of JSON. Secure calls live under
 * /secure/data and carry the X-Login-Guid and X-Auth-Token headers; sign-in is
 * under /data. Response fields beyond those the spec names are Plaza's choice
 * and are documented in docs/protocol.md.
 */
import { z } from 'zod';
import { Channel, Message, User } from '../entities';

const guid = z.string().min(1).max(200);
const ok = z.literal(true);

export const SECURE_BASE = '/secure/data';
export const AUTH_HEADERS = { loginGuid: 'x-login-guid', authToken: 'x-auth-token' } as const;

/** Looser email check of spec 1 §5: something, @, something, a dot, something. */
export const LOOSE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const LoginRequest = z.object({
  email: z.string().trim().min(1, 'This field is required').max(320).regex(LOOSE_EMAIL, 'Invalid email address'),
  password: z.string().min(1, 'This field is required').max(128),
});
export const LoginResponse = z.object({ isOk: ok, login_guid: guid, auth_token: z.string().min(16).max(500), user: User });

export const ChannelsListRequest = z.object({ include_recent: z.boolean().default(true) });
export const ChannelsListResponse = z.object({ isOk: ok, channels: z.array(Channel).max(100_000) });

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

export const StartConversationRequest = z.object({ target_user_guid: guid });
export const StartConversationResponse = z.object({ isOk: ok, channel: Channel });

export const UsersListRequest = z.object({
  all_results: z.boolean().default(true),
  details: z.boolean().default(false),
  include_self: z.boolean().default(false),
  include_bots: z.boolean().default(false),
  include_integrations: z.boolean().default(false),
});
export const UsersListResponse = z.object({ isOk: ok, users: z.array(User).max(100_000) });

/** One REST call: where it goes and the schemas of both directions. */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  secure: boolean;
  request: Req;
  response: Res;
}

const secure = <Req extends z.ZodType, Res extends z.ZodType>(path: string, request: Req, response: Res): Endpoint<Req, Res> => ({
  path: `${SECURE_BASE}${path}`,
  secure: true,
  request,
  response,
});

export const endpoints = {
  login: { path: '/data/login', secure: false, request: LoginRequest, response: LoginResponse },
  channelsList: secure('/confirmed/corporate/channels/list', ChannelsListRequest, ChannelsListResponse),
  history: secure('/confirmed/corporate/messages/history', HistoryRequest, HistoryResponse),
  post: secure('/confirmed/corporate/messages/post', PostRequest, PostResponse),
  bookmark: secure('/confirmed/corporate/messages/bookmark', BookmarkRequest, BookmarkResponse),
  deleteMessage: secure('/confirmed/corporate/messages/delete', DeleteRequest, DeleteResponse),
  startConversation: secure('/confirmed/corporate/conversations/start', StartConversationRequest, StartConversationResponse),
  usersList: secure('/confirmed/corporate/users/list', UsersListRequest, UsersListResponse),
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;
/** What the server sends for a call (schema input: before defaults and decoding). */
export type ResponseBodyOf<N extends EndpointName> = z.input<Endpoints[N]['response']>;
