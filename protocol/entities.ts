/**
 * Wire entities shared by REST responses and socket frames (spec 1 §3, spec 3 §3).
 * Field names are the spec's; shapes the spec leaves open are chosen here and
 * documented in docs/protocol.md.
 */
import { z } from 'zod';
import { compiledOnUse } from './compile-on-use';
import { UserCustomStatus } from './custom-status';

const guid = z.string().min(1).max(200);
/** Epoch milliseconds. The spec names `created`/`last_message_ts` but not their format. */
const epochMs = z.number().int().nonnegative();

/** Inline parts may appear inside list items. */
export const TextPart = z.object({ type: z.literal('text'), text: z.string().max(40_000) });
/** A mention; `scope` says who is notified (spec 1 §3 "person (with a scope)"). */
export const PersonPart = z.object({
  type: z.literal('person'),
  user_guid: guid,
  name: z.string().max(200),
  scope: z.enum(['user', 'channel', 'all']).default('user'),
});
export const HyperlinkPart = z.object({
  type: z.literal('hyperlink'),
  url: z.string().max(4_000),
  text: z.string().max(4_000).optional(),
});
export const CommandPart = z.object({ type: z.literal('command'), code: z.string().max(100), text: z.string().max(4_000).default('') });
export const InlinePart = z.discriminatedUnion('type', [TextPart, PersonPart, HyperlinkPart, CommandPart]);
export type InlinePart = z.infer<typeof InlinePart>;

const ListItems = z.array(z.array(InlinePart).max(500)).max(500);
export const BulletListPart = z.object({ type: z.literal('bullet-list'), items: ListItems });
export const OrderedListPart = z.object({ type: z.literal('ordered-list'), items: ListItems });
/** Conference links need a numeric token (spec 1 §5). */
export const VIDEO_CONFERENCE_TOKEN = /^\d{1,20}$/;
export const VideoConferencePart = z.object({ type: z.literal('video_conference'), token: z.string().regex(VIDEO_CONFERENCE_TOKEN) });

export const MessagePart = z.discriminatedUnion('type', [
  TextPart,
  PersonPart,
  HyperlinkPart,
  CommandPart,
  BulletListPart,
  OrderedListPart,
  VideoConferencePart,
]);
export type MessagePart = z.infer<typeof MessagePart>;
export const MessageParts = z.array(MessagePart).max(1_000);

/** A reaction's content: one emoji (or short code), no spaces or control characters. */
export const REACTION_CONTENT = /^[^\s\p{Cc}]+$/u;
export const ReactionContent = z
  .string()
  .min(1, 'Choose an emoji')
  .max(64, 'A reaction is one emoji')
  .regex(REACTION_CONTENT, 'A reaction is one emoji, without spaces');
export const Reaction = z.object({ target_user_guid: guid, content: ReactionContent });
export type Reaction = z.infer<typeof Reaction>;

/**
 * A message as it travels. `json` is the serialized list of parts (the field
 * name the spec uses for posting); decoding parses it into `parts` so nothing
 * inside the core ever sees an unparsed body.
 */
export const MessageWire = z.object({
  guid,
  address: guid,
  created: epochMs,
  from_guid: guid,
  from_first_name: z.string().max(200).default(''),
  from_last_name: z.string().max(200).default(''),
  json: z.string().max(200_000),
  reply_to: guid.nullable().default(null),
  is_urgent: z.boolean().default(false),
  flag: z.number().int().min(0).max(12).default(0),
  disable_notification: z.boolean().default(false),
  reactions: z.array(Reaction).max(10_000).default([]),
  client_guid: guid.nullable().default(null),
  /**
   * The server's change sequence of this message: a number that grows with every change
   * (post, reaction, flag, deletion) of any message. The client keeps the newest version
   * of a message by it, and catches up with `messages/changes` from its cursor.
   */
  change_seq: z.number().int().nonnegative().nullable().default(null),
  /**
   * Thread summary of a thread's first message (Plaza's fields; the spec names
   * reply_to only): how many replies it has and when the last one was posted.
   */
  reply_count: z.number().int().nonnegative().default(0),
  last_reply_ts: epochMs.nullable().default(null),
  // A shared file (spec 1 §3 file fields); absent on plain messages. hosting_type 0 is the product's own storage.
  file_guid: guid.optional(),
  file_name: z.string().max(1_000).optional(),
  file_link: z.string().max(4_000).optional(),
  file_size: z.number().int().nonnegative().optional(),
  hosting_type: z.number().int().min(0).max(7).optional(),
  permission: z.number().int().min(0).max(31).optional(),
  scope: z.number().int().min(0).max(2).optional(),
  preview_link: z.string().max(4_000).optional(),
  uploaded_by_guid: guid.optional(),
});
export type MessageWire = z.input<typeof MessageWire>;

/** A shared file's fields, in the schema's order: a message has only those it was sent (the transform, the fast decoder). */
export const MESSAGE_FILE_KEYS = ['file_guid', 'file_name', 'file_link', 'file_size', 'hosting_type', 'permission', 'scope', 'preview_link', 'uploaded_by_guid'] as const satisfies readonly (keyof MessageWire)[];

/** The decoded message's keys besides `parts`: the wire's, without `json`. */
const MESSAGE_KEYS = (Object.keys(MessageWire.shape) as (keyof z.output<typeof MessageWire>)[]).filter((k) => k !== 'json');

