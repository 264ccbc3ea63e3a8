/** The company directory, without the signed-in user. */
import { userView } from '../../projections/views/user-view';
import type { ViewSection } from './section';

export function createUsersSection(): ViewSection {
  let sent = new Set<string>();
  return {
    build(patch, { p, changes, reset }) {
      if (!reset && !changes.users) return;
      const users = [...p.session.usersByGuid.values()].filter((u) => u.target_user_guid !== p.session.user?.target_user_guid);
      const next = new Set(users.map((u) => u.target_user_guid));
      patch.users = { put: users.map(userView), remove: reset ? [] : [...sent].filter((g) => !next.has(g)) };
      sent = next;
    },
    forget() {
      sent = new Set();
    },
  };
}
