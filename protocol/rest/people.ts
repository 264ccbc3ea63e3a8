/** People: one user's details and searching the directory (spec 2 §7 Users, spec 3 §7.3). */
import { z } from 'zod';
import { User } from '../entities';
import { guid, ok, secure } from './endpoint';

export const UserDetailsRequest = z.object({ target_user_guid: guid, include_blocked: z.boolean().default(false) });
export const UserDetailsResponse = z.object({ isOk: ok, user: User });

/** `name` matches first name, last name, full name or email (case-insensitive); empty lists everyone. */
export const MembersSearchRequest = z.object({
  name: z.string().max(200).default(''),
  details: z.boolean().default(false),
  include_blocked: z.boolean().default(false),
});
export const MembersSearchResponse = z.object({ isOk: ok, members: z.array(User).max(1_000) });

/** The text the server answers about a blocked user; the client logs it and carries on (spec 2 §8, spec 3 §8). */
export const BLOCKED_USER_MESSAGE = 'This user has been blocked from your organization';

export const peopleEndpoints = {
  userDetails: secure('/confirmed/corporate/users/details', UserDetailsRequest, UserDetailsResponse),
  membersSearch: secure('/confirmed/corporate/members/search', MembersSearchRequest, MembersSearchResponse),
} as const;
