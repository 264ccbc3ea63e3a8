/** Channel team actions, server to client (spec 1 §4 "Channel team actions"). */
import { z } from 'zod';
import { Channel } from '../entities';

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
 * sees it (for add/modify/change/member_*), `address` names it for remove.
 * An action outside the list fails validation: the spec says unknown actions
 * raise an error, which the edge logs.
 */
export const ChaFrame = z.object({
  action: z.enum(TEAM_ACTIONS),
  address: z.string().min(1).max(200).optional(),
  channel: Channel.optional(),
  target_user_guid: z.string().min(1).max(200).optional(),
});
