/**
 * Alert types, their names and behaviours (spec 1 §4, §9), and the toast limits
 * (spec 3 §9). Shared by the server (which raises alerts), the projections and
 * the UI's wording.
 */

/** Alert types 0–21 (spec 1 §9), by number. */
export const SERVER_ALERT_NAMES: readonly string[] = [
  'Urgent message',
  'Request to join team',
  'Join approved',
  'Join denied',
  'Removed from team',
  'Added to team',
  'New survey',
  'Team privacy changed',
  'External chat changed',
  'Team invite joined',
  'Invite joined',
  'Mentioned',
  'Member joined',
  'Left team',
  'Member added by admin',
  'Member removed by admin',
  'MFA reset request',
  'Information alert',
  'MFA reset in password reset',
  'Admin alert',
  'Member alert',
  'Outgoing API disabled',
];

export const ALERT_TYPE = {
  urgentMessage: 0,
  requestToJoin: 1,
  joinApproved: 2,
  joinDenied: 3,
  removedFromTeam: 4,
  addedToTeam: 5,
  teamPrivacyChanged: 7,
  externalChatChanged: 8,
  mentioned: 11,
  memberJoined: 12,
  leftTeam: 13,
  memberAddedByAdmin: 14,
  memberRemovedByAdmin: 15,
  mfaResetRequest: 16,
  informationAlert: 17,
  adminAlert: 19,
  memberAlert: 20,
  /** Client-side alerts (1000+). The spec names only 1003; the others' names are Plaza's. */
  refreshNeeded: 1000,
  settingsChanged: 1001,
  versionUpgrade: 1002,
  offline: 1003,
  accessRestored: 1004,
  roleChanged: 1005,
} as const;

/** Client-side alert names (spec 1 §4 names 1003; the rest are Plaza's wording). */
export const CLIENT_ALERT_NAMES: Readonly<Record<number, string>> = {
  1000: 'Refresh needed',
  1001: 'Settings changed',
  1002: 'New version available',
  1003: 'Internet connection offline',
  1004: 'Access restored',
  1005: 'Role changed',
};

/** Alerts of these types are raised by the client and never come from (or go to) the server. */
export const isClientAlertType = (type: number): boolean => type >= 1000;

export type AlertBehaviour = 'go-to' | 'dismiss-only' | 'dismiss-after-timeout' | 'approve' | 'reset' | 'refresh' | 'error-refresh' | 'unknown';

const BEHAVIOURS: ReadonlyMap<number, AlertBehaviour> = new Map<number, AlertBehaviour>([
  ...[0, 2, 5, 7, 9, 11, 12, 13, 14, 15].map((t) => [t, 'go-to'] as const),
  ...[3, 8].map((t) => [t, 'dismiss-only'] as const),
  ...[4, 10, 17, 19, 20].map((t) => [t, 'dismiss-after-timeout'] as const),
  [1, 'approve'],
  [16, 'reset'],
  ...[1000, 1001, 1002, 1004, 1005].map((t) => [t, 'refresh'] as const),
  [1003, 'error-refresh'],
]);

/**
 * What the user can do with an alert of this type (spec 1 §9). Types the spec
 * lists without a behaviour (6, 18, 21) and unknown types are 'unknown': still
 * shown, dismissable (spec 1 §4: unknown types are logged but still shown).
 */
export function alertBehaviour(type: number): AlertBehaviour {
  return BEHAVIOURS.get(type) ?? 'unknown';
}

/** Types the spec names (0–21) and the client's own (1000–1005); others are logged once and still shown. */
export function isKnownAlertType(type: number): boolean {
  return SERVER_ALERT_NAMES[type] !== undefined || CLIENT_ALERT_NAMES[type] !== undefined;
}

export function alertTypeName(type: number, given = ''): string {
  if (given) return given;
  return SERVER_ALERT_NAMES[type] ?? CLIENT_ALERT_NAMES[type] ?? `Alert ${type}`;
}

/** Alerts with behaviour 'dismiss-after-timeout' are dismissed this long after they arrive (spec 3 §9). */
export const ALERT_TIMEOUT_MS = 5_000;

/** Toasts (spec 1 §9, spec 3 §9): at most 4 on screen, newest on top, title at most 30 characters. */
export const TOAST_LIMITS = {
  maxOnScreen: 4,
  titleMax: 30,
  timeoutMs: 5_000,
  promotionTimeoutMs: 60_000,
} as const;

/** A title cut to the toast limit, with an ellipsis when cut. */
export function toastTitle(title: string): string {
  const t = title.trim();
  return t.length <= TOAST_LIMITS.titleMax ? t : `${t.slice(0, TOAST_LIMITS.titleMax - 1)}…`;
}

/** What an alert's main button does (Plaza's reading of the behaviours of spec 1 §9). */
export type AlertActionKind = 'go-to' | 'refresh' | 'reload' | 'sign-out' | 'retry' | 'reset';

export interface AlertAction {
  kind: AlertActionKind;
  label: string;
}

/**
 * The main action of an alert besides Dismiss (and besides Approve/Deny for
 * join requests, which have two). go-to opens the conversation or team it
 * names; refresh resyncs what it is about; 1002 (a new version) reloads the
 * page, the only way to get the new client; 1005 (role changed) signs out,
 * since spec 1 §5 tells a promoted user to sign out and back in; 1003 retries
 * the connection now; a reset request (16) resets the person's two-factor —
 * unless the request was cancelled, which leaves only Dismiss.
 */
export function alertAction(type: number, context: { address: string | null; cancelled: boolean }): AlertAction | null {
  switch (alertBehaviour(type)) {
    case 'go-to':
      return context.address ? { kind: 'go-to', label: 'Open' } : null;
    case 'reset':
      return context.cancelled ? null : { kind: 'reset', label: 'Reset two-factor' };
    case 'refresh':
      if (type === ALERT_TYPE.versionUpgrade) return { kind: 'reload', label: 'Reload' };
      if (type === ALERT_TYPE.roleChanged) return { kind: 'sign-out', label: 'Sign out' };
      return { kind: 'refresh', label: 'Refresh' };
    case 'error-refresh':
      return { kind: 'retry', label: 'Retry now' };
    default:
      return null;
  }
}

/**
 * Spec 1 §5 "Admin alerts": of the admin alerts (type 19), only information
 * about compliance or the global folder admin is shown loudly to someone who
 * is not a company admin. `target.topic` names what an admin alert is about.
 */
export const LOUD_ADMIN_TOPICS: readonly string[] = ['compliance', 'global_folder_admin'];

export function adminAlertTopic(target: unknown): string | null {
  if (!target || typeof target !== 'object') return null;
  const topic = (target as Record<string, unknown>)['topic'];
  return typeof topic === 'string' ? topic : null;
}

/** The text of the 1005 alert a promoted user gets (spec 1 §5: told to sign out and back in). */
export const ROLE_CHANGED_MESSAGE = 'Your role has changed. Sign out and sign in again to use your new permissions.';

/** An information alert (17) whose target says `promotion: true` is shown as a promotion toast (60 s). */
export function isPromotion(type: number, target: unknown): boolean {
  return type === ALERT_TYPE.informationAlert && !!target && typeof target === 'object' && (target as Record<string, unknown>)['promotion'] === true;
}

/** Client-side alerts have one guid per type: raising one again replaces it. */
export const clientAlertGuid = (type: number): string => `client-${type}`;
