/** Who is signed in, and the socket's state. */
import type { SessionView } from '../../protocol/views';
import type { SectionInput, ViewSection } from './section';

function sessionView({ p, runtime }: SectionInput): SessionView {
  const user = p.session.user;
  return {
    status: !runtime.booted ? 'starting' : runtime.signedIn && p.session.active ? 'signed-in' : 'signed-out',
    user: user ? { guid: user.target_user_guid, name: user.name || `${user.first_name} ${user.last_name}`.trim(), email: user.email ?? '', is_company_admin: user.is_company_admin } : null,
    endedReason: p.session.endedReason,
  };
}

export function createSessionSection(): ViewSection {
  return {
    build(patch, input) {
      if (input.reset || input.changes.session) patch.session = sessionView(input);
      if (input.reset || input.changes.connection) patch.connection = { socket: input.p.connection.socket };
    },
    forget() {},
  };
}
