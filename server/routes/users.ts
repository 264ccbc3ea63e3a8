/** The company directory. */
import { listCompanyUsers, userWire } from '../user-store';
import type { Handlers, RouteDeps } from './context';

export function userHandlers({ db, hub }: RouteDeps): Handlers<'usersList'> {
  return {
    async usersList(user, body) {
      const users = await listCompanyUsers(db, user.company_guid);
      const shown = users.filter((u) => (body.include_self || u.guid !== user.guid) && (body.include_bots || u.user_type !== 2));
      return { isOk: true, users: shown.map((u) => userWire(u, hub.connectionState(u.guid))) };
    },
  };
}
