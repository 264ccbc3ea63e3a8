/**
 * Notification rules shared by the server (which alerts) and the client (which
 * toasts, plays sounds and counts the badge): the settings of spec 3 §3, the
 * channel kinds they govern, muting (spec 3 §4.2), the sound throttles (spec 1
 * §9) and the unread badge (spec 3 §4.3). Plain data and pure functions.
 */

/** Spec 3 §3 notification settings. All on by default. */
export interface NotificationSettings {
  global_on: boolean;
  conversations_on: boolean;
  teams_on: boolean;
  departments_on: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = {
  global_on: true,
  conversations_on: true,
  teams_on: true,
  departments_on: true,
};

/** Spec 3 §3: a channel's notification type is DM, TEAM (optionally is_hr) or COMPANY. */
export type NotificationKind = 'DM' | 'TEAM' | 'COMPANY';

/**
 * Channel type → notification type. Direct messages and task conversations
 * (channel_type 0, 3) are 'DM'; teams, departments and announcements (1) are
 * 'TEAM' (departments and announcements with is_hr); the company channel (2)
 * is 'COMPANY'.
 */
export function notificationKindOf(channel: { channel_type: number; is_hr?: boolean }): { kind: NotificationKind; is_hr: boolean } {
  if (channel.channel_type === 2) return { kind: 'COMPANY', is_hr: false };
  if (channel.channel_type === 1) return { kind: 'TEAM', is_hr: channel.is_hr ?? false };
  return { kind: 'DM', is_hr: false };
}

/**
 * Whether a channel notifies at all: global_on, then the setting of its kind
 * (DM → conversations_on, TEAM → teams_on, TEAM with is_hr → departments_on;
 * COMPANY has no setting of its own and follows global_on), then the
 * channel's own channel_on.
 */
export function channelNotifies(settings: NotificationSettings, channel: { channel_type: number; is_hr?: boolean; channel_on: boolean }): boolean {
  if (!settings.global_on || !channel.channel_on) return false;
  const { kind, is_hr } = notificationKindOf(channel);
  if (kind === 'DM') return settings.conversations_on;
  if (kind === 'TEAM') return is_hr ? settings.departments_on : settings.teams_on;
  return true;
}

/** Toast texts of spec 1 §8. */
export const notificationsToggledText = (name: string, on: boolean): string => `Notifications for ${name} are set to ${on ? 'On' : 'Off'}.`;

// ── Muting (spec 3 §4.2) ────────────────────────────────────────────────────

/**
 * A mute: of one channel (`address`) or, with `address` null, of everything
 * (Plaza's "Pause notifications", which is also spec 1 §9's "muted setting"
 * for sounds). `mute_hour` and `mute_today` are expiry times (epoch ms).
 */
export interface Mute {
  address: string | null;
  mute_hour: number | null;
  mute_today: number | null;
  mute_always: boolean;
}

/** A change to a mute as the wire carries it: a field left out stays; null clears it. */
export interface MuteChange {
  mute_hour?: number | null;
  mute_today?: number | null;
  mute_always?: boolean | null;
}

export const MUTE_HOUR_MS = 3_600_000;
/** Spec 3 §9: the mute check runs every 10 s. */
export const MUTE_CHECK_MS = 10_000;

export const unmuted = (address: string | null): Mute => ({ address, mute_hour: null, mute_today: null, mute_always: false });

/**
 * Applies a change. One-hour, today and always are mutually exclusive: setting
 * one clears the others; setting one to null (or always to false) clears only
 * that one (spec 3 §4.2).
 */
export function applyMuteChange(current: Mute, change: MuteChange): Mute {
  const next = { ...current };
  if (change.mute_hour !== undefined) {
    next.mute_hour = change.mute_hour;
    if (change.mute_hour !== null) Object.assign(next, { mute_today: null, mute_always: false });
  }
  if (change.mute_today !== undefined) {
    next.mute_today = change.mute_today;
    if (change.mute_today !== null) Object.assign(next, { mute_hour: null, mute_always: false });
  }
  if (change.mute_always !== undefined) {
    next.mute_always = change.mute_always === true;
    if (change.mute_always === true) Object.assign(next, { mute_hour: null, mute_today: null });
  }
  return next;
}

/** How many of the three a change sets (more than one is refused: they are mutually exclusive). */
export const settingsInChange = (change: MuteChange): number =>
  (change.mute_hour != null ? 1 : 0) + (change.mute_today != null ? 1 : 0) + (change.mute_always === true ? 1 : 0);

/** Spec 3 §4.2: muted means always, or an unexpired one-hour or today expiration. */
export function isMuted(mute: Mute | undefined, now: number): boolean {
  if (!mute) return false;
  return mute.mute_always || (mute.mute_hour !== null && mute.mute_hour > now) || (mute.mute_today !== null && mute.mute_today > now);
}

/** The mute with expired parts removed (what the 10 s check leaves). */
export function withoutExpired(mute: Mute, now: number): Mute {
  return {
    ...mute,
    mute_hour: mute.mute_hour !== null && mute.mute_hour > now ? mute.mute_hour : null,
    mute_today: mute.mute_today !== null && mute.mute_today > now ? mute.mute_today : null,
  };
}

export const isUnmuted = (mute: Mute): boolean => !mute.mute_always && mute.mute_hour === null && mute.mute_today === null;

/**
 * When the periodic check (every 10 s, on the epoch-aligned grid) first sees
 * this mute's earliest expiry: null when nothing of it expires.
 */
export function muteCheckAt(mute: Mute): number | null {
  const expiries = [mute.mute_hour, mute.mute_today].filter((t): t is number => t !== null);
  if (expiries.length === 0) return null;
  const first = Math.min(...expiries);
  return Math.ceil(first / MUTE_CHECK_MS) * MUTE_CHECK_MS;
}

export type MuteKind = 'hour' | 'today' | 'always';

/** Which mute is on, and until when (null: always, or not muted). */
export function muteSummary(mute: Mute | undefined, now: number): { kind: MuteKind | null; until: number | null } {
  if (!mute || !isMuted(mute, now)) return { kind: null, until: null };
  if (mute.mute_always) return { kind: 'always', until: null };
  if (mute.mute_hour !== null && mute.mute_hour > now) return { kind: 'hour', until: mute.mute_hour };
  return { kind: 'today', until: mute.mute_today };
}

// ── Sounds (spec 1 §9) ──────────────────────────────────────────────────────

export type SoundKind = 'chord' | 'beep';

/** The urgent-alert chord at most once per 30 s, the beep at most once per second. */
export const SOUND_THROTTLE_MS: Readonly<Record<SoundKind, number>> = { chord: 30_000, beep: 1_000 };

/**
 * A new message is announced with a toast at most once per second, like the
 * beep (Plaza's choice): a burst — catching up after a reconnect, a busy
 * channel — shows one toast, not hundreds, and the stack holds only 4 anyway.
 */
export const ANNOUNCE_THROTTLE_MS = 1_000;

// ── Unread badge (spec 3 §4.3, §9) ──────────────────────────────────────────

export const APP_TITLE = 'Plaza';
/** Spec 3 §9: the title refreshes every second. */
export const TITLE_REFRESH_MS = 1_000;

/** The icon count: capped at 99+ above 99 (spec 3 §4.3); empty for none. */
export function badgeLabel(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** The tab title: "(N) Plaza", with a star appended while idle with unread messages. */
export function badgeTitle(count: number, idle: boolean): string {
  if (count <= 0) return APP_TITLE;
  return `(${count}) ${APP_TITLE}${idle ? ' *' : ''}`;
}
