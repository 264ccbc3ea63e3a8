/**
 * The REST endpoints (paths and schemas from protocol/rest/endpoints.ts).
 *
 * Status codes, chosen so the client can act on the status alone:
 * - 200 `{isOk: true, …}`: success.
 * - 400 `{isOk: false, message, results?}`: the request was understood and refused — bad JSON or a
 *   body failing the request schema (`results` names the fields), a post refused by the posting
 *   rules (message = the reason from postingRight), deleting someone else's message without being a
 *   channel admin (member_type 2) or company admin, starting a conversation with yourself or a user
 *   outside your company.
 * - 401 `{isOk: false, message: 'The email or password is incorrect.'}`: sign-in failed (only /data/login).
 * - 403 `{isOk: false, message: 'Not signed in'}`: ONLY ever means "no valid session" (missing or
 *   wrong X-Login-Guid / X-Auth-Token); the client goes to /login (spec 1 §8). Never used for
 *   permissions.
 * - 404 `{isOk: false, message: 'No channel found' | 'No message found' | 'Not found'}`: unknown
 *   path, unknown channel or message, or a channel the user is not a member of (indistinguishable on
 *   purpose, so membership does not leak).
 * - 405: a method other than POST on an API path. 413: body over 1 MB. 500: a server bug (logged).
 */
import type { z } from 'zod';
import { MessageParts } from '../protocol/entities';
import { endpoints, type EndpointName, type Endpoints, type ResponseBodyOf } from '../protocol/rest/endpoints';
import { postingRight } from '../protocol/rules/posting-rights';
import {
  findByClientGuid,
  findOrCreateDm,
  getMemberChannel,
  getMemberChannelByGuid,
  getMessage,
  historyPage,
  insertMessage,
  listMemberChannels,
  memberGuids,
  moveBookmark,
  PAGE_SIZE,
  softDeleteMessage,
  type MemberChannel,
} from './channel-store';
import type { Database } from './db';
import { reject } from './http-util';
import type { SocketHub } from './socket-hub';
import { checkCredentials, createSession, getUser, listCompanyUsers, userWire, type UserRow } from './user-store';

export const MESSAGES = {
  badCredentials: 'The email or password is incorrect.',
  notSignedIn: 'Not signed in',
  noChannel: 'No channel found',
  noMessage: 'No message found',
  notFound: 'Not found',
  deleteOwnOnly: 'You can only delete your own messages.',
  selfConversation: 'You cannot start a conversation with yourself.',
  noUser: 'No such user in your company.',
  emptyMessage: 'The message is empty.',
  clientGuidReused: 'This client_guid was already used for a message in another channel.',
} as const;

type SecureName = Exclude<EndpointName, 'login'>;
type RequestBody<N extends EndpointName> = z.output<Endpoints[N]['request']>;
export type SecureHandlers = { [N in SecureName]: (user: UserRow, body: RequestBody<N>) => Promise<ResponseBodyOf<N>> };

export interface RouteDeps {
  db: Database;
  hub: SocketHub;
}

export async function login(deps: RouteDeps, body: RequestBody<'login'>): Promise<ResponseBodyOf<'login'>> {
  const user = await checkCredentials(deps.db, body.email, body.password);
  if (!user) throw reject(401, MESSAGES.badCredentials);
  const session = await createSession(deps.db, user.guid);
  return { isOk: true, ...session, user: userWire(user, deps.hub.connectionState(user.guid)) };
}

