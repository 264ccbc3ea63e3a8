/**
 * What the user is told about, and how loudly (spec 1 §9, spec 3 §3, §4.2):
 * the notification settings, each channel's channel_on, mutes and their
 * 10-second clearing, and the decisions made as messages and alerts arrive —
 * announce a message (a toast), make an alert loud (a toast and a sound), play
 * the urgent chord (at most once per 30 s) or the beep (at most once per
 * second). Throttles are judged by envelope time, so a replay decides the same.
 *
 * How loud things are (Plaza's reading, docs/notifications.md):
 * - A new message from someone else, arriving live on the socket, is announced (toast + beep) when its
 *   channel notifies (global_on, the kind's setting, channel_on), neither the
 *   channel nor everything is muted, and the user is not looking at that very
 *   conversation — at most once per second. Urgent messages and mentions of
 *   the user are left to the alert the server raises for them; thread
 *   replies are not announced. One arriving before the log has any channel
 *   list waits for it (`awaitingList`): until then its channel is not known.
 * - A new server alert is loud unless the conversation it names does not
 *   notify or is muted, everything is muted, it is about the conversation being
 *   looked at (urgent alerts excepted), or it is an admin alert a non-admin
 *   should not hear (spec 1 §5). Urgent alerts play the chord, others the beep.
 * - Sounds are never played on mobile; a muted setting (the global mute)
 *   silences toasts and sounds alike.
 *
 * Folded after `channels` and before `messages` and `alerts`, so "is this
 * message / alert new?" sees the stores as they were.
 */
import type { Alert, Message } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { ALERT_TYPE, adminAlertTopic, alertBehaviour, isClientAlertType, LOUD_ADMIN_TOPICS, TOAST_LIMITS } from '../protocol/rules/alerts';
import {
  ANNOUNCE_THROTTLE_MS,
  channelNotifies,
  DEFAULT_NOTIFICATION_SETTINGS,
  isMuted,
  isUnmuted,
  muteCheckAt,
  SOUND_THROTTLE_MS,
  withoutExpired,
  type Mute,
  type MuteKind,
  type NotificationSettings,
  type SoundKind,
} from '../protocol/rules/notifications';
import { UPGRADE_ALERT_DELAY_MS, upgradeAvailable } from '../protocol/version';
import type { AlertsState } from './alerts';
import type { ChangeSet } from './changes';
import type { ChannelsState } from './channels';
import type { MessagesState } from './messages';
import type { SessionState } from './session';
import { mentionsUser } from './unread';

/** The key of the global mute in `mutes`. */
export const GLOBAL_MUTE = '';

export interface NotifyState {
  settings: NotificationSettings;
  /** channel_on per channel address, as last known (absent: on). */
  channelOn: Map<string, boolean>;
  /** Mutes that are on, by address ('' for the global one). Expired parts are cleared by the 10 s check. */
  mutes: Map<string, Mute>;
  /** The page is visible and focused. */
  attentive: boolean;
  /** The UI runs on a mobile device: no sounds. */
  mobile: boolean;
  /** Envelope time each sound last played. */
  lastPlayed: Record<SoundKind, number | null>;
  /** The latest sound decided; `id` is the seq of the envelope that decided it. */
  sound: { id: number; kind: SoundKind } | null;
  /** The message the latest message.received announced, or null. */
  announced: string | null;
  /** Envelope time of the last announced message (announcements are throttled to one per second). */
  lastAnnouncedAt: number | null;
  /**
   * Messages that would be announced but arrived before this log had any channel list — the first moments of
   * a fresh sign-in, while the list the socket's opening asked for is on its way — with their envelope times.
   * Which channel each is in, and so whether it notifies, is not known yet: the list decides. The newest few
   * only (no more toasts fit on screen). Absent while none waits, so a state without any is what it was
   * before this existed (stored snapshots restore, recorded sessions keep their hashes).
   */
  awaitingList?: { message: Message; at: number }[];
  /** The waiting messages the latest channel list announced, oldest first; absent when it announced none. */
  announcedByList?: Message[];
  /** The alert the latest alert.received made loud, or null. */
  loudAlert: string | null;
  /** A non-admin got an admin alert about something else than compliance or folders: they were promoted (spec 1 §5). */
  promotedBy: string | null;
  /** When the 'New version available' alert (1002) is due, or null. */
  upgradeDueAt: number | null;
}

