/**
 * Notifications as the UI shows them: the settings, the global mute and the
 * unread badge; each channel's notification state where it differs from the
 * default; the latest sound; the popover on top; two-factor reset requests.
 */
import type { Projections } from '../../projections/fold';
import { badgeUnread, GLOBAL_MUTE, muteView } from '../../projections/notify';
import { badgeLabel, badgeTitle } from '../../protocol/rules/notifications';
import type { BadgeView, ChannelNotifyView, MfaResetView, NotificationsView } from '../../protocol/views';
import { sameView, type ViewSection } from './section';

/**
 * The badge count: unread messages outside muted channels, plus unread email
 * when the user asked for it (spec 3 §3 unread_email_on_badge). Email (spec 2)
 * is not built yet; its unread count and the setting join here when it is.
 */
export function badgeCount(messages: number, email = 0, emailOnBadge = false): number {
  return messages + (emailOnBadge ? email : 0);
}

/** Idle for the title's star (spec 3 §4.3): the presence the worker decided (spec 3 §4.1), or the page not being seen. */
const isIdle = (p: Projections): boolean => p.presence.selfIdle || !p.notify.attentive;

function badgeView(p: Projections): BadgeView {
  const count = badgeCount(badgeUnread(p.notify, p.unread.total, (a) => p.unread.byAddress.get(a)?.count ?? 0));
  return { count, label: badgeLabel(count), title: badgeTitle(count, isIdle(p)) };
}

function notificationsView(p: Projections): NotificationsView {
  return { settings: { ...p.notify.settings }, pause: muteView(p.notify.mutes.get(GLOBAL_MUTE)), badge: badgeView(p) };
}

/** The channel's state, or null when it is the default (on, not muted). */
function channelNotifyView(p: Projections, address: string): ChannelNotifyView | null {
  if (!p.channels.byAddress.has(address)) return null;
  const channel_on = p.notify.channelOn.get(address) ?? true;
  const mute = muteView(p.notify.mutes.get(address));
  return channel_on && mute.kind === null ? null : { address, channel_on, mute };
}

function mfaResets(p: Projections): MfaResetView[] {
  const me = p.session.user?.target_user_guid;
  return [...p.mfa.requests.values()]
    .map((r) => ({ target_user_guid: r.target_user_guid, name: r.name, requested: r.requested, cancelled: r.cancelled, own: r.target_user_guid === me }))
    .sort((a, b) => a.requested - b.requested || (a.target_user_guid < b.target_user_guid ? -1 : 1));
}

export function createNotifySection(): ViewSection {
  let sentNotifications: NotificationsView | null = null;
  let sentChannels = new Set<string>();
  return {
    build(patch, { p, changes, reset }) {
      if (reset || changes.notify || changes.people || changes.channels.size || changes.allChannels || changes.channelNotify.size) {
        const view = notificationsView(p);
        if (reset || !sameView(view, sentNotifications)) patch.notifications = view;
        sentNotifications = view;
      }

      if (reset) sentChannels = new Set();
      const addresses = reset ? new Set([...p.notify.channelOn.keys(), ...p.notify.mutes.keys()]) : new Set([...changes.channelNotify, ...changes.channels]);
      const put: ChannelNotifyView[] = [];
      const remove: string[] = [];
      for (const address of addresses) {
        if (address === GLOBAL_MUTE) continue;
        const view = channelNotifyView(p, address);
        if (view) {
          put.push(view);
          sentChannels.add(address);
        } else if (sentChannels.delete(address)) {
          remove.push(address);
        }
      }
      if (reset || put.length || remove.length) patch.channelNotify = { put, remove };

      // A snapshot carries no sound: what played before the UI (re)subscribed must not play again.
      if (reset) patch.sound = null;
      else if (changes.sound) patch.sound = p.notify.sound;
      if (reset || changes.popover) patch.popover = p.popover.queue[0] ?? null;
      if (reset || changes.mfa) patch.mfaResets = mfaResets(p);
    },
    forget() {
      sentNotifications = null;
      sentChannels = new Set();
    },
  };
}
