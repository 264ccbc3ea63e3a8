/**
 * A small world per chaos schedule, written straight into the real server's
 * database: a company of two (Alice posts, Bob runs the core under test), a
 * direct message between them and a team channel, and a session for each.
 * Every schedule has its own, so hundreds can run side by side on one server
 * and each client's channel list and directory stay small.
 */
import { addMember, findOrCreateDm, insertChannel } from '../../server/channel-store';
import { newGuid } from '../../server/crypto';
import type { Database } from '../../server/db';
import { createSession } from '../../server/user-store';

export interface WorldUser {
  guid: string;
  login_guid: string;
  auth_token: string;
}

export interface World {
  company: string;
  alice: WorldUser;
  bob: WorldUser;
  /** The direct message (the conversation Bob keeps open). */
  open: string;
  /** The team channel Bob does not open until the end. */
  other: string;
}

export async function createWorld(db: Database, label: string): Promise<World> {
  return db.transaction(async (tx) => {
    const company = newGuid();
    const now = Date.now();
    await tx.query('INSERT INTO companies (guid, name, created) VALUES ($1, $2, $3)', [company, `Chaos ${label}`, now]);
    const user = async (first: string) => {
      const guid = newGuid();
      // No password: the sessions are made here, nobody signs in.
      await tx.query(
        `INSERT INTO users (guid, company_guid, email, first_name, last_name, user_type, is_company_admin, password_hash, created)
         VALUES ($1, $2, $3, $4, $5, 0, false, NULL, $6)`,
        [guid, company, `${first.toLowerCase()}-${guid}@chaos.test`, first, label, now],
      );
      return { guid, ...(await createSession(tx, guid)) };
    };
    const alice = await user('Alice');
    const bob = await user('Bob');
    const dm = await findOrCreateDm(tx, company, alice.guid, bob.guid);
    const team = await insertChannel(tx, { company_guid: company, name: `Room ${label}`, channel_type: 1, etype: 'channel' });
    await addMember(tx, team.guid, alice.guid, 2);
    await addMember(tx, team.guid, bob.guid, 0);
    const address = async (guid: string) => (await tx.query<{ address: string }>('SELECT address FROM channels WHERE guid = $1', [guid]))[0]!.address;
    return { company, alice, bob, open: await address(dm.guid), other: team.address };
  });
}

/** The server's messages in a channel, oldest first: what the client must end up holding. */
export async function serverMessages(db: Database, address: string): Promise<{ guid: string; from_guid: string; client_guid: string | null }[]> {
  return db.query(
    `SELECT m.guid, m.from_guid, m.client_guid FROM messages m JOIN channels c ON c.guid = m.channel_guid
      WHERE c.address = $1 AND m.deleted_at IS NULL ORDER BY m.created, m.guid`,
    [address],
  );
}
