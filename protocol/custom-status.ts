/**
 * Custom status (spec 3 §3): an icon, a text and a colour the user picks to
 * show instead of the automatic Active/Idle/Offline. A user's statuses are
 * keyed by icon (select, update and delete name the icon, spec 3 §7.6), so a
 * user has at most one status per icon and at most 16 in all.
 */
import { z } from 'zod';
import { STATUS_COLORS, STATUS_ICONS, STATUS_TEXT_MAX, type StatusColor, type StatusIcon } from './custom-status-values';

export * from './custom-status-values';

export const StatusIconSchema = z.enum(STATUS_ICONS, { error: 'Choose one of the 16 status icons.' });
export const StatusColorSchema = z.enum(STATUS_COLORS, { error: 'Choose green, yellow, red or grey.' });
export const StatusText = z.string().trim().min(1, 'Type a status text.').max(STATUS_TEXT_MAX, `At most ${STATUS_TEXT_MAX} characters.`);

/** One of the user's own statuses, as status/custom/list returns them. */
export const CustomStatus = z.object({
  icon: StatusIconSchema,
  text: StatusText,
  color: StatusColorSchema,
  selected: z.boolean().default(false),
});
export type CustomStatus = z.output<typeof CustomStatus>;

/**
 * Another user's selected status, as it travels on a User and in NOS frames.
 * Deliberately loose: a status with an icon or colour this client does not
 * know is "unknown custom status, logged only" (spec 3 §8), not a rejected frame.
 */
export const UserCustomStatus = z.object({
  icon: z.string().max(50),
  text: z.string().max(STATUS_TEXT_MAX * 2),
  color: z.string().max(20),
});
export type UserCustomStatus = z.output<typeof UserCustomStatus>;

/** A status this client can show: known icon and colour. */
export function isKnownStatus(status: UserCustomStatus): status is UserCustomStatus & { icon: StatusIcon; color: StatusColor } {
  return (STATUS_ICONS as readonly string[]).includes(status.icon) && (STATUS_COLORS as readonly string[]).includes(status.color);
}

/** The statuses a user starts with (the server inserts them on the first list). */
export const DEFAULT_STATUSES: readonly { icon: StatusIcon; text: string; color: StatusColor }[] = [
  { icon: 'easel', text: 'In a meeting', color: 'red' },
  { icon: 'ios-telephone', text: 'On a call', color: 'red' },
  { icon: 'pizza', text: 'Out for lunch', color: 'yellow' },
  { icon: 'recent', text: 'Be right back', color: 'yellow' },
  { icon: 'home', text: 'Working from home', color: 'green' },
  { icon: 'notification-off', text: 'Do not disturb', color: 'grey' },
];
