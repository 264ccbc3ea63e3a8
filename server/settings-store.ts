/** Per-user UI settings (spec 3 §3 settings_json), stored as JSON text. */
import type { UiSettingsPatch } from '../protocol/rest/settings';
import type { Queryable } from './db';

type Json = Record<string, unknown>;

export async function getUiSettings(db: Queryable, userGuid: string): Promise<Json> {
  const rows = await db.query<{ settings_json: string }>('SELECT settings_json FROM ui_preferences WHERE user_guid = $1', [userGuid]);
  return rows[0] ? (JSON.parse(rows[0].settings_json) as Json) : {};
}

/** Applies a change (top-level keys replaced, msg_sorting merged per sort) and returns the stored result. */
export async function saveUiSettings(db: Queryable, userGuid: string, patch: UiSettingsPatch, now = Date.now()): Promise<Json> {
  const current = await getUiSettings(db, userGuid);
  const { msg_sorting, ...rest } = patch;
  const next: Json = { ...current, ...rest };
  if (msg_sorting) next.msg_sorting = { ...((current.msg_sorting as Json | undefined) ?? {}), ...msg_sorting };
  await db.query(
    `INSERT INTO ui_preferences (user_guid, settings_json, updated) VALUES ($1, $2, $3)
     ON CONFLICT (user_guid) DO UPDATE SET settings_json = EXCLUDED.settings_json, updated = EXCLUDED.updated`,
    [userGuid, JSON.stringify(next), now],
  );
  return next;
}