/** MessageParts compiled to a fast path on first use (same results and errors): it runs once per message received. */
const compiledParts = compiledOnUse(MessageParts);

/** The decoded message used everywhere inside the client: parts instead of a JSON string. */
export const Message = MessageWire.transform((wire, ctx) => {
  let raw: unknown;
  try {
    raw = JSON.parse(wire.json);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'json is not valid JSON', path: ['json'] });
    return z.NEVER;
  }
  const parts = compiledParts().safeParse(raw);
  if (!parts.success) {
    ctx.addIssue({ code: 'custom', message: `json: ${parts.error.issues[0]?.message ?? 'invalid parts'}`, path: ['json'] });
    return z.NEVER;
  }
  // Copied key by key: an object rest (`{ json, ...rest }`) takes V8's slow runtime path, about 1 µs per message.
  // The keys are the wire schema's minus `json`, in its order, then `parts`, as the rest spread made them
  // (event digests hash the JSON text, so the order must not change). A file field the message has not is left
  // out rather than kept as undefined: most messages have no file, and the client holds many thousands of
  // messages, each of which carried nine such keys (72 bytes) that no JSON, hash or view ever showed.
  const message: Record<string, unknown> = {};
  for (const key of MESSAGE_KEYS) {
    const value = wire[key];
    if (value !== undefined) message[key] = value;
  }
  message.parts = parts.data;
  return message as Omit<z.output<typeof MessageWire>, 'json'> & { parts: z.output<typeof MessageParts> };
});
export type Message = z.output<typeof Message>;

/** channel_type (spec 1 §3): 0 DM/conversation, 1 team or department, 2 company, 3 task. */
export const ChannelType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const ETYPES = ['DM', 'external DM', 'channel', 'external channel', 'company', 'announcement', 'task'] as const;
export const Etype = z.enum(ETYPES);
export type Etype = z.infer<typeof Etype>;

export const Channel = z.object({
  guid,
  address: guid,
  name: z.string().max(500),
  source: z.string().max(200).default('local'),
  channel_type: ChannelType,
  etype: Etype,
  /** Marks a department (or announcement channel) among channel_type 1. */
  is_hr: z.boolean().default(false),
  is_external: z.boolean().default(false),
  is_private: z.boolean().default(true),
  is_open: z.boolean().default(true),
  read_only: z.boolean().default(false),
  is_member: z.boolean().default(true),
  /** 0 member, 2 admin; null when the user is not a member. */
  member_type: z.union([z.literal(0), z.literal(2)]).nullable().default(0),
  user_is_admin: z.boolean().default(false),
  folder_guid: guid.nullable().default(null),
  company_guid: guid.nullable().default(null),
  target_user_guid: guid.nullable().default(null),
  task_guid: guid.nullable().default(null),
  unread_messages: z.number().int().nonnegative().default(0),
  /** Plaza's extension: unread messages that mention the user (or everyone), for "mentions first". */
  unread_mentions: z.number().int().nonnegative().default(0),
  channel_on: z.boolean().default(true),
  last_message: Message.nullable().default(null),
  last_message_ts: epochMs.nullable().default(null),
});
export type ChannelWire = z.input<typeof Channel>;
export type Channel = z.output<typeof Channel>;

/** A company user (spec 3 §3 User). user_type 0 is a normal user, 2 the bot. */
export const User = z.object({
  target_user_guid: guid,
  first_name: z.string().max(200),
  last_name: z.string().max(200),
  name: z.string().max(400),
  email: z.string().max(320).optional(),
  company_guid: guid,
  user_type: z.number().int().nonnegative().default(0),
  is_blocked: z.boolean().default(false),
  is_company_admin: z.boolean().default(false),
  connection_state: z.string().max(50).default(''),
  imageURL: z.string().max(2_000).nullable().default(null),
  /** The selected custom status, or null for automatic presence (spec 3 §3, §4.1). */
  custom_status: UserCustomStatus.nullable().default(null),
  // Details (spec 3 §3 User, personal info): sent by users/details and with `details: true`.
  job_title: z.string().max(200).optional(),
  address1: z.string().max(500).optional(),
  address2: z.string().max(500).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  zip: z.string().max(50).optional(),
  desk_number: z.string().max(100).optional(),
  cell_number: z.string().max(100).optional(),
});
export type UserWire = z.input<typeof User>;
export type User = z.output<typeof User>;

/**
 * An alert (spec 1 §3). `target` is a JSON object or a string; objects may name
 * `target_user_guid`, a channel `address`, a `team_guid` or a `request_guid`.
 * Types 0–21 come from the server; 1000 and above are raised by the client
 * itself (e.g. 1003 'Internet connection offline').
 */
export const Alert = z.object({
  guid,
  alert_type: z.number().int().min(0).max(1_000_000),
  alert_type_name: z.string().max(200).default(''),
  alert_created: epochMs,
  message: z.string().max(10_000).default(''),
  target: z.union([z.record(z.string(), z.unknown()), z.string().max(10_000)]).nullable().default(null),
  is_dismissed: z.boolean().default(false),
  toast_id: z.string().max(200).nullable().default(null),
});
export type AlertWire = z.input<typeof Alert>;
export type Alert = z.output<typeof Alert>;
