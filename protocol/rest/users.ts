/** The company directory (spec 3 §7.3). */
import { z } from 'zod';
import { User } from '../entities';
import { ok, secure } from './endpoint';

export const UsersListRequest = z.object({
  all_results: z.boolean().default(true),
  details: z.boolean().default(false),
  include_self: z.boolean().default(false),
  include_bots: z.boolean().default(false),
  include_integrations: z.boolean().default(false),
});
export const UsersListResponse = z.object({ isOk: ok, users: z.array(User).max(100_000) });

export const userEndpoints = {
  usersList: secure('/confirmed/corporate/users/list', UsersListRequest, UsersListResponse),
} as const;
