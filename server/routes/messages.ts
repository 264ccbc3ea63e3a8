/** History, posting (with the posting rights of spec 1 §5), bookmarks and deletion. */
import type { z } from 'zod';
import { MessageParts } from '../../protocol/entities';
import { postingRight } from '../../protocol/rules/posting-rights';
import {
  findByClientGuid,
  getMemberChannelByGuid,
  getMessage,
  historyPage,
  insertMessage,
  memberGuids,
  moveBookmark,
  PAGE_SIZE,
  softDeleteMessage,
} from '../channel-store';
import { reject } from '../http-util';
import { memberChannel, MESSAGES, type Handlers, type RouteDeps } from './context';

export function messageHandlers({ db, hub }: RouteDeps): Handlers<'history' | 'post' | 'bookmark' | 'deleteMessage'> {
  return {
    async history(user, body) {
      const channel = await memberChannel(db, user, body.address);
      return { isOk: true, data: await historyPage(db, channel.guid, body.page), page_size: PAGE_SIZE };
    },

    async post(user, body) {
      const channel = await memberChannel(db, user, body.address);
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
      const channel = await memberChannel(db, user, body.address);
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
  };
}

/** `json` must be a JSON list of protocol MessageParts with at least one part. */
export function parseParts(json: string): z.output<typeof MessageParts> {
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
