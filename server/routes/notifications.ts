/**
 * Notification settings (spec 1 §7, spec 3 §3, §4.2, §7.4): per-channel
 * on/off, the global settings, and mutes. Another device of the same user
 * learns the new state on its next connect (channels/list carries channel_on,
 * notifications/global the settings and mutes).
 */
import { MUTE_HOUR_MS, settingsInChange } from '../../protocol/rules/notifications';
import type { Membership } from '../channel-store';
import { reject } from '../http-util';
import { getNotificationSettings, listMutes, saveMute, saveNotificationSettings, setChannelOn } from '../notify-store';
import { memberChannel, type Handlers, type RouteDeps } from './context';

export const NOTIFY_MESSAGES = {
  oneMute: 'Set one mute at a time: one hour, today or always.',
  hourRange: 'must be a time within the next hour',
  todayRange: 'must be a time within the next 25 hours (the end of today)',
} as const;

/** Clocks of client and server may differ a little. */
const CLOCK_SLACK_MS = 5 * 60_000;
const TODAY_MAX_MS = 25 * MUTE_HOUR_MS;

export function notificationHandlers({ db }: RouteDeps): Handlers<'channelNotification' | 'channelNotifications' | 'globalNotifications' | 'mute'> {
  return {
    async channelNotification(user, body) {
      const channel = await memberChannel(db, user, body.address);
      await setChannelOn(db, user.guid, channel.guid, body.channel_on);
      return { isOk: true, address: channel.wire.address, channel_on: body.channel_on };
    },

    async channelNotifications(user, body) {
      // All or nothing: every address is checked before anything changes.
      const channels: { channel: Membership; on: boolean }[] = [];
      for (const entry of body.channels) channels.push({ channel: await memberChannel(db, user, entry.address), on: entry.channel_on });
      await db.transaction(async (tx) => {
        for (const { channel, on } of channels) await setChannelOn(tx, user.guid, channel.guid, on);
      });
      return { isOk: true, channels: channels.map(({ channel, on }) => ({ address: channel.wire.address, channel_on: on })) };
    },

    async globalNotifications(user, body) {
      const settings = Object.keys(body).length ? await saveNotificationSettings(db, user.guid, body) : await getNotificationSettings(db, user.guid);
      return { isOk: true, ...settings, mutes: await listMutes(db, user.guid) };
    },

    async mute(user, body) {
      const { address, ...change } = body;
      if (settingsInChange(change) > 1) throw reject(400, NOTIFY_MESSAGES.oneMute, { mute_hour: NOTIFY_MESSAGES.oneMute });
      const now = Date.now();
      if (change.mute_hour != null && (change.mute_hour <= now - CLOCK_SLACK_MS || change.mute_hour > now + MUTE_HOUR_MS + CLOCK_SLACK_MS)) {
        throw reject(400, `mute_hour: ${NOTIFY_MESSAGES.hourRange}`, { mute_hour: NOTIFY_MESSAGES.hourRange });
      }
      if (change.mute_today != null && (change.mute_today <= now - CLOCK_SLACK_MS || change.mute_today > now + TODAY_MAX_MS + CLOCK_SLACK_MS)) {
        throw reject(400, `mute_today: ${NOTIFY_MESSAGES.todayRange}`, { mute_today: NOTIFY_MESSAGES.todayRange });
      }
      const channel = address === null ? null : await memberChannel(db, user, address);
      const mute = await saveMute(db, user.guid, channel ? { guid: channel.guid, address: channel.wire.address } : null, change, now);
      return { isOk: true, mute };
    },
  };
}
