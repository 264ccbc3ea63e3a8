/**
 * The custom status's values (spec 3 §3): icons, colours, their labels and the text's bound — without
 * its schemas (custom-status.ts), so that the UI can show them without bundling zod.
 */
export const STATUS_ICONS = [
  'octagon',
  'android-happy',
  'android-folder',
  'android-person',
  'person-blocked',
  'notification',
  'notification-off',
  'ios-telephone',
  'ios-briefcase',
  'recent',
  'pizza',
  'easel',
  'home',
  'email',
  'bug',
  'clipboard',
] as const;
export type StatusIcon = (typeof STATUS_ICONS)[number];

export const STATUS_COLORS = ['green', 'yellow', 'red', 'grey'] as const;
export type StatusColor = (typeof STATUS_COLORS)[number];

export const STATUS_TEXT_MAX = 100;

/** Human labels for the icons (the menu's accessible names). */
export const STATUS_ICON_LABELS: Record<StatusIcon, string> = {
  octagon: 'Stop sign',
  'android-happy': 'Smile',
  'android-folder': 'Folder',
  'android-person': 'Person',
  'person-blocked': 'Do not disturb',
  notification: 'Bell',
  'notification-off': 'Bell off',
  'ios-telephone': 'Phone',
  'ios-briefcase': 'Briefcase',
  recent: 'Clock',
  pizza: 'Pizza',
  easel: 'Presentation',
  home: 'Home',
  email: 'Email',
  bug: 'Bug',
  clipboard: 'Clipboard',
};