export function secureHandlers({ db, hub }: RouteDeps): SecureHandlers {
  const memberChannel = async (user: UserRow, address: string): Promise<MemberChannel> => {
    const channel = await getMemberChannel(db, user.guid, address);
    if (!channel) throw reject(404, MESSAGES.noChannel);
    return channel;
  };

  return {
    async channelsList(user) {
      const channels = await listMemberChannels(db, user.guid);
      return { isOk: true, channels: channels.map((c) => c.wire) };
    },

    async history(user, body) {
      const channel = await memberChannel(user, body.address);
      return { isOk: true, data: await historyPage(db, channel.guid, body.page), page_size: PAGE_SIZE };
    },

    async post(user, body) {
      const channel = await memberChannel(user, body.address);
      const parts = parseParts(body.json);
      if (body.client_guid) {
        // A retry of a post that already landed: answer with it, broadcast nothing.
        const earlier = await findByClientGuid(db, user.guid, body.client_guid);
        if (earlier && earlier.channel_guid !== channel.guid) throw reject(400, MESSAGES.clientGuidReused, { client_guid: MESSAGES.clientGuidReused });
        if (earlier) return { isOk: true, message: earlier.wire };
      }
      const c = channel.wire;
      const right = postingRight(
        { channel_type: c.channel_type, etype: c.etype, is_hr: c.is_hr ?? false, read_only: c.read_only ?? false, is_member: true, user_is_admin: c.member_type === 2 },
        user,
      );
      if (!right.allowed) throw reject(400, right.reason);
      const replyTo = body.reply_to ?? null;
      if (replyTo) {
        const parent = await getMessage(db, replyTo);
        if (!parent || parent.channel_guid !== channel.guid) throw reject(400, `reply_to: ${MESSAGES.noMessage}`, { reply_to: MESSAGES.noMessage });
      }
      const { message, created } = await insertMessage(db, {
        channel_guid: channel.guid,
        from_guid: user.guid,
        json: JSON.stringify(parts),
        is_urgent: body.is_urgent,
        reply_to: replyTo,
        client_guid: body.client_guid ?? null,
      });
      if (created) hub.sendToUsers(await memberGuids(db, channel.guid), 'MSG', { message: message.wire });
      return { isOk: true, message: message.wire };
    },

    async bookmark(user, body) {
      const message = await getMessage(db, body.guid);
      if (!message) throw reject(404, MESSAGES.noMessage);
      const channel = await getMemberChannelByGuid(db, user.guid, message.channel_guid);
      if (!channel) throw reject(404, MESSAGES.noChannel);
      const unread = await moveBookmark(db, channel.guid, user.guid, message.wire);
      return { isOk: true, address: channel.wire.address, unread_messages: unread };
    },

    async deleteMessage(user, body) {
      const channel = await memberChannel(user, body.address);
      const message = await getMessage(db, body.guid);
      if (!message || message.channel_guid !== channel.guid) throw reject(404, MESSAGES.noMessage);
      const mayDelete = message.wire.from_guid === user.guid || channel.wire.member_type === 2 || user.is_company_admin;
      if (!mayDelete) throw reject(400, MESSAGES.deleteOwnOnly);
      // Deleting twice is a harmless retry: success, no second DEL.
      if (await softDeleteMessage(db, message.wire.guid)) {
        const { address, guid, from_guid, created, reply_to } = message.wire;
        hub.sendToUsers(await memberGuids(db, channel.guid), 'DEL', { address, guid, from_guid, created, reply_to });
      }
      return { isOk: true };
    },

    async startConversation(user, body) {
      if (body.target_user_guid === user.guid) throw reject(400, MESSAGES.selfConversation, { target_user_guid: MESSAGES.selfConversation });
      const target = await getUser(db, body.target_user_guid);
      if (!target || target.company_guid !== user.company_guid) throw reject(400, MESSAGES.noUser, { target_user_guid: MESSAGES.noUser });
      const dm = await db.transaction((tx) => findOrCreateDm(tx, user.company_guid, user.guid, target.guid));
      const mine = await getMemberChannelByGuid(db, user.guid, dm.guid);
      if (!mine) throw new Error('conversation without its starter as member');
      if (dm.created) {
        hub.sendToUsers([user.guid], 'CHA', { action: 'add', channel: mine.wire });
        const theirs = await getMemberChannelByGuid(db, target.guid, dm.guid);
        if (theirs) hub.sendToUsers([target.guid], 'CHA', { action: 'add', channel: theirs.wire });
      }
      return { isOk: true, channel: mine.wire };
    },

    async usersList(user, body) {
      const users = await listCompanyUsers(db, user.company_guid);
      const shown = users.filter((u) => (body.include_self || u.guid !== user.guid) && (body.include_bots || u.user_type !== 2));
      return { isOk: true, users: shown.map((u) => userWire(u, hub.connectionState(u.guid))) };
    },
  };
}

/** `json` must be a JSON list of protocol MessageParts with at least one part. */
function parseParts(json: string): z.output<typeof MessageParts> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw reject(400, 'json: not valid JSON', { json: 'not valid JSON' });
  }
  const parts = MessageParts.safeParse(raw);
  if (!parts.success) {
    const issue = parts.error.issues[0];
    const detail = `${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'invalid parts'}`;
    throw reject(400, `json: ${detail}`, { json: detail });
  }
  if (parts.data.length === 0) throw reject(400, `json: ${MESSAGES.emptyMessage}`, { json: MESSAGES.emptyMessage });
  return parts.data;
}

/** Path → endpoint name, for the dispatcher. */
export const ROUTES = new Map<string, EndpointName>(Object.entries(endpoints).map(([name, e]) => [e.path, name as EndpointName]));
