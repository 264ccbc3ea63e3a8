/**
 * Notification settings (spec 1 §7 "Channels and teams", spec 3 §3, §4.2, §7.4):
 * per-channel on/off, the global settings, and muting. Paths are the spec's;
 * notifications/mute is Plaza's (the spec names muting but not its call).
 * notifications/global is one path for the spec's GET and POST, and a path has
 * one method in Plaza: it is a POST that reads without fields and changes the
 * fields it is given.
 */
import { z } from 'zod';
import type { Mute as MuteShape, NotificationSettings as SettingsShape } from '../rules/notifications';
import { guid, ok, secure } from './endpoint';

const epochMs = z.number().int().nonnegative();

export const NotificationSettings = z.object({
  global_on: z.boolean(),
  conversations_on: z.boolean(),
  teams_on: z.boolean(),
  departments_on: z.boolean(),
}) satisfies z.ZodType<SettingsShape>;

/** A channel's mute (`address`), or the global one (`address: null`). Expired parts are sent as null. */
export const Mute = z.object({
  address: guid.nullable(),
  mute_hour: epochMs.nullable().default(null),
  mute_today: epochMs.nullable().default(null),
  mute_always: z.boolean().default(false),
}) satisfies z.ZodType<MuteShape, unknown>;

export const ChannelNotificationRequest = z.object({ address: guid, channel_on: z.boolean() });
export const ChannelNotificationResponse = z.object({ isOk: ok, address: guid, channel_on: z.boolean() });

/** notifications/channels: several channels at once (Plaza's shape: a list of {address, channel_on}). All or nothing. */
export const ChannelNotificationsRequest = z.object({ channels: z.array(ChannelNotificationRequest).min(1).max(1_000) });
export const ChannelNotificationsResponse = z.object({ isOk: ok, channels: z.array(ChannelNotificationResponse.omit({ isOk: true })).max(1_000) });

/**
 * notifications/global: without fields it reads, with any of them it changes
 * those. The answer carries the four settings and, Plaza's addition, every
 * unexpired mute of the user (so one call on connect brings all of it).
 */
export const GlobalNotificationsRequest = NotificationSettings.partial().strict();
export const GlobalNotificationsResponse = NotificationSettings.extend({ isOk: ok, mutes: z.array(Mute).max(100_000).default([]) });

/**
 * notifications/mute: changes one mute. `mute_hour` and `mute_today` are expiry
 * times the client computes (the end of "today" depends on the user's zone);
 * setting one clears the others, null clears just that one (spec 3 §4.2). At
 * most one may be set per call. The answer is the mute as stored.
 */
export const MuteRequest = z
  .object({
    address: guid.nullable(),
    mute_hour: epochMs.nullable().optional(),
    mute_today: epochMs.nullable().optional(),
    mute_always: z.boolean().nullable().optional(),
  })
  .strict();
export const MuteResponse = z.object({ isOk: ok, mute: Mute });

export const notificationEndpoints = {
  channelNotification: secure('/confirmed/corporate/notifications/channel', ChannelNotificationRequest, ChannelNotificationResponse),
  channelNotifications: secure('/confirmed/corporate/notifications/channels', ChannelNotificationsRequest, ChannelNotificationsResponse),
  globalNotifications: secure('/confirmed/corporate/notifications/global', GlobalNotificationsRequest, GlobalNotificationsResponse),
  mute: secure('/confirmed/corporate/notifications/mute', MuteRequest, MuteResponse),
} as const;
