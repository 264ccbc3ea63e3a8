/** Sign-in: checks the password and opens a session (its guid and token are the secure calls' headers); sign-out ends it. */
import type { ResponseBodyOf } from '../../protocol/rest/endpoints';
import { reject } from '../http-util';
import { checkCredentials, createSession, revokeSession, userWire } from '../user-store';
import { MESSAGES, type Handlers, type RequestBody, type RouteDeps } from './context';

export async function login(deps: RouteDeps, body: RequestBody<'login'>): Promise<ResponseBodyOf<'login'>> {
  const user = await checkCredentials(deps.db, body.email, body.password);
  if (!user) throw reject(401, MESSAGES.badCredentials);
  const session = await createSession(deps.db, user.guid);
  return { isOk: true, ...session, user: userWire(user, deps.hub.connectionState(user.guid)) };
}

/** Signing out: the session is revoked, and its sockets — the same sign-in's other tabs — are told (OUT) and closed. */
export function sessionHandlers({ db, hub }: RouteDeps): Handlers<'logout'> {
  return {
    async logout(_user, _body, { login_guid }) {
      await revokeSession(db, login_guid);
      hub.signOut(login_guid);
      return { isOk: true };
    },
  };
}
