/** How the 16 status icons (spec 3 §3, ionicon names) are drawn: emoji, so no icon font is needed. */
import type { StatusColor, StatusIcon } from '../../protocol/custom-status-values';
import type { PresenceLabel } from '../../protocol/views-people';

export const STATUS_ICON_GLYPHS: Record<StatusIcon, string> = {
  octagon: '🛑',
  'android-happy': '🙂',
  'android-folder': '📁',
  'android-person': '👤',
  'person-blocked': '🚫',
  notification: '🔔',
  'notification-off': '🔕',
  'ios-telephone': '📞',
  'ios-briefcase': '💼',
  recent: '🕒',
  pizza: '🍕',
  easel: '📊',
  home: '🏠',
  email: '✉️',
  bug: '🐞',
  clipboard: '📋',
};

export const STATUS_COLOR_LABELS: Record<StatusColor, string> = { green: 'Green', yellow: 'Yellow', red: 'Red', grey: 'Grey' };

/** The dot colour class of an automatic status. */
export const PRESENCE_CLASS: Record<PresenceLabel, string> = { Active: 'green', Idle: 'yellow', Offline: 'grey', Blocked: 'red' };
