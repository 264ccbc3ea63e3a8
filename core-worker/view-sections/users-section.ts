/**
 * The company directory (colleagues and connections), without the signed-in
 * user. A new list sends everyone; a presence, status or details change sends
 * only the users it touched.
 */
import type { Projections } from '../../projections/fold';
import { userView } from '../../projections/views/user-view';
import type { UserView } from '../../protocol/views';
import type { ViewSection } from './section';

function viewOf(p: Projections, guid: string): UserView | null {
  const user = p.session.usersByGuid.get(guid);
  if (!user) return null;
  return userView(user, {
    presence: p.presence.byGuid.get(guid),
    detailed: p.people.details.get(guid)?.user,
    myCompany: p.session.user?.company_guid,
  });
}

export function createUsersSection(): ViewSection {
  let sent = new Set<string>();
  return {
    build(patch, { p, changes, reset }) {
      const me = p.session.user?.target_user_guid;
      if (reset || changes.users || changes.session) {
        const put: UserView[] = [];
        for (const guid of p.session.usersByGuid.keys()) {
          if (guid === me) continue;
          const view = viewOf(p, guid);
          if (view) put.push(view);
        }
        const next = new Set(put.map((u) => u.guid));
        patch.users = { put, remove: reset ? [] : [...sent].filter((g) => !next.has(g)) };
        sent = next;
        return;
      }
      if (changes.userGuids.size === 0) return;
      const put: UserView[] = [];
      for (const guid of changes.userGuids) {
        if (guid === me || !sent.has(guid)) continue;
        const view = viewOf(p, guid);
        if (view) put.push(view);
      }
      if (put.length > 0) patch.users = { put, remove: [] };
    },
    forget() {
      sent = new Set();
    },
  };
}
