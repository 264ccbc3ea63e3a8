/**
 * Ordered schema migrations, tracked in `schema_migrations`. Append new ones at
 * the end; never edit one that has shipped. Times are epoch milliseconds (bigint).
 */
import type { Database } from './db';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'core tables',
    sql: `
      CREATE TABLE companies (
        guid text PRIMARY KEY,
        name text NOT NULL,
        created bigint NOT NULL
      );
      CREATE TABLE users (
        guid text PRIMARY KEY,
        company_guid text NOT NULL REFERENCES companies(guid),
        email text,
        first_name text NOT NULL,
        last_name text NOT NULL,
        user_type integer NOT NULL DEFAULT 0,
        is_company_admin boolean NOT NULL DEFAULT false,
        is_blocked boolean NOT NULL DEFAULT false,
        -- scrypt$<salt b64url>$<hash b64url>; NULL means the user cannot sign in (the bot).
        password_hash text,
        created bigint NOT NULL
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL;
      CREATE INDEX users_company ON users (company_guid);

      CREATE TABLE sessions (
        login_guid text PRIMARY KEY,
        user_guid text NOT NULL REFERENCES users(guid),
        -- sha256 of the auth token; the token itself is never stored.
        token_hash text NOT NULL,
        created bigint NOT NULL,
        revoked_at bigint
      );
      CREATE INDEX sessions_user ON sessions (user_guid);

      CREATE TABLE channels (
        guid text PRIMARY KEY,
        address text NOT NULL UNIQUE,
        company_guid text NOT NULL REFERENCES companies(guid),
        name text NOT NULL DEFAULT '',
        channel_type integer NOT NULL,
        etype text NOT NULL,
        is_hr boolean NOT NULL DEFAULT false,
        is_external boolean NOT NULL DEFAULT false,
        is_private boolean NOT NULL DEFAULT true,
        is_open boolean NOT NULL DEFAULT true,
        read_only boolean NOT NULL DEFAULT false,
        -- For DMs: the two user guids, sorted and joined by '|', so a pair has one DM.
        dm_key text UNIQUE,
        created bigint NOT NULL
      );

      CREATE TABLE channel_members (
        channel_guid text NOT NULL REFERENCES channels(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        member_type integer NOT NULL DEFAULT 0 CHECK (member_type IN (0, 2)),
        bookmark_created bigint NOT NULL DEFAULT 0,
        bookmark_guid text,
        joined bigint NOT NULL,
        PRIMARY KEY (channel_guid, user_guid)
      );
      CREATE INDEX channel_members_user ON channel_members (user_guid);

      CREATE TABLE messages (
        guid text PRIMARY KEY,
        channel_guid text NOT NULL REFERENCES channels(guid),
        from_guid text NOT NULL REFERENCES users(guid),
        created bigint NOT NULL,
        json text NOT NULL,
        reply_to text,
        is_urgent boolean NOT NULL DEFAULT false,
        flag integer NOT NULL DEFAULT 0,
        client_guid text,
        deleted_at bigint
      );
      -- created is strictly increasing within a channel.
      CREATE UNIQUE INDEX messages_channel_created ON messages (channel_guid, created);
      -- Idempotent posts: one message per (author, client_guid).
      CREATE UNIQUE INDEX messages_client_guid ON messages (from_guid, client_guid) WHERE client_guid IS NOT NULL;

      CREATE TABLE reactions (
        message_guid text NOT NULL REFERENCES messages(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        content text NOT NULL,
        created bigint NOT NULL,
        PRIMARY KEY (message_guid, user_guid, content)
      );
    `,
  },
  {
    version: 2,
    name: 'alerts and join requests',
    sql: `
      CREATE TABLE alerts (
        guid text PRIMARY KEY,
        user_guid text NOT NULL REFERENCES users(guid),
        alert_type integer NOT NULL,
        message text NOT NULL DEFAULT '',
        -- JSON text: an object or a string (spec 1 §3).
        target text,
        created bigint NOT NULL,
        dismissed_at bigint
      );
      CREATE INDEX alerts_user_created ON alerts (user_guid, created DESC);

      CREATE TABLE join_requests (
        guid text PRIMARY KEY,
        channel_guid text NOT NULL REFERENCES channels(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        created bigint NOT NULL,
        -- pending, approved, denied or cancelled; decided_by is the admin who approved or denied.
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'denied', 'cancelled')),
        decided_by text REFERENCES users(guid),
        decided_at bigint
      );
      -- One pending request per person and team.
      CREATE UNIQUE INDEX join_requests_pending ON join_requests (channel_guid, user_guid) WHERE state = 'pending';
    `,
  },
];

/** Applies the migrations not yet recorded, each in its own transaction. Returns the versions applied. */
export async function migrate(db: Database): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at bigint NOT NULL
  )`);
  const done = new Set((await db.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (done.has(m.version)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
    });
    applied.push(m.version);
  }
  return applied;
}
