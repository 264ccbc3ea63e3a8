/**
 * Team members, email invitations and their reminders (spec 1 §7), and
 * blocking people of another company (spec 1 §4 "Blocking"; the spec names no
 * call for it, so company/block_user is Plaza's).
 */
import { z } from 'zod';
import { invalidEmailMessage, isValidEmail, splitEmailList } from '../rules/email';
import { Invite, TeamMember } from '../team-entities';
import { guid, ok, secure } from './endpoint';
import { MemberEntry, OkResponse } from './teams';

export const MAX_EMAILS_PER_INVITE = 100;

/** A typed list of addresses (commas or semicolons between them), each checked by the strict rule of spec 1 §5. */
export const EmailList = z
  .string()
  .max(40_000)
  .superRefine((text, ctx) => {
    const emails = splitEmailList(text);
    if (emails.length === 0) ctx.addIssue({ code: 'custom', message: 'Enter at least one email address.' });
    else if (emails.length > MAX_EMAILS_PER_INVITE) ctx.addIssue({ code: 'custom', message: `Invite at most ${MAX_EMAILS_PER_INVITE} addresses at once.` });
    else {
      const bad = emails.filter((e) => !isValidEmail(e));
      if (bad.length) ctx.addIssue({ code: 'custom', message: bad.map(invalidEmailMessage).join(' ') });
    }
  });

export const TeamMembersRequest = z.object({ team_guid: guid });
export const TeamMembersResponse = z.object({ isOk: ok, members: z.array(TeamMember).max(100_000), invites: z.array(Invite).max(10_000) });

/** Adds people or changes their member type. People of another company need `external_confirmed`. */
export const TeamMembersUpdateRequest = z.object({
  team_guid: guid,
  members: z.array(MemberEntry).min(1, 'Choose at least one person.').max(1_000),
  external_confirmed: z.boolean().default(false),
});
export const TeamMemberDeleteRequest = z.object({ team_guid: guid, target_user_guid: guid });

export const EmailInviteRequest = z.object({
  team_guid: guid,
  emails: EmailList,
  member_type: z.union([z.literal(0), z.literal(2)]).default(0),
  external_confirmed: z.boolean().default(false),
});
export const InvitesResponse = z.object({ isOk: ok, invites: z.array(Invite).max(10_000) });
export const EmailInviteDeleteRequest = z.object({ team_guid: guid, guid });

/** Sends the invitations again: the ones named, or every one whose reminder is due. */
export const RemindRequest = z.object({ team_guid: guid, guids: z.array(guid).max(1_000).optional() });
/** Stops offering reminders for these invitations (they stay valid). */
export const DismissRemindersRequest = z.object({ team_guid: guid, guids: z.array(guid).min(1).max(1_000) });

export const BlockUserRequest = z.object({ target_user_guid: guid, is_blocked: z.boolean() });

const C = '/confirmed/corporate';

export const teamMemberEndpoints = {
  teamMembers: secure(`${C}/team/members`, TeamMembersRequest, TeamMembersResponse),
  teamMembersUpdate: secure(`${C}/team/members/update`, TeamMembersUpdateRequest, TeamMembersResponse),
  teamMemberDelete: secure(`${C}/team_members/delete`, TeamMemberDeleteRequest, OkResponse),
  emailInvite: secure(`${C}/team/email_invite`, EmailInviteRequest, InvitesResponse),
  emailInviteDelete: secure(`${C}/team/email_invite/delete`, EmailInviteDeleteRequest, OkResponse),
  emailsRemind: secure(`${C}/members/emails/remind`, RemindRequest, InvitesResponse),
  emailsDismiss: secure(`${C}/members/emails/dismiss`, DismissRemindersRequest, OkResponse),
  blockUser: secure(`${C}/company/block_user`, BlockUserRequest, OkResponse),
} as const;
