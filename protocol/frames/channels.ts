/** Channel team actions, server to client (spec 1 §4 "Channel team actions"). */
import { z } from 'zod';
import { Channel } from '../entities';
import { Invite, TeamMember } from '../team-entities';

const guid = z.string().min(1).max(200);

export const TEAM_ACTIONS = [
  'add',
  'remove',
  'modify',
  'change',
  'invite_added',
  'invite_removed',
  'member_added',
  'member_updated',
  'member_removed',
  'change_company',
] as const;

/**
 * CHA: a channel changed. `channel` carries the channel as the receiving user
 * sees it (add, modify, change, change_company, and member_* when the change
 * alters it for them), `address` names it (always, for remove and invite_*).
 * member_added/member_updated carry the `member`, member_removed its
 * `target_user_guid`; invite_added carries the `invite`, invite_removed its
 * `invite_guid`. An action outside the list fails validation: the spec says
 * unknown actions raise an error, which the edge logs.
 */
export const ChaFrame = z
  .object({
    action: z.enum(TEAM_ACTIONS),
    address: guid.optional(),
    channel: Channel.optional(),
    target_user_guid: guid.optional(),
    member: TeamMember.optional(),
    invite: Invite.optional(),
    invite_guid: guid.optional(),
  })
  .superRefine((frame, ctx) => {
    // What each action cannot do without: a frame lacking it is refused at the edge, not half-applied.
    const address = frame.address ?? frame.channel?.address;
    const missing = (what: string) => ctx.addIssue({ code: 'custom', message: `${frame.action} without ${what}` });
    switch (frame.action) {
      case 'add':
      case 'modify':
      case 'change':
      case 'change_company':
        if (!frame.channel) missing('a channel');
        break;
      case 'remove':
        if (!address) missing('an address');
        break;
      case 'member_added':
      case 'member_updated':
        if (!address || !frame.member) missing('an address and a member');
        break;
      case 'member_removed':
        if (!address || !frame.target_user_guid) missing('an address and a target_user_guid');
        break;
      case 'invite_added':
        if (!address || !frame.invite) missing('an address and an invite');
        break;
      case 'invite_removed':
        if (!address || !frame.invite_guid) missing('an address and an invite_guid');
        break;
    }
  });

/**
 * BLO: the user was blocked from a company (`is_blocked` true: they lose every
 * channel of it), or reinstated (false: they are told to refresh). The spec
 * names the code and the behaviour (spec 1 §4), not the fields.
 */
export const BloFrame = z.object({
  company_guid: guid,
  company_name: z.string().max(500).default(''),
  is_blocked: z.boolean(),
});
