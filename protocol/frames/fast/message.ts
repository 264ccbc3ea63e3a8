/**
 * The fast path for the entities inside hot frames: Message (protocol/entities.ts MessageWire and its
 * transform), its parts, and reactions.
 *
 * The zod schemas in protocol/entities.ts are the definition; these functions are a hand-written
 * copy of them for the common case, proven equal by tests/protocol/frames-fast.test.ts. Each returns
 * exactly what the schema's parse returns — same keys in the same order, defaults filled, unknown
 * keys dropped — or `undefined` for anything it does not accept, and the caller then runs the schema,
 * which either accepts after all (a shape this copy does not know) or says why not.
 *
 * Input is what JSON.parse makes (no undefined values, no NaN): frame bodies are its only source.
 */
import {
  MESSAGE_FILE_KEYS,
  REACTION_CONTENT,
  VIDEO_CONFERENCE_TOKEN,
  type InlinePart,
  type Message,
  type MessagePart,
  type MessageWire,
  type Reaction,
} from '../../entities';
import { isBoolean, isCount, isGuid, isInt, isRecord, isText } from './checks';

/** Reaction: { target_user_guid: guid, content: ReactionContent (1–64 characters, no spaces or controls) }. */
function fastReaction(v: unknown): Reaction | undefined {
  if (!isRecord(v)) return undefined;
  const { target_user_guid, content } = v;
  if (!isGuid(target_user_guid) || !isText(content, 64, 1) || !REACTION_CONTENT.test(content)) return undefined;
  return { target_user_guid, content };
}

/** z.array(Reaction).max(10_000): a new array of new reaction objects. */
export function fastReactions(v: unknown): Reaction[] | undefined {
  if (!Array.isArray(v) || v.length > 10_000) return undefined;
  const reactions: Reaction[] = [];
  for (const item of v) {
    const reaction = fastReaction(item);
    if (reaction === undefined) return undefined;
    reactions.push(reaction);
  }
  return reactions;
}

/** InlinePart: the discriminated union of text, person, hyperlink and command, keys in schema order. */
function fastInlinePart(v: unknown): InlinePart | undefined {
  if (!isRecord(v)) return undefined;
  switch (v.type) {
    case 'text':
      return isText(v.text, 40_000) ? { type: 'text', text: v.text } : undefined;
    case 'person': {
      const { user_guid, name } = v;
      const scope = v.scope === undefined ? 'user' : v.scope;
      if (!isGuid(user_guid) || !isText(name, 200)) return undefined;
      if (scope !== 'user' && scope !== 'channel' && scope !== 'all') return undefined;
      return { type: 'person', user_guid, name, scope };
    }
    case 'hyperlink': {
      const { url, text } = v;
      if (!isText(url, 4_000)) return undefined;
      if (text === undefined) return { type: 'hyperlink', url };
      return isText(text, 4_000) ? { type: 'hyperlink', url, text } : undefined;
    }
    case 'command': {
      const { code } = v;
      const text = v.text === undefined ? '' : v.text;
      return isText(code, 100) && isText(text, 4_000) ? { type: 'command', code, text } : undefined;
    }
    default:
      return undefined;
  }
}

/** A list part's items: z.array(z.array(InlinePart).max(500)).max(500). */
function fastListItems(v: unknown): InlinePart[][] | undefined {
  if (!Array.isArray(v) || v.length > 500) return undefined;
  const items: InlinePart[][] = [];
  for (const item of v) {
    if (!Array.isArray(item) || item.length > 500) return undefined;
    const parts: InlinePart[] = [];
    for (const part of item) {
      const inline = fastInlinePart(part);
      if (inline === undefined) return undefined;
      parts.push(inline);
    }
    items.push(parts);
  }
  return items;
}

/** MessagePart: the inline parts, the two lists, and a video conference link. */
function fastMessagePart(v: unknown): MessagePart | undefined {
  if (!isRecord(v)) return undefined;
  switch (v.type) {
    case 'bullet-list':
    case 'ordered-list': {
      const items = fastListItems(v.items);
      return items === undefined ? undefined : { type: v.type, items };
    }
    case 'video_conference': {
      const { token } = v;
      return typeof token === 'string' && VIDEO_CONFERENCE_TOKEN.test(token) ? { type: 'video_conference', token } : undefined;
    }
    default:
      return fastInlinePart(v);
  }
}

