/**
 * Presence (spec 3 §4.1) as the server tells it: a user's connection state
 * comes from their sockets (socket-hub.ts), their selected custom status from
 * the database; NOS frames carry both to everyone who can see the user.
 */
import type { Database } from './db';
import { isBlocked } from './block-store';
import { presenceAudience } from './people-store';
import type { ConnectionState, SocketHub } from './socket-hub';
import { selectedStatuses } from './status-store';
import { getUser, type UserRow } from './user-store';

export interface Presence {
  /** Sends the user's current presence (state and custom status) to their audience. */
  broadcast(userGuid: string): Promise<void>;
  /**
   * Tells the people of `companyGuid` who see the user (presenceAudience) that the company blocked or
   * reinstated them: their presence with `is_blocked`, so they show as blocked at once (spec 3 §4.1).
   */
  blockChanged(userGuid: string, companyGuid: string): Promise<void>;
}

export function createPresence(db: Database, hub: SocketHub, log: (line: string) => void): Presence {
  async function broadcast(userGuid: string, user?: UserRow): Promise<void> {
    const who = user ?? (await getUser(db, userGuid));
    if (!who || who.user_type === 2) return;
    const [audience, statuses] = await Promise.all([presenceAudience(db, who), selectedStatuses(db, [who.guid])]);
    const state: ConnectionState = hub.connectionState(who.guid);
    hub.sendToUsers(audience, 'NOS', { user_guid: who.guid, connection_state: state, custom_status: statuses.get(who.guid) ?? null });
  }

  // Socket changes (connect, DEV, IDL, close) reach everyone who can see the user.
  hub.onPresence((user) => {
    broadcast(user.guid, user).catch((err: unknown) => log(`presence broadcast for ${user.guid} failed: ${String(err)}`));
  });

  async function blockChanged(userGuid: string, companyGuid: string): Promise<void> {
    const who = await getUser(db, userGuid);
    if (!who || who.user_type === 2) return;
    const [audience, statuses, blocked] = await Promise.all([presenceAudience(db, who, companyGuid), selectedStatuses(db, [who.guid]), isBlocked(db, companyGuid, who.guid)]);
    hub.sendToUsers(audience, 'NOS', { user_guid: who.guid, connection_state: hub.connectionState(who.guid), custom_status: statuses.get(who.guid) ?? null, is_blocked: blocked || who.is_blocked });
  }

  return { broadcast: (userGuid) => broadcast(userGuid), blockChanged };
}
