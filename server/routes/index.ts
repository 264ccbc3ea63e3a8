/**
 * The REST endpoints (paths and schemas from protocol/rest/endpoints.ts), one
 * module per family; this file gathers them for the dispatcher in app.ts.
 *
 * Status codes, chosen so the client can act on the status alone:
 * - 200 `{isOk: true, …}`: success.
 * - 400 `{isOk: false, message, results?}`: the request was understood and refused — bad JSON or a
 *   body failing the request schema (`results` names the fields), a post refused by the posting
 *   rules (message = the reason from postingRight), deleting someone else's message without being a
 *   channel admin (member_type 2) or company admin, starting a conversation with yourself or a user
 *   outside your company, and the team rules of protocol/rules/team-rules.ts (managing a team without
 *   being its admin or a company admin, leaving as its last admin, people of another company without
 *   external_confirmed, a folder moved into itself, …).
 * - 401 `{isOk: false, message: 'The email or password is incorrect.'}`: sign-in failed (only /data/login).
 * - 403 `{isOk: false, message: 'Not signed in'}`: ONLY ever means "no valid session" (missing or
 *   wrong X-Login-Guid / X-Auth-Token); the client goes to /login (spec 1 §8). Never used for
 *   permissions.
 * - 404 `{isOk: false, message: 'No channel found' | 'No message found' | 'Not found'}`: unknown
 *   path, unknown channel or message, or a channel the user is not a member of (indistinguishable on
 *   purpose, so membership does not leak).
 * - 405: a method other than the endpoint's (POST, or GET for teams/list and departments_list). 413: body over 1 MB. 500: a server bug (logged).
 */
import { endpoints, type EndpointName } from '../../protocol/rest/endpoints';
import { alertHandlers } from './alerts';
import { channelHandlers } from './channels';
import type { Handlers, RouteDeps, SecureName } from './context';
import { healthHandlers } from './health';
import { envHandlers } from './env';
import { messageHandlers } from './messages';
import { settingsHandlers } from './settings';
import { notificationHandlers } from './notifications';
import { securityHandlers } from './security';
import { folderHandlers } from './folders';
import { teamManageHandlers } from './team-manage';
import { teamMemberHandlers } from './team-members';
import { teamHandlers } from './teams';
import { userHandlers } from './users';
import { botHandlers } from './bot';
import { connectionHandlers } from './connections';
import { searchHandlers } from './search';
import { sessionHandlers } from './session';
import { statusHandlers } from './status';

export { MESSAGES, type RouteDeps } from './context';
export { login } from './session';

/** Every secure endpoint's handler; a missing one is a compile error. */
export function secureHandlers(deps: RouteDeps): Handlers<SecureName> {
  return {
    ...channelHandlers(deps),
    ...messageHandlers(deps),
    ...userHandlers(deps),
    ...settingsHandlers(deps),
    ...healthHandlers(),
    ...sessionHandlers(deps),
    ...statusHandlers(deps),
    ...connectionHandlers(deps),
    ...searchHandlers(deps),
    ...botHandlers(deps),
    ...alertHandlers(deps),
    ...teamHandlers(deps),
    ...notificationHandlers(deps),
    ...securityHandlers(deps),
    ...envHandlers(deps),
    ...teamManageHandlers(deps),
    ...teamMemberHandlers(deps),
    ...folderHandlers(deps),
  };
}

/** Path → endpoint name, for the dispatcher (which answers 405 to any method but the endpoint's). */
export const ROUTES = new Map<string, EndpointName>(Object.entries(endpoints).map(([name, e]) => [e.path, name as EndpointName]));