export function createNotify(): NotifyState {
  return {
    settings: { ...DEFAULT_NOTIFICATION_SETTINGS },
    channelOn: new Map(),
    mutes: new Map(),
    attentive: true,
    mobile: false,
    lastPlayed: { chord: null, beep: null },
    sound: null,
    announced: null,
    lastAnnouncedAt: null,
    loudAlert: null,
    promotedBy: null,
    upgradeDueAt: null,
  };
}

/**
 * What the notify fold reads from the projections folded before it (and from alerts, folded after): the
 * projections themselves fit, so nothing is built per event.
 */
export interface NotifyInputs {
  session: Pick<SessionState, 'user' | 'openAddress'>;
  channels: ChannelsState;
  messages: MessagesState;
  alerts: AlertsState;
}

const muteKey = (address: string | null): string => address ?? GLOBAL_MUTE;

/** Whether a channel may notify now: its settings allow it and neither it nor everything is muted. */
export function channelAudible(state: NotifyState, channels: ChannelsState, address: string, now: number): boolean {
  const channel = channels.byAddress.get(address)?.channel;
  const notifies = channelNotifies(state.settings, {
    channel_type: channel?.channel_type ?? 0,
    is_hr: channel?.is_hr ?? false,
    channel_on: state.channelOn.get(address) ?? true,
  });
  return notifies && !isMuted(state.mutes.get(address), now) && !globallyMuted(state, now);
}

export const globallyMuted = (state: NotifyState, now: number): boolean => isMuted(state.mutes.get(GLOBAL_MUTE), now);

/** Whether a channel's own mute is on now. */
export const channelMuted = (state: NotifyState, address: string, now: number): boolean => isMuted(state.mutes.get(address), now);

function play(state: NotifyState, kind: SoundKind, at: number, seq: number, changes: ChangeSet): void {
  if (state.mobile) return;
  const last = state.lastPlayed[kind];
  if (last !== null && at - last < SOUND_THROTTLE_MS[kind]) return;
  state.lastPlayed[kind] = at;
  state.sound = { id: seq, kind };
  changes.sound = true;
}

function setMute(state: NotifyState, mute: Mute, at: number, changes: ChangeSet): void {
  const key = muteKey(mute.address);
  const current = withoutExpired(mute, at);
  const had = state.mutes.has(key);
  if (isUnmuted(current)) {
    if (!had) return;
    state.mutes.delete(key);
  } else {
    state.mutes.set(key, current);
  }
  if (mute.address === null) changes.notify = true;
  else changes.channelNotify.add(mute.address);
}

/** The 10 s check: expired parts of mutes are cleared once their check time has come. */
function clearExpiredMutes(state: NotifyState, at: number, changes: ChangeSet): void {
  for (const [key, mute] of state.mutes) {
    const check = muteCheckAt(mute);
    if (check === null || check > at) continue;
    const rest = withoutExpired(mute, at);
    if (isUnmuted(rest)) state.mutes.delete(key);
    else state.mutes.set(key, rest);
    if (key === GLOBAL_MUTE) changes.notify = true;
    else changes.channelNotify.add(key);
  }
}

function targetAddress(alert: Alert): string | null {
  const target = alert.target;
  if (!target || typeof target !== 'object') return null;
  const address = target['address'];
  return typeof address === 'string' && address ? address : null;
}

/** Whether a newly arrived alert is shown loudly (toast and sound); see the header. */
function alertIsLoud(state: NotifyState, alert: Alert, inputs: NotifyInputs, at: number): boolean {
  if (globallyMuted(state, at)) return false;
  if (alert.alert_type === ALERT_TYPE.adminAlert && !inputs.session.user?.is_company_admin && !LOUD_ADMIN_TOPICS.includes(adminAlertTopic(alert.target) ?? '')) return false;
  const address = targetAddress(alert);
  if (address === null) return true;
  if (!channelAudible(state, inputs.channels, address, at)) return false;
  const looking = state.attentive && inputs.session.openAddress === address;
  return !(looking && alert.alert_type !== ALERT_TYPE.urgentMessage && alertBehaviour(alert.alert_type) === 'go-to');
}

