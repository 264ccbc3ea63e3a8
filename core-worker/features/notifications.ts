/**
 * Notifications (spec 1 §7, §9; spec 3 §3, §4.2, §4.3): the settings and mutes
 * on every connect, turning channels on and off (with the spec's toasts),
 * muting, the toast for a message the notify projection announced, telling the
 * projections where the user's attention is and whether the device is mobile,
 * and the version check whose 'New version available' alert (1002) the
 * projection schedules 5 minutes out.
 */
import { previewOf } from '../../projections/views/text';
import type { MuteChoice } from '../../protocol/core-api';
import type { Message } from '../../protocol/entities';
import type { MuteChange } from '../../protocol/rules/notifications';
import { ALERT_TYPE } from '../../protocol/rules/alerts';
import { MUTE_HOUR_MS, notificationsToggledText } from '../../protocol/rules/notifications';
import { fail, ok } from '../../protocol/result';
import { CLIENT_VERSION } from '../../protocol/version';
import { raiseClientAlert } from '../client-alerts';
import type { CoreContext, Feature } from '../core-context';

export const UPGRADE_MESSAGE = 'A new version of Plaza is available. Reload the page to use it.';

const badToday = { name: 'InvalidRequest', message: 'The end of today must be in the future.', field: 'until' } as const;

export interface NotificationsFeature extends Feature<'$setChannelNotifications' | '$setNotificationSettings' | '$setMute' | '$describeDevice'> {
  /** The page became seen or not (core.ts $setAttention). */
  attentionChanged(attentive: boolean): void;
  /** Reloads the settings and mutes (a refresh alert's action). */
  reload(): Promise<void>;
}

function changeFor(choice: MuteChoice, now: number): MuteChange | null {
  switch (choice.kind) {
    case 'hour':
      return { mute_hour: now + MUTE_HOUR_MS };
    case 'today':
      return choice.until > now ? { mute_today: choice.until } : null;
    case 'always':
      return { mute_always: true };
    case 'off':
      return { mute_hour: null, mute_today: null, mute_always: null };
  }
}

export function createNotificationsFeature(ctx: CoreContext): NotificationsFeature {
  const { clock } = ctx.deps;
  let mobile = false;

  async function loadSettings(): Promise<void> {
    const at = ctx.epoch;
    const [settings, env] = await Promise.all([ctx.api.call('globalNotifications', {}), ctx.api.call('envData', {})]);
    if (at !== ctx.epoch) return;
    if (settings.ok) {
      const { isOk: _ok, mutes, ...values } = settings.value;
      ctx.dispatch('rest', [{ type: 'notification-settings.loaded', settings: values, mutes }]);
    }
    if (env.ok) {
      const { server_version, latest_release } = env.value;
      ctx.dispatch('rest', [{ type: 'version.checked', client_version: CLIENT_VERSION, server_version, latest_release }]);
    }
  }

  /** The log (and with it the projections) may come from another moment: tell it what is true now. */
  function syncRuntime(): void {
    const n = ctx.projections.notify;
    if (n.attentive !== ctx.attentive) ctx.dispatch('system', [{ type: 'attention.changed', attentive: ctx.attentive }]);
    if (n.mobile !== mobile) ctx.dispatch('system', [{ type: 'device.described', mobile }]);
  }

  function channelName(address: string): string {
    return ctx.projections.channels.byAddress.get(address)?.channel.name || 'this conversation';
  }

  /** Who wrote a message: the name it carries, else the directory's. */
  function authorOf(message: Message): string {
    const carried = `${message.from_first_name} ${message.from_last_name}`.trim();
    return carried || ctx.projections.session.usersByGuid.get(message.from_guid)?.name || 'Someone';
  }

  /**
   * The toast of an announced message: a channel's name over "Author: preview"; a direct message's author over
   * the preview. A conversation the channel list does not name is shown as a direct message, from its sender —
   * the kind the notify projection took it for (its settings) when it chose to announce it — rather than as
   * "this conversation", which names nothing.
   */
  function toastMessage(message: Message): void {
    const author = authorOf(message);
    const record = ctx.projections.channels.byAddress.get(message.address);
    const direct = record === undefined || record.channel.channel_type === 0;
    ctx.showToast({
      title: direct ? author : channelName(message.address),
      body: direct ? previewOf(message.parts) : `${author}: ${previewOf(message.parts)}`,
      kind: 'info',
      address: message.address,
    });
  }

  return {
    attentionChanged(attentive) {
      if (ctx.projections.notify.attentive !== attentive) ctx.dispatch('intent', [{ type: 'attention.changed', attentive }]);
    },
    reload: loadSettings,

    api: {
      async $setChannelNotifications(addresses, on) {
        await ctx.ready();
        const unique = [...new Set(addresses)];
        if (unique.length === 0) return ok(null);
        if (unique.length === 1) {
          const result = await ctx.api.call('channelNotification', { address: unique[0]!, channel_on: on });
          if (!result.ok) return result;
          ctx.dispatch('rest', [{ type: 'channel-notifications.changed', channels: [{ address: result.value.address, channel_on: result.value.channel_on }] }]);
          ctx.showToast({ title: on ? 'Notifications on' : 'Notifications off', body: notificationsToggledText(channelName(result.value.address), on), kind: 'success' });
          return ok(null);
        }
        const result = await ctx.api.call('channelNotifications', { channels: unique.map((address) => ({ address, channel_on: on })) });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'channel-notifications.changed', channels: result.value.channels }]);
        ctx.showToast({ title: on ? 'Notifications on' : 'Notifications off', body: notificationsToggledText(`${result.value.channels.length} conversations`, on), kind: 'success' });
        return ok(null);
      },

      async $setNotificationSettings(settings) {
        await ctx.ready();
        if (Object.keys(settings).length === 0) return ok(null);
        const result = await ctx.api.call('globalNotifications', settings);
        if (!result.ok) return result;
        const { isOk: _ok, mutes, ...values } = result.value;
        ctx.dispatch('rest', [{ type: 'notification-settings.loaded', settings: values, mutes }]);
        return ok(null);
      },

      async $setMute(address, choice) {
        await ctx.ready();
        const change = changeFor(choice, clock.now());
        if (!change) return fail(badToday);
        const result = await ctx.api.call('mute', { address, ...change });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'mute.changed', mute: result.value.mute }]);
        return ok(null);
      },

      async $describeDevice(device) {
        await ctx.ready();
        mobile = device.mobile;
        if (ctx.runtime.signedIn) syncRuntime();
      },
    },

    frames: {
      MSG(frame) {
        // One that arrived before the first channel list waits for it in the projection (`awaitingList`).
        if (ctx.projections.notify.announced === frame.data.message.guid) toastMessage(frame.data.message);
      },
    },
    onSocketOpen() {
      void loadSettings();
    },
    onLogOpened() {
      syncRuntime();
    },
    afterDispatch(events) {
      // The first channel list decided which of the messages that waited for it are announced: their toasts
      // name their conversations like any other's (the beep was the projection's).
      const byList = ctx.projections.notify.announcedByList;
      if (byList && events.some((e) => e.type === 'channels.listed')) for (const message of byList) toastMessage(message);
      const due = ctx.projections.notify.upgradeDueAt;
      if (due !== null && clock.now() >= due && ctx.runtime.signedIn) raiseClientAlert(ctx, ALERT_TYPE.versionUpgrade, UPGRADE_MESSAGE);
    },
  };
}
