/** Sign-in: checks the password and opens a session (its guid and token are the secure calls' headers). */
import type { ResponseBodyOf } from '../../protocol/rest/endpoints';
import { reject } from '../http-util';
import { checkCredentials, createSession, userWire } from '../user-store';
import { MESSAGES, type RequestBody, type RouteDeps } from './context';

export async function login(deps: RouteDeps, body: RequestBody<'login'>): Promise<ResponseBodyOf<'login'>> {
  const user = await checkCredentials(deps.db, body.email, body.password);
  if (!user) throw reject(401, MESSAGES.badCredentials);
  const session = await createSession(deps.db, user.guid);
  return { isOk: true, ...session, user: userWire(user, deps.hub.connectionState(user.guid)) };
}
