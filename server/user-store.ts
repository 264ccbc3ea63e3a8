/** Users and sessions. */
import type { UserWire } from '../protocol/entities';
import { hashToken, newAuthToken, newGuid, sameHash, verifyPassword } from './crypto';
import type { Queryable } from './db';

export interface UserRow {
  guid: string;
  company_guid: string;
  email: string | null;
  first_name: string;
  last_name: string;
  user_type: number;
  is_company_admin: boolean;
  is_blocked: boolean;
}

const USER_COLUMNS = 'guid, company_guid, email, first_name, last_name, user_type, is_company_admin, is_blocked';

export const fullName = (u: { first_name: string; last_name: string }): string => `${u.first_name} ${u.last_name}`.trim();

/** The User wire shape; `connection_state` comes from the socket hub. */
export function userWire(u: UserRow, connectionState: string): UserWire {
  return {
    target_user_guid: u.guid,
    first_name: u.first_name,
    last_name: u.last_name,
    name: fullName(u),
    ...(u.email ? { email: u.email } : {}),
    company_guid: u.company_guid,
    user_type: u.user_type,
    is_blocked: u.is_blocked,
    is_company_admin: u.is_company_admin,
    connection_state: connectionState,
    imageURL: null,
  };
}

export async function getUser(db: Queryable, guid: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE guid = $1`, [guid]);
  return rows[0];
}

export async function listCompanyUsers(db: Queryable, companyGuid: string): Promise<UserRow[]> {
  return db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE company_guid = $1 ORDER BY first_name, last_name, guid`, [companyGuid]);
}

/** Checks an email and password; undefined when either is wrong or the user may not sign in. */
export async function checkCredentials(db: Queryable, email: string, password: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow & { password_hash: string | null }>(
    `SELECT ${USER_COLUMNS}, password_hash FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  const row = rows[0];
  // verifyPassword also runs for an unknown email, so the timing does not reveal which emails exist.
  const ok = await verifyPassword(password, row?.password_hash ?? null);
  if (!row || !ok || row.is_blocked || row.user_type === 2) return undefined;
  const { password_hash: _hidden, ...user } = row;
  return user;
}

export async function createSession(db: Queryable, userGuid: string): Promise<{ login_guid: string; auth_token: string }> {
  const login_guid = newGuid();
  const auth_token = newAuthToken();
  await db.query('INSERT INTO sessions (login_guid, user_guid, token_hash, created) VALUES ($1, $2, $3, $4)', [
    login_guid,
    userGuid,
    hashToken(auth_token),
    Date.now(),
  ]);
  return { login_guid, auth_token };
}

/** The signed-in user of a (login_guid, auth_token) pair, or undefined. */
export async function findSessionUser(db: Queryable, loginGuid: unknown, authToken: unknown): Promise<UserRow | undefined> {
  if (typeof loginGuid !== 'string' || typeof authToken !== 'string') return undefined;
  if (!loginGuid || loginGuid.length > 200 || !authToken || authToken.length > 500) return undefined;
  const rows = await db.query<UserRow & { token_hash: string }>(
    `SELECT ${USER_COLUMNS.split(', ').map((c) => `u.${c}`).join(', ')}, s.token_hash
       FROM sessions s JOIN users u ON u.guid = s.user_guid
      WHERE s.login_guid = $1 AND s.revoked_at IS NULL`,
    [loginGuid],
  );
  const row = rows[0];
  if (!row || !sameHash(row.token_hash, hashToken(authToken)) || row.is_blocked) return undefined;
  const { token_hash: _hidden, ...user } = row;
  return user;
}

export async function revokeSession(db: Queryable, loginGuid: string): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE login_guid = $1 AND revoked_at IS NULL', [loginGuid, Date.now()]);
}
