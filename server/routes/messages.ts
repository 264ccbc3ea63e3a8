/**
 * History, threads, posting (with the posting rights of spec 1 §5), bookmarks,
 * deletion, reactions and flags, and the change feed for catch-up. Membership
 * is checked first everywhere: a non-member gets 404 'No channel found',
 * exactly like an unknown channel. Every change to a message takes the next
 * change sequence (channel-store.ts), and the frames that report it carry it.
 * Repeating a request (the client's outbox resends after a lost answer) is
 * harmless: a post by its client_guid, a deletion, a reaction or a flag
 * already so changes nothing and broadcasts nothing.
 */
import type { z } from 'zod';
import { MessageParts, type MessagePart } from '../../protocol/entities';
import { postingRight } from '../../protocol/rules/posting-rights';
import {
  changesSince,
  findByClientGuid,
  getMemberChannelByGuid,
  getMessage,
  historyPage,
  insertMessage,
  memberGuids,
  moveBookmark,
  moveBookmarks,
  PAGE_SIZE,
  softDeleteMessage,
  touchMessageChange,
  type Membership,
  type StoredMessage,
} from '../channel-store';
import type { Queryable } from '../db';
import { reject } from '../http-util';
import { addReaction, flaggedPage, MAX_REACTIONS_PER_USER, messageFor, reactionsOf, removeReaction, setFlag, softDeleteReplies, threadReplies } from '../message-store';
import { getUser, type UserRow } from '../user-store';
import { blockedDmPeer } from '../people-store';
import { alertForPost } from '../post-alerts';
import { memberChannel, MESSAGES, type Handlers, type RouteDeps } from './context';

/** Refusals of this family (wording is Plaza's). */
export const MESSAGE_REFUSALS = {
  replyToReply: 'Replies cannot have replies: answer in the thread of its first message.',
  replyMismatch: 'This message is not a reply in that thread.',
  tooManyReactions: `You can add at most ${MAX_REACTIONS_PER_USER} different reactions to a message.`,
  unknownMention: 'mentions someone who is not in your company',
  scopeTarget: 'a channel-wide mention must name this conversation',
} as const;

type Family = 'history' | 'thread' | 'post' | 'bookmark' | 'bookmarks' | 'deleteMessage' | 'react' | 'unreact' | 'flag' | 'changes';

