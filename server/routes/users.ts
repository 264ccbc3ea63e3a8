/**
 * The directory: colleagues and connections with their presence and selected
 * custom status (users/list), one person's details (users/details), and
 * search (members/search).
 */
import { BLOCKED_USER_MESSAGE } from '../../protocol/rest/people';
import { reject } from '../http-util';
import { detailedWire, directory, searchMembers, visibleUser, type DetailRow } from '../people-store';
import { selectedStatuses } from '../status-store';
import type { Handlers, RouteDeps } from './context';

export const USER_MESSAGES = { noUser: 'No such user.' } as const;

export function userHandlers({ db, hub }: RouteDeps): Handlers<'usersList' | 'userDetails' | 'membersSearch'> {
  const wires = async (rows: DetailRow[]) => {
    const statuses = await selectedStatuses(db, rows.map((u) => u.guid));
    return rows.map((u) => detailedWire(u, hub.connectionState(u.guid), statuses.get(u.guid) ?? null));
  };

  return {
    async usersList(user, body) {
      const users = await directory(db, user, { details: body.details });
      const shown = users.filter((u) => (body.include_self || u.guid !== user.guid) && (body.include_bots || u.user_type !== 2));
      return { isOk: true, users: await wires(shown) };
    },

    async userDetails(user, body) {
      const target = await visibleUser(db, user, body.target_user_guid);
      if (!target) throw reject(404, USER_MESSAGES.noUser);
      // Spec 2 §8: a blocked user's details answer with this message; the client logs it and carries on.
      if (target.is_blocked && !body.include_blocked) throw reject(400, BLOCKED_USER_MESSAGE);
      const [wire] = await wires([target]);
      return { isOk: true, user: wire! };
    },

    async membersSearch(user, body) {
      const found = await searchMembers(db, user, body.name, { details: body.details, includeBlocked: body.include_blocked });
      return { isOk: true, members: await wires(found) };
    },
  };
}