/**
 * Whether a message is announced: its channel may notify `now` (what the channel list says of it, the mutes),
 * and the last announcement was at least a second before it `arrived`.
 */
function announceable(state: NotifyState, message: Message, inputs: NotifyInputs, now: number, arrived = now): boolean {
  // The throttle first: it needs no lookup, and in a busy workspace it holds back most messages.
  if (state.lastAnnouncedAt !== null && arrived - state.lastAnnouncedAt < ANNOUNCE_THROTTLE_MS) return false;
  return channelAudible(state, inputs.channels, message.address, now);
}

/**
 * The first channel list is in: the messages that waited for it are judged as if it had been there when
 * they arrived (their channel's settings as the list says, the throttle by their own times), the mutes as
 * they are now. Those announced get their toasts (`announcedByList`) and one beep, now.
 */
function judgeAwaiting(state: NotifyState, inputs: NotifyInputs, { at, seq }: Envelope, changes: ChangeSet): void {
  delete state.announcedByList;
  const waited = state.awaitingList;
  if (!waited) return;
  delete state.awaitingList;
  const announced: Message[] = [];
  for (const w of waited) {
    if (!announceable(state, w.message, inputs, at, w.at)) continue;
    announced.push(w.message);
    state.lastAnnouncedAt = w.at;
  }
  if (announced.length === 0) return;
  state.announcedByList = announced;
  play(state, 'beep', at, seq, changes);
}

/** Announces a new message (toast and beep) when the rules in the header allow: see `announced`. */
function onMessage(state: NotifyState, message: Message, inputs: NotifyInputs, { at, seq, source }: Envelope, changes: ChangeSet): void {
  state.announced = null;
  // Only a message arriving live is announced. One learned by catching up after an outage (messages/changes) is
  // old news, told by its conversation's unread badge: its toast is raised from the socket's frame alone, and a
  // beep without one would be a sound the user cannot place.
  if (source !== 'socket') return;
  const me = inputs.session.user?.target_user_guid;
  const known = inputs.messages.byAddress.get(message.address)?.byGuid.has(message.guid) ?? false;
  // Thread replies are not announced (they do not count as unread either); a mention in one raises its alert.
  if (known || message.reply_to !== null || message.from_guid === me || message.disable_notification) return;
  // An urgent message or a mention raises an alert (type 0, 11) that announces it: one toast, not two.
  if (message.is_urgent || mentionsUser(message, me)) return;
  if (state.attentive && inputs.session.openAddress === message.address) return;
  if (inputs.channels.byAddress.size === 0) {
    // No list yet: a conversation it does not name would be judged a direct message, and beep even in a
    // channel whose notifications are off. The list decides (judgeAwaiting).
    state.awaitingList = [...(state.awaitingList ?? []), { message, at }].slice(-TOAST_LIMITS.maxOnScreen);
    return;
  }
  if (!announceable(state, message, inputs, at)) return;
  state.announced = message.guid;
  state.lastAnnouncedAt = at;
  play(state, 'beep', at, seq, changes);
}

function onAlert(state: NotifyState, alert: Alert, inputs: NotifyInputs, envelope: Envelope, changes: ChangeSet): void {
  state.loudAlert = null;
  if (alert.alert_type === ALERT_TYPE.versionUpgrade) state.upgradeDueAt = null;
  if (inputs.alerts.byGuid.has(alert.guid) || alert.is_dismissed || isClientAlertType(alert.alert_type)) return;
  if (alert.alert_type === ALERT_TYPE.adminAlert && !inputs.session.user?.is_company_admin && !LOUD_ADMIN_TOPICS.includes(adminAlertTopic(alert.target) ?? '')) {
    state.promotedBy = alert.guid;
  }
  if (!alertIsLoud(state, alert, inputs, envelope.at)) return;
  state.loudAlert = alert.guid;
  play(state, alert.alert_type === ALERT_TYPE.urgentMessage ? 'chord' : 'beep', envelope.at, envelope.seq, changes);
}