export function messageHandlers({ db, hub, bot }: RouteDeps): Handlers<Family> {
  /** A live message of this channel, or 404 'No message found'. */
  async function liveMessage(channel: Membership, guid: string, viewer: UserRow): Promise<StoredMessage> {
    const message = await messageFor(db, guid, viewer.guid);
    if (!message || message.deleted || message.channel_guid !== channel.guid) throw reject(404, MESSAGES.noMessage);
    return message;
  }

  async function broadcastReactions(channel: Membership, message: StoredMessage): Promise<{ target_user_guid: string; content: string }[]> {
    // After the change: a catch-up that sees the new sequence also sees the new reactions.
    const changeSeq = await touchMessageChange(db, message.wire.guid);
    const reactions = await reactionsOf(db, message.wire.guid);
    hub.sendToUsers(await memberGuids(db, channel.guid), 'REA', { address: channel.wire.address, guid: message.wire.guid, reactions, ...(changeSeq !== null ? { change_seq: changeSeq } : {}) });
    return reactions;
  }

  return {
    async history(user, body) {
      if (body.is_favorites) {
        const channel = body.address === null ? null : await memberChannel(db, user, body.address);
        return { isOk: true, data: await flaggedPage(db, user.guid, channel?.guid ?? null, body.page), page_size: PAGE_SIZE };
      }
      const channel = await memberChannel(db, user, body.address ?? '');
      return { isOk: true, data: await historyPage(db, channel.guid, body.page, user.guid), page_size: PAGE_SIZE };
    },

    async thread(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const asked = await liveMessage(channel, body.guid, user);
      // A reply names its thread: answer with the whole thread it belongs to.
      const parent = asked.wire.reply_to ? await liveMessage(channel, asked.wire.reply_to, user) : asked;
      return { isOk: true, message: parent.wire, data: await threadReplies(db, parent.wire.guid, user.guid) };
    },

    async post(user, body) {
      const channel = await memberChannel(db, user, body.address);
      /** A post with this client_guid that already landed: a retry is answered with it (and broadcasts nothing). */
      const landed = (earlier: StoredMessage): { isOk: true; message: StoredMessage['wire'] } => {
        if (earlier.channel_guid !== channel.guid) throw reject(400, MESSAGES.clientGuidReused, { client_guid: MESSAGES.clientGuidReused });
        return { isOk: true, message: earlier.wire };
      };
      const replyTo = body.reply_to ?? null;
      let parts: MessagePart[];
      try {
        parts = parseParts(body.json);
        const c = channel.wire;
        // A direct message with a person blocked from the poster's company reaches nobody: the block took it from them.
        const blockedPeer = c.channel_type === 0 ? await blockedDmPeer(db, user, channel.guid) : undefined;
        const right = postingRight(
          { name: blockedPeer?.name ?? c.name, channel_type: c.channel_type, etype: c.etype, is_hr: c.is_hr ?? false, read_only: c.read_only ?? false, is_member: true, user_is_admin: c.member_type === 2 },
          user,
          { peerBlocked: blockedPeer !== undefined },
        );
        if (!right.allowed) throw reject(400, right.reason);
        await checkMentions(db, user, channel, parts);
        if (replyTo) {
          const parent = await getMessage(db, replyTo);
          if (!parent || parent.deleted || parent.channel_guid !== channel.guid) throw reject(400, `reply_to: ${MESSAGES.noMessage}`, { reply_to: MESSAGES.noMessage });
          if (parent.wire.reply_to) throw reject(400, `reply_to: ${MESSAGE_REFUSALS.replyToReply}`, { reply_to: MESSAGE_REFUSALS.replyToReply });
        }
      } catch (refusal) {
        // Refused now, but maybe the retry of a post that landed before (the rights or the parent may have changed since).
        // Asked only here: a post that passes the checks finds an earlier one with the insert itself, one query fewer.
        const earlier = body.client_guid ? await findByClientGuid(db, user.guid, body.client_guid) : undefined;
        if (earlier) return landed(earlier);
        throw refusal;
      }
      const { message, created, members } = await insertMessage(db, {
        channel_guid: channel.guid,
        from_guid: user.guid,
        json: JSON.stringify(parts),
        is_urgent: body.is_urgent,
        reply_to: replyTo,
        client_guid: body.client_guid ?? null,
      });
      if (!created) return landed(message);
      // Replies go to every member too: open thread panels and the parent's reply count follow live.
      hub.sendToUsers(members, 'MSG', { message: message.wire });
      // Urgent (type 0) and mention (type 11) alerts, after the message itself went out.
      await alertForPost(db, hub, { channel, author: user, message: message.wire, parts });
      if (channel.wire.channel_type === 0) bot.onPosted(user, channel.guid, message.wire); // the welcome bot answers in its DM
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

    async bookmarks(user, body) {
      // Unknown guids and channels the user is not in are skipped: marking read is a best effort per channel.
      return { isOk: true, updated: await moveBookmarks(db, user.guid, body.guids) };
    },

    async deleteMessage(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const message = await getMessage(db, body.guid);
      if (!message || message.channel_guid !== channel.guid) throw reject(404, MESSAGES.noMessage);
      if (body.reply_to && body.reply_to !== message.wire.reply_to) throw reject(400, `reply_to: ${MESSAGE_REFUSALS.replyMismatch}`, { reply_to: MESSAGE_REFUSALS.replyMismatch });
      const mayDelete = message.wire.from_guid === user.guid || channel.wire.member_type === 2 || user.is_company_admin;
      if (!mayDelete) throw reject(400, MESSAGES.deleteOwnOnly);
      // Deleting twice is a harmless retry (the outbox resends after a lost answer): success, no second DEL.
      if (message.deleted) return { isOk: true };
      const members = await memberGuids(db, channel.guid);
      const { address, guid, from_guid, created, reply_to } = message.wire;
      // A thread goes with its first message (Plaza's choice): its replies are deleted first.
      if (!reply_to) {
        for (const r of await softDeleteReplies(db, guid)) {
          hub.sendToUsers(members, 'DEL', { address, guid: r.guid, from_guid: r.from_guid, created: r.created, reply_to: guid, change_seq: r.change_seq });
        }
      }
      const changeSeq = await softDeleteMessage(db, guid);
      if (changeSeq !== null) hub.sendToUsers(members, 'DEL', { address, guid, from_guid, created, reply_to, change_seq: changeSeq });
      return { isOk: true };
    },

    async changes(user, body) {
      return { isOk: true, ...(await changesSince(db, user.guid, body.since, body.limit)) };
    },

    async react(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const message = await liveMessage(channel, body.guid, user);
      const { added, full } = await addReaction(db, message.wire.guid, user.guid, body.content);
      if (full) throw reject(400, MESSAGE_REFUSALS.tooManyReactions, { content: MESSAGE_REFUSALS.tooManyReactions });
      // A repeat changes nothing and broadcasts nothing.
      return { isOk: true, reactions: added ? await broadcastReactions(channel, message) : await reactionsOf(db, message.wire.guid) };
    },

    async unreact(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const message = await liveMessage(channel, body.guid, user);
      const removed = await removeReaction(db, message.wire.guid, user.guid, body.content);
      return { isOk: true, reactions: removed ? await broadcastReactions(channel, message) : await reactionsOf(db, message.wire.guid) };
    },

    async flag(user, body) {
      const channel = await memberChannel(db, user, body.address);
      const message = await liveMessage(channel, body.guid, user);
      const flag = body.is_on ? body.flag : 0;
      // Only the flagging user's devices hear of it: flags are personal.
      if (await setFlag(db, message.wire.guid, user.guid, flag)) {
        // The user's devices that are away catch the flag up through the change feed.
        await touchMessageChange(db, message.wire.guid);
        hub.sendToUsers([user.guid], 'FAV', { address: channel.wire.address, guid: message.wire.guid, flag });
      }
      return { isOk: true, guid: message.wire.guid, flag };
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

/**
 * Person parts must be real: a 'user' mention names a user of the poster's company; a
 * 'channel' or 'all' mention names the conversation it is posted in (its address), which
 * the alert side expands to that conversation's members.
 */
async function checkMentions(db: Queryable, user: UserRow, channel: Membership, parts: MessagePart[]): Promise<void> {
  const people = parts.flatMap((p) => (p.type === 'bullet-list' || p.type === 'ordered-list' ? p.items.flat() : [p])).filter((p) => p.type === 'person');
  const checked = new Set<string>();
  for (const person of people) {
    if (person.scope !== 'user') {
      if (person.user_guid !== channel.wire.address) throw reject(400, `json: ${MESSAGE_REFUSALS.scopeTarget}`, { json: MESSAGE_REFUSALS.scopeTarget });
      continue;
    }
    if (checked.has(person.user_guid)) continue;
    checked.add(person.user_guid);
    const target = await getUser(db, person.user_guid);
    if (!target || target.company_guid !== user.company_guid) throw reject(400, `json: ${MESSAGE_REFUSALS.unknownMention}`, { json: MESSAGE_REFUSALS.unknownMention });
  }
}