/** MessageParts: z.array(MessagePart).max(1_000). */
export function fastMessageParts(v: unknown): MessagePart[] | undefined {
  if (!Array.isArray(v) || v.length > 1_000) return undefined;
  const parts: MessagePart[] = [];
  for (const item of v) {
    const part = fastMessagePart(item);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return parts;
}

/** An optional field (`.optional()`): absent, or valid. */
const optional = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || check(v);
/** A nullable field with a null default (`.nullable().default(null)`): absent, null, or valid. */
const nullable = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || v === null || check(v);

// The message's field types, named once (a closure written inline would be made anew per message).
const isName = (v: unknown) => isText(v, 200);
const isFlag = (v: unknown) => isInt(v, 0, 12);
const isFileName = (v: unknown) => isText(v, 1_000);
const isLink = (v: unknown) => isText(v, 4_000);
const isHostingType = (v: unknown) => isInt(v, 0, 7);
const isPermission = (v: unknown) => isInt(v, 0, 31);
const isFileScope = (v: unknown) => isInt(v, 0, 2);

/**
 * Message: MessageWire validated, then the transform — `json` parsed into `parts`. The result has every
 * key of the wire schema but `json`, in its order, then `parts`; of the optional file fields, only those the
 * message has (the transform leaves out the absent ones).
 */
export function fastMessage(v: unknown): Message | undefined {
  if (!isRecord(v)) return undefined;
  const { guid, address, created, from_guid, json, reactions } = v;
  if (!isGuid(guid) || !isGuid(address) || !isCount(created) || !isGuid(from_guid) || !isText(json, 200_000)) return undefined;
  if (!optional(v.from_first_name, isName) || !optional(v.from_last_name, isName)) return undefined;
  if (!nullable(v.reply_to, isGuid) || !nullable(v.client_guid, isGuid)) return undefined;
  if (!optional(v.is_urgent, isBoolean) || !optional(v.disable_notification, isBoolean) || !optional(v.flag, isFlag)) return undefined;
  if (!nullable(v.change_seq, isCount) || !optional(v.reply_count, isCount) || !nullable(v.last_reply_ts, isCount)) return undefined;
  if (!optional(v.file_guid, isGuid) || !optional(v.file_name, isFileName) || !optional(v.file_link, isLink)) return undefined;
  if (!optional(v.file_size, isCount) || !optional(v.hosting_type, isHostingType) || !optional(v.permission, isPermission)) return undefined;
  if (!optional(v.scope, isFileScope) || !optional(v.preview_link, isLink) || !optional(v.uploaded_by_guid, isGuid)) return undefined;
  const checkedReactions = reactions === undefined ? [] : fastReactions(reactions);
  if (checkedReactions === undefined) return undefined;

  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parts = fastMessageParts(raw);
  if (parts === undefined) return undefined;

  // Every field is now its type or absent (JSON has no undefined), so `??` fills exactly the absent ones.
  const wire = v as MessageWire;
  const from_first_name = wire.from_first_name ?? '';
  const from_last_name = wire.from_last_name ?? '';
  const reply_to = wire.reply_to ?? null;
  const is_urgent = wire.is_urgent ?? false;
  const flag = wire.flag ?? 0;
  const disable_notification = wire.disable_notification ?? false;
  const client_guid = wire.client_guid ?? null;
  const change_seq = wire.change_seq ?? null;
  const reply_count = wire.reply_count ?? 0;
  const last_reply_ts = wire.last_reply_ts ?? null;
  const { file_guid, file_name, file_link, file_size, hosting_type, permission, scope, preview_link, uploaded_by_guid } = wire;
  if (
    file_guid === undefined && file_name === undefined && file_link === undefined && file_size === undefined && hosting_type === undefined &&
    permission === undefined && scope === undefined && preview_link === undefined && uploaded_by_guid === undefined
  ) {
    // The usual message, without a file.
    return {
      guid, address, created, from_guid, from_first_name, from_last_name, reply_to, is_urgent, flag, disable_notification, reactions: checkedReactions,
      client_guid, change_seq, reply_count, last_reply_ts, parts,
    };
  }
  // The file fields it has, key by key in the schema's order, then its parts.
  const message = {
    guid, address, created, from_guid, from_first_name, from_last_name, reply_to, is_urgent, flag, disable_notification, reactions: checkedReactions,
    client_guid, change_seq, reply_count, last_reply_ts,
  } as Message;
  for (const key of MESSAGE_FILE_KEYS) {
    const value = wire[key];
    if (value !== undefined) (message as Record<string, unknown>)[key] = value;
  }
  message.parts = parts;
  return message;
}
