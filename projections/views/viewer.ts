/** Who is looking at a conversation's messages, for the message views (own messages, who may delete). */
import type { Projections } from '../fold';
import type { Viewer } from './message-view';

/** The signed-in user, moderating when a channel admin (member_type 2) or a company admin — the server's delete rule. */
export function viewerFor(p: Projections, address: string): Viewer {
  const user = p.session.user;
  const channel = p.channels.byAddress.get(address)?.channel;
  return {
    me: user?.target_user_guid,
    moderates: (user?.is_company_admin ?? false) || channel?.member_type === 2 || channel?.user_is_admin === true,
  };
}
