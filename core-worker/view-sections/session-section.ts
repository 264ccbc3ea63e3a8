/** Who is signed in, the socket's state, the resync flag and how much waits in the outbox. */
import type { Projections } from '../../projections/fold';
import type { ConnectionView, SessionView } from '../../protocol/views';
import { sameView, type SectionInput, type ViewSection } from './section';

function sessionView({ p, runtime }: SectionInput): SessionView {
  const user = p.session.user;
  return {
    status: !runtime.booted ? 'starting' : runtime.signedIn && p.session.active ? 'signed-in' : 'signed-out',
    user: user ? { guid: user.target_user_guid, name: user.name || `${user.first_name} ${user.last_name}`.trim(), email: user.email ?? '', is_company_admin: user.is_company_admin } : null,
    endedReason: p.session.endedReason,
    unconfirmed: p.session.unconfirmed,
  };
}

/** Entries the user would miss if they were lost: everything but read bookmarks, which are bookkeeping. */
function unsentCount(p: Projections): number {
  let n = 0;
  for (const entry of p.outbox.byId.values()) if (entry.state === 'pending' && entry.kind !== 'bookmark') n++;
  return n;
}

export function createSessionSection(): ViewSection {
  let sentConnection: ConnectionView | null = null;
  return {
    build(patch, input) {
      const { p, changes, reset } = input;
      if (reset || changes.session) patch.session = sessionView(input);
      if (reset || changes.connection || changes.outbox.size > 0) {
        const connection: ConnectionView = { socket: p.connection.socket, resyncing: p.connection.resync, unsent: unsentCount(p) };
        if (reset || !sameView(sentConnection, connection)) patch.connection = connection;
        sentConnection = connection;
      }
    },
    forget() {
      sentConnection = null;
    },
  };
}
