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
  {
    version: 10,
    name: 'message change sequence for exact catch-up',
    // Every change to a message (post, deletion, reaction, flag) takes the next value of the one
    // counter row. Taking it with UPDATE locks the row until the change commits, so changes commit
    // in sequence order even on a server with many connections: a reader that sees sequence N has
    // seen every change before it (docs/protocol.md "Exact catch-up").
    sql: `
      CREATE TABLE change_counter (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        v bigint NOT NULL
      );
      ALTER TABLE messages ADD COLUMN change_seq bigint;
      UPDATE messages m SET change_seq = numbered.n
        FROM (SELECT guid, row_number() OVER (ORDER BY created, guid) AS n FROM messages) numbered
       WHERE numbered.guid = m.guid;
      INSERT INTO change_counter (id, v) SELECT true, COALESCE(MAX(change_seq), 0) FROM messages;
      ALTER TABLE messages ALTER COLUMN change_seq SET NOT NULL;
      CREATE UNIQUE INDEX messages_change_seq ON messages (change_seq);
    `,
  },
  // 30–39: folders, teams and blocking (issue 5).
  {
    version: 30,
    name: 'folders, team invites, company blocks',
    sql: `
      -- Conversation folders: per user, nestable (spec 1 §3 Folder).
      CREATE TABLE folders (
        guid text PRIMARY KEY,
        user_guid text NOT NULL REFERENCES users(guid),
        name text NOT NULL,
        parent_guid text REFERENCES folders(guid),
        created bigint NOT NULL
      );
      CREATE INDEX folders_user ON folders (user_guid);
      -- Which folder the member keeps the channel in (per user, like the bookmark).
      ALTER TABLE channel_members ADD COLUMN folder_guid text REFERENCES folders(guid) ON DELETE SET NULL;

      ALTER TABLE channels ADD COLUMN description text NOT NULL DEFAULT '';
      -- A deleted team keeps its rows (messages refer to it) but has no members and is listed nowhere.
      ALTER TABLE channels ADD COLUMN deleted_at bigint;

      -- Email invitations to a team (spec 1 §3 Invite) and their reminders.
      CREATE TABLE team_invites (
        guid text PRIMARY KEY,
        channel_guid text NOT NULL REFERENCES channels(guid),
        email text NOT NULL,
        member_type integer NOT NULL DEFAULT 0 CHECK (member_type IN (0, 2)),
        is_external boolean NOT NULL DEFAULT false,
        invited_by text NOT NULL REFERENCES users(guid),
        created bigint NOT NULL,
        sent_count integer NOT NULL DEFAULT 1,
        last_sent bigint NOT NULL,
        reminders_dismissed boolean NOT NULL DEFAULT false,
        revoked_at bigint
      );
      CREATE UNIQUE INDEX team_invites_pending ON team_invites (channel_guid, lower(email)) WHERE revoked_at IS NULL;

      -- A company blocks a person of another company (spec 1 §4 "Blocking").
      CREATE TABLE company_blocks (
        company_guid text NOT NULL REFERENCES companies(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        blocked_by text NOT NULL REFERENCES users(guid),
        created bigint NOT NULL,
        PRIMARY KEY (company_guid, user_guid)
      );
      -- The blocked person's memberships in that company's channels, set aside until they are reinstated.
      CREATE TABLE suspended_members (
        channel_guid text NOT NULL REFERENCES channels(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        company_guid text NOT NULL REFERENCES companies(guid),
        member_type integer NOT NULL,
        bookmark_created bigint NOT NULL,
        bookmark_guid text,
        joined bigint NOT NULL,
        folder_guid text,
        PRIMARY KEY (channel_guid, user_guid)
      );
      CREATE INDEX suspended_members_company_user ON suspended_members (company_guid, user_guid);
    `,
  },
  // 40–49: notification settings and two-factor reset requests (issue 5).
  {
    version: 40,
    name: 'notification settings, channel notifications, mutes, two-factor reset requests',
    sql: `
      -- Spec 3 §3 notification settings; a user without a row has everything on.
      CREATE TABLE notification_settings (
        user_guid text PRIMARY KEY REFERENCES users(guid),
        global_on boolean NOT NULL DEFAULT true,
        conversations_on boolean NOT NULL DEFAULT true,
        teams_on boolean NOT NULL DEFAULT true,
        departments_on boolean NOT NULL DEFAULT true,
        updated bigint NOT NULL
      );
      -- A channel's channel_on for one member; no row means on.
      CREATE TABLE channel_notifications (
        channel_guid text NOT NULL REFERENCES channels(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        channel_on boolean NOT NULL,
        updated bigint NOT NULL,
        PRIMARY KEY (channel_guid, user_guid)
      );
      -- Spec 3 §4.2 mutes. scope is a channel guid, or '' for the user's global mute.
      -- mute_hour and mute_today are expiry times; expired ones count as unset.
      CREATE TABLE mutes (
        user_guid text NOT NULL REFERENCES users(guid),
        scope text NOT NULL,
        mute_hour bigint,
        mute_today bigint,
        mute_always boolean NOT NULL DEFAULT false,
        updated bigint NOT NULL,
        PRIMARY KEY (user_guid, scope)
      );
      -- Two-factor reset requests (spec 1 §6): pending until an admin resets or someone cancels.
      CREATE TABLE mfa_reset_requests (
        guid text PRIMARY KEY,
        user_guid text NOT NULL REFERENCES users(guid),
        company_guid text NOT NULL REFERENCES companies(guid),
        created bigint NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'reset', 'cancelled')),
        decided_by text REFERENCES users(guid),
        decided_at bigint
      );
      CREATE UNIQUE INDEX mfa_reset_requests_pending ON mfa_reset_requests (user_guid) WHERE state = 'pending';
      -- When an admin last reset the user's second factor (the local server has no second factor to clear).
      ALTER TABLE users ADD COLUMN totp_reset_at bigint;
    `,
  },
  // 50–59: people, search and the welcome bot (issue 5).
  {
    version: 50,
    name: 'custom statuses and user details',
    sql: `
      -- A user's statuses are keyed by icon (spec 3 §7.6: select, update and delete name the icon).
      CREATE TABLE custom_statuses (
        user_guid text NOT NULL REFERENCES users(guid),
        icon text NOT NULL,
        text text NOT NULL,
        color text NOT NULL CHECK (color IN ('green', 'yellow', 'red', 'grey')),
        created bigint NOT NULL,
        PRIMARY KEY (user_guid, icon)
      );
      -- The selected status's icon, NULL for automatic presence.
      ALTER TABLE users ADD COLUMN custom_status_icon text;
      -- The default statuses are inserted once, on the user's first list.
      ALTER TABLE users ADD COLUMN statuses_initialized boolean NOT NULL DEFAULT false;
      ALTER TABLE users ADD COLUMN job_title text;
      ALTER TABLE users ADD COLUMN address1 text;
      ALTER TABLE users ADD COLUMN address2 text;
      ALTER TABLE users ADD COLUMN city text;
      ALTER TABLE users ADD COLUMN state text;
      ALTER TABLE users ADD COLUMN zip text;
      ALTER TABLE users ADD COLUMN desk_number text;
      ALTER TABLE users ADD COLUMN cell_number text;
    `,
  },
  {
    version: 51,
    name: 'connections and connect links',
    sql: `
      -- Two users of different companies who may talk; user_a < user_b.
      CREATE TABLE connections (
        user_a text NOT NULL REFERENCES users(guid),
        user_b text NOT NULL REFERENCES users(guid),
        created bigint NOT NULL,
        PRIMARY KEY (user_a, user_b),
        CHECK (user_a < user_b)
      );
      CREATE INDEX connections_b ON connections (user_b);
      CREATE TABLE connect_links (
        cl_guid text PRIMARY KEY,
        code text NOT NULL UNIQUE,
        owner_guid text NOT NULL REFERENCES users(guid),
        team_guid text REFERENCES channels(guid),
        ttl_seconds integer NOT NULL,
        max_clicks integer NOT NULL,
        clicks integer NOT NULL DEFAULT 0,
        created bigint NOT NULL,
        expires bigint NOT NULL,
        deleted_at bigint
      );
      CREATE INDEX connect_links_owner ON connect_links (owner_guid);
      CREATE TABLE connection_requests (
        guid text PRIMARY KEY,
        from_guid text NOT NULL REFERENCES users(guid),
        to_guid text NOT NULL REFERENCES users(guid),
        cl_guid text REFERENCES connect_links(cl_guid),
        created bigint NOT NULL,
        -- NULL while pending; 0 accepted, 1 rejected (the cr/respond codes).
        response integer,
        responded bigint
      );
      -- One pending request per pair and direction.
      CREATE UNIQUE INDEX connection_requests_pending ON connection_requests (from_guid, to_guid) WHERE response IS NULL;
      CREATE INDEX connection_requests_to ON connection_requests (to_guid) WHERE response IS NULL;
    `,
  },
  {
    version: 52,
    name: 'message search',
    sql: `
      -- The plain text of a message's parts (text, and names of mentions), for search.
      CREATE FUNCTION plaza_message_text(j text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
        SELECT coalesce(string_agg(v #>> '{}', ' '), '')
          FROM (SELECT jsonb_path_query(j::jsonb, 'strict $.**.text') AS v
                UNION ALL SELECT jsonb_path_query(j::jsonb, 'strict $.**.name')) parts
      $fn$;
      ALTER TABLE messages ADD COLUMN search_text text GENERATED ALWAYS AS (plaza_message_text(json)) STORED;
      -- Words, language-neutral ('simple': no stemming), matched by prefix.
      CREATE INDEX messages_search ON messages USING gin (to_tsvector('simple', search_text));
    `,
  },
  {
    version: 53,
    name: 'welcome bot state',
    sql: `
      CREATE TABLE bot_states (
        user_guid text PRIMARY KEY REFERENCES users(guid),
        -- not_set, first, nth (spec 1 §4 welcome tutorial state)
        tutorial_state text NOT NULL DEFAULT 'not_set',
        -- The last step said that offers choices: what 'next' continues from.
        step text,
        updated bigint NOT NULL
      );
    `,
  },
  {
    // Versions 20–29 belong to the messages work (threads, reactions, flags).
    version: 20,
    name: 'per-user message flags; replies by thread',
    sql: `
      -- Flags are per user (spec 1 §3 flag ids 1-12); messages.flag is left unused.
      CREATE TABLE message_flags (
        message_guid text NOT NULL REFERENCES messages(guid),
        user_guid text NOT NULL REFERENCES users(guid),
        flag integer NOT NULL CHECK (flag BETWEEN 1 AND 12),
        created bigint NOT NULL,
        PRIMARY KEY (message_guid, user_guid)
      );
      CREATE INDEX message_flags_user ON message_flags (user_guid);
      CREATE INDEX messages_reply_to ON messages (reply_to) WHERE reply_to IS NOT NULL;
    `,
  },
  // 60–69: heavy-user scale (issue 6).
  {
    version: 60,
    name: 'scale: mentions, files, ui preferences',
    sql: `
      -- Who a message mentions (person parts with scope 'user'), and whether it mentions everyone
      -- (scope 'channel' or 'all'): unread mention counts are counted per channel like unread messages.
      ALTER TABLE messages ADD COLUMN mentions text[] NOT NULL DEFAULT '{}';
      ALTER TABLE messages ADD COLUMN mentions_all boolean NOT NULL DEFAULT false;
      -- A file shared in the message (spec 1 §3 file fields), as JSON; NULL for none.
      ALTER TABLE messages ADD COLUMN file_json text;
      -- Spec 3 §3 UI settings: settings_json (msg_sorting.az.show_last, msg_sorting.recent.show_last, …).
      CREATE TABLE ui_preferences (
        user_guid text PRIMARY KEY REFERENCES users(guid),
        settings_json text NOT NULL,
        updated bigint NOT NULL
      );
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
