/**
 * Notification state per user: the global settings (spec 3 §3), each
 * channel's channel_on, and mutes (spec 3 §4.2). Rows exist only where
 * something differs from the default (everything on, nothing muted).
 */
import {
  applyMuteChange,
  DEFAULT_NOTIFICATION_SETTINGS,
  isUnmuted,
  unmuted,
  withoutExpired,
  type Mute,
  type MuteChange,
  type NotificationSettings,
} from '../protocol/rules/notifications';
import type { Queryable } from './db';

type SettingsRow = NotificationSettings & { user_guid: string };

export async function getNotificationSettings(db: Queryable, userGuid: string): Promise<NotificationSettings> {
  return (await notificationSettingsOf(db, [userGuid])).get(userGuid) ?? { ...DEFAULT_NOTIFICATION_SETTINGS };
}

/** Settings of several users; users without a row get the defaults. */
export async function notificationSettingsOf(db: Queryable, userGuids: readonly string[]): Promise<Map<string, NotificationSettings>> {
  const rows = await db.query<SettingsRow>(
    'SELECT user_guid, global_on, conversations_on, teams_on, departments_on FROM notification_settings WHERE user_guid = ANY($1)',
    [userGuids],
  );
  const found = new Map(rows.map((r) => [r.user_guid, { global_on: r.global_on, conversations_on: r.conversations_on, teams_on: r.teams_on, departments_on: r.departments_on }]));
  for (const guid of userGuids) if (!found.has(guid)) found.set(guid, { ...DEFAULT_NOTIFICATION_SETTINGS });
  return found;
}

/** Changes the settings given; returns all four as stored. */
export async function saveNotificationSettings(db: Queryable, userGuid: string, patch: Partial<NotificationSettings>, now = Date.now()): Promise<NotificationSettings> {
  const next = { ...(await getNotificationSettings(db, userGuid)), ...patch };
  await db.query(
    `INSERT INTO notification_settings (user_guid, global_on, conversations_on, teams_on, departments_on, updated) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_guid) DO UPDATE SET global_on = EXCLUDED.global_on, conversations_on = EXCLUDED.conversations_on,
       teams_on = EXCLUDED.teams_on, departments_on = EXCLUDED.departments_on, updated = EXCLUDED.updated`,
    [userGuid, next.global_on, next.conversations_on, next.teams_on, next.departments_on, now],
  );
  return next;
}

export async function setChannelOn(db: Queryable, userGuid: string, channelGuid: string, on: boolean, now = Date.now()): Promise<void> {
  await db.query(
    `INSERT INTO channel_notifications (channel_guid, user_guid, channel_on, updated) VALUES ($1, $2, $3, $4)
     ON CONFLICT (channel_guid, user_guid) DO UPDATE SET channel_on = EXCLUDED.channel_on, updated = EXCLUDED.updated`,
    [channelGuid, userGuid, on, now],
  );
}

/** channel_on of a channel for each of several members (absent: on). */
export async function channelOnFor(db: Queryable, channelGuid: string, userGuids: readonly string[]): Promise<Map<string, boolean>> {
  const rows = await db.query<{ user_guid: string; channel_on: boolean }>(
    'SELECT user_guid, channel_on FROM channel_notifications WHERE channel_guid = $1 AND user_guid = ANY($2)',
    [channelGuid, userGuids],
  );
  const found = new Map(rows.map((r) => [r.user_guid, r.channel_on]));
  return new Map(userGuids.map((g) => [g, found.get(g) ?? true]));
}

interface MuteRow {
  scope: string;
  address: string | null;
  mute_hour: number | bigint | null;
  mute_today: number | bigint | null;
  mute_always: boolean;
}

const GLOBAL_SCOPE = '';
const num = (v: number | bigint | null): number | null => (v === null ? null : Number(v));

function toMute(r: MuteRow, now: number): Mute {
  return withoutExpired({ address: r.scope === GLOBAL_SCOPE ? null : r.address, mute_hour: num(r.mute_hour), mute_today: num(r.mute_today), mute_always: r.mute_always }, now);
}

/** The user's mutes that are still on (expired parts read as unset), for channels they still belong to. */
export async function listMutes(db: Queryable, userGuid: string, now = Date.now()): Promise<Mute[]> {
  const rows = await db.query<MuteRow>(
    `SELECT m.scope, c.address, m.mute_hour, m.mute_today, m.mute_always
       FROM mutes m LEFT JOIN channels c ON c.guid = m.scope
      WHERE m.user_guid = $1 AND (m.scope = '' OR EXISTS (SELECT 1 FROM channel_members cm WHERE cm.channel_guid = m.scope AND cm.user_guid = $1))
      ORDER BY m.scope`,
    [userGuid],
  );
  return rows.map((r) => toMute(r, now)).filter((m) => !isUnmuted(m));
}

/**
 * Applies a change to one mute (`channel` null: the global one) and returns it
 * as stored. An all-clear mute deletes its row.
 */
export async function saveMute(
  db: Queryable,
  userGuid: string,
  channel: { guid: string; address: string } | null,
  change: MuteChange,
  now = Date.now(),
): Promise<Mute> {
  const scope = channel?.guid ?? GLOBAL_SCOPE;
  const rows = await db.query<MuteRow>('SELECT scope, NULL AS address, mute_hour, mute_today, mute_always FROM mutes WHERE user_guid = $1 AND scope = $2', [
    userGuid,
    scope,
  ]);
  const address = channel?.address ?? null;
  const current = rows[0] ? { ...toMute(rows[0], now), address } : unmuted(address);
  const next = applyMuteChange(current, change);
  if (isUnmuted(next)) {
    await db.query('DELETE FROM mutes WHERE user_guid = $1 AND scope = $2', [userGuid, scope]);
  } else {
    await db.query(
      `INSERT INTO mutes (user_guid, scope, mute_hour, mute_today, mute_always, updated) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_guid, scope) DO UPDATE SET mute_hour = EXCLUDED.mute_hour, mute_today = EXCLUDED.mute_today,
         mute_always = EXCLUDED.mute_always, updated = EXCLUDED.updated`,
      [userGuid, scope, next.mute_hour, next.mute_today, next.mute_always, now],
    );
  }
  return next;
}
