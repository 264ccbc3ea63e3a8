/**
 * Wire entities of conversation folders and teams (spec 1 §3 Folder, Invite,
 * Team member; spec 3 §3 Division), shared by REST responses and CHA frames.
 * Fields beyond the spec's are Plaza's and documented in docs/protocol.md.
 */
import { z } from 'zod';

const guid = z.string().min(1).max(200);
const epochMs = z.number().int().nonnegative();
const memberType = z.union([z.literal(0), z.literal(2)]);

/** A conversation folder: per user, nestable (`parent_guid`), with the unread total of its channels. */
export const Folder = z.object({
  guid,
  name: z.string().max(200),
  parent_guid: guid.nullable().default(null),
  /** Unread messages in the channels directly in this folder, when the server counted them. */
  unread_messages: z.number().int().nonnegative().default(0),
});
export type FolderWire = z.input<typeof Folder>;
export type Folder = z.output<typeof Folder>;

/**
 * A team member (spec 1 §3). Plaza adds the person's name, email and company
 * name, so a members panel can show people of other companies (who are not in
 * the user's directory), and `is_blocked` for members whose company access is
 * suspended (shown to company admins so they can reinstate them).
 */
export const TeamMember = z.object({
  target_user_guid: guid,
  member_type: memberType,
  is_email: z.boolean().default(false),
  is_external: z.boolean().default(false),
  member_company_guid: guid,
  first_name: z.string().max(200).default(''),
  last_name: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  company_name: z.string().max(500).default(''),
  is_blocked: z.boolean().default(false),
});
export type TeamMemberWire = z.input<typeof TeamMember>;
export type TeamMember = z.output<typeof TeamMember>;

/**
 * A pending email invitation to a team (spec 1 §3 Invite). `sent_count` and
 * `last_sent` record reminders; `remind_due` is the server's judgement that a
 * reminder may be sent (at least a day since the last one, not dismissed).
 */
export const Invite = z.object({
  guid,
  first_name: z.string().max(200).default(''),
  last_name: z.string().max(200).default(''),
  original_email: z.string().max(320),
  email_guid: guid,
  member_type: memberType.default(0),
  is_external: z.boolean().default(false),
  sent_count: z.number().int().nonnegative().default(1),
  last_sent: epochMs,
  remind_due: z.boolean().default(false),
});
export type InviteWire = z.input<typeof Invite>;
export type Invite = z.output<typeof Invite>;

/** A team or department as teams/list and departments_list show it, member or not. */
export const TeamSummary = z.object({
  guid,
  address: guid,
  name: z.string().max(500),
  is_hr: z.boolean().default(false),
  is_private: z.boolean().default(true),
  is_open: z.boolean().default(true),
  read_only: z.boolean().default(false),
  is_member: z.boolean().default(false),
  member_type: memberType.nullable().default(null),
  member_count: z.number().int().nonnegative().default(0),
  /** The user asked to join and nobody has answered yet. */
  request_pending: z.boolean().default(false),
});
export type TeamSummaryWire = z.input<typeof TeamSummary>;
export type TeamSummary = z.output<typeof TeamSummary>;
