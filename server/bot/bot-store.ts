/** The welcome bot's state per user, and finding a user's bot. */
import { TUTORIAL_STATES, type BotStep, type TutorialState } from '../../protocol/welcome-bot';
import type { Queryable } from '../db';
import type { UserRow } from '../user-store';

export interface BotState {
  tutorial_state: TutorialState;
  step: BotStep | null;
}

export async function getBotState(db: Queryable, userGuid: string): Promise<BotState> {
  const rows = await db.query<{ tutorial_state: string; step: string | null }>('SELECT tutorial_state, step FROM bot_states WHERE user_guid = $1', [userGuid]);
  const row = rows[0];
  const tutorial = (TUTORIAL_STATES as readonly string[]).includes(row?.tutorial_state ?? '') ? (row!.tutorial_state as TutorialState) : 'not_set';
  return { tutorial_state: tutorial, step: (row?.step as BotStep | null | undefined) ?? null };
}

export async function setBotState(db: Queryable, userGuid: string, change: Partial<BotState>): Promise<void> {
  const current = await getBotState(db, userGuid);
  const next = { ...current, ...change };
  await db.query(
    `INSERT INTO bot_states (user_guid, tutorial_state, step, updated) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_guid) DO UPDATE SET tutorial_state = EXCLUDED.tutorial_state, step = EXCLUDED.step, updated = EXCLUDED.updated`,
    [userGuid, next.tutorial_state, next.step, Date.now()],
  );
}

const USER_COLUMNS = 'u.guid, u.company_guid, u.email, u.first_name, u.last_name, u.user_type, u.is_company_admin, u.is_blocked';

/** The bot in a direct message of `userGuid` with a bot (user_type 2), or undefined when the channel is not one. */
export async function botPeer(db: Queryable, channelGuid: string, userGuid: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM channels c
       JOIN channel_members me ON me.channel_guid = c.guid AND me.user_guid = $2
       JOIN channel_members other ON other.channel_guid = c.guid AND other.user_guid <> $2
       JOIN users u ON u.guid = other.user_guid
      WHERE c.guid = $1 AND c.channel_type = 0 AND u.user_type = 2`,
    [channelGuid, userGuid],
  );
  return rows[0];
}

export async function companyName(db: Queryable, companyGuid: string): Promise<string> {
  const rows = await db.query<{ name: string }>('SELECT name FROM companies WHERE guid = $1', [companyGuid]);
  return rows[0]?.name ?? 'your company';
}