export function applyNotify(state: NotifyState, envelope: Envelope, changes: ChangeSet, inputs: NotifyInputs): void {
  const { event, at } = envelope;
  if (state.mutes.size) clearExpiredMutes(state, at, changes);
  switch (event.type) {
    case 'notification-settings.loaded': {
      state.settings = { ...event.settings };
      const listed = new Set(event.mutes.map((m) => muteKey(m.address)));
      for (const key of [...state.mutes.keys()]) {
        if (listed.has(key)) continue;
        state.mutes.delete(key);
        if (key === GLOBAL_MUTE) changes.notify = true;
        else changes.channelNotify.add(key);
      }
      for (const mute of event.mutes) setMute(state, mute, at, changes);
      changes.notify = true;
      return;
    }
    case 'mute.changed':
      setMute(state, event.mute, at, changes);
      return;
    case 'channels.listed': {
      const listed = new Set<string>();
      for (const c of event.channels) {
        listed.add(c.address);
        if ((state.channelOn.get(c.address) ?? true) !== c.channel_on) changes.channelNotify.add(c.address);
        state.channelOn.set(c.address, c.channel_on);
      }
      for (const address of [...state.channelOn.keys()]) {
        if (listed.has(address)) continue;
        state.channelOn.delete(address);
        changes.channelNotify.add(address);
      }
      // With the list's channel_on (above) and its channels (folded before this fold).
      judgeAwaiting(state, inputs, envelope, changes);
      return;
    }
    case 'channel.upserted':
      if ((state.channelOn.get(event.channel.address) ?? true) !== event.channel.channel_on) changes.channelNotify.add(event.channel.address);
      state.channelOn.set(event.channel.address, event.channel.channel_on);
      return;
    case 'channel.removed':
      if (state.channelOn.delete(event.address)) changes.channelNotify.add(event.address);
      return;
    case 'channel-notifications.changed':
      for (const c of event.channels) {
        state.channelOn.set(c.address, c.channel_on);
        changes.channelNotify.add(c.address);
      }
      return;
    case 'attention.changed':
      if (state.attentive !== event.attentive) {
        state.attentive = event.attentive;
        changes.notify = true;
      }
      return;
    case 'device.described':
      state.mobile = event.mobile;
      return;
    case 'message.received':
      onMessage(state, event.message, inputs, envelope, changes);
      return;
    case 'alert.received':
      onAlert(state, event.alert, inputs, envelope, changes);
      return;
    case 'version.checked': {
      const offered = upgradeAvailable(event.client_version, event.server_version, event.latest_release);
      const shown = [...inputs.alerts.byGuid.values()].some((a) => a.alert_type === ALERT_TYPE.versionUpgrade && !a.is_dismissed);
      if (!offered || shown) state.upgradeDueAt = null;
      else state.upgradeDueAt ??= at + UPGRADE_ALERT_DELAY_MS;
      return;
    }
    case 'connection.changed':
      // The connection dropped (or the page reloaded) before the list came: what waited is old news by the
      // time it does, told by its unread badge like a message learned by catching up.
      if (event.state !== 'online') delete state.awaitingList;
      return;
    case 'session.ended':
      delete state.awaitingList;
      delete state.announcedByList;
      state.announced = null;
      state.loudAlert = null;
      state.promotedBy = null;
      state.upgradeDueAt = null;
      return;
    default:
      return;
  }
}

/** The next moment a mute's 10 s check clears something, or the upgrade alert is due; null if none. */
export function nextNotifyDeadline(state: NotifyState): number | null {
  let next = state.upgradeDueAt;
  for (const mute of state.mutes.values()) {
    const check = muteCheckAt(mute);
    if (check !== null && (next === null || check < next)) next = check;
  }
  return next;
}

/**
 * Unread messages outside muted channels (spec 3 §4.3; Plaza's choice: a muted
 * channel does not count toward the badge). A mute counts until the 10 s check
 * clears it.
 */
export function badgeUnread(state: NotifyState, unreadTotal: number, unreadOf: (address: string) => number): number {
  let n = unreadTotal;
  for (const key of state.mutes.keys()) if (key !== GLOBAL_MUTE) n -= unreadOf(key);
  return Math.max(0, n);
}

/** A mute as the UI shows it; a mute counts until the 10 s check clears it. */
export function muteView(mute: Mute | undefined): { kind: MuteKind | null; until: number | null } {
  if (!mute || isUnmuted(mute)) return { kind: null, until: null };
  if (mute.mute_always) return { kind: 'always', until: null };
  if (mute.mute_hour !== null) return { kind: 'hour', until: mute.mute_hour };
  return { kind: 'today', until: mute.mute_today };
}
