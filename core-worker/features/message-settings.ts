/**
 * Keeps the local message settings (spec 3 §3: selected_skin_tone,
 * emoji_stats) per user in the core's Storage, so they outlive a dropped or
 * rebuilt log: read when a user's log opens (and folded in as an event, so
 * replay sees the same), written whenever the projection changed.
 */
import { z } from 'zod';
import { MESSAGE_SETTINGS_EVENTS, messageSettingsOf } from '../../projections/message-settings';
import type { CoreContext, FeatureHooks } from '../core-context';

const StoredSettings = z.object({
  selected_skin_tone: z.number().int().min(0).max(5),
  emoji_stats: z.record(z.string().min(1).max(64), z.object({ count: z.number().int().positive(), last: z.number() })),
});

export const messageSettingsKey = (userGuid: string): string => `message-settings:${userGuid}`;

export function createMessageSettingsFeature(ctx: CoreContext): FeatureHooks {
  const { storage } = ctx.deps;
  let saved = '';
  let loading = false;
  /** A settings event was folded since the last comparison with what is stored. */
  let dirty = false;

  async function load(): Promise<void> {
    const user = ctx.credentials?.user_guid;
    if (!user) return;
    const at = ctx.epoch;
    loading = true;
    try {
      const stored = await storage.getItem<unknown>(messageSettingsKey(user));
      if (at !== ctx.epoch || stored === undefined) return;
      const parsed = StoredSettings.safeParse(stored);
      if (!parsed.success) {
        ctx.rejections.reject('message-settings', `stored settings ignored: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        return;
      }
      saved = JSON.stringify(parsed.data);
      ctx.dispatch('system', [{ type: 'message_settings.loaded', settings: parsed.data }]);
    } finally {
      loading = false;
    }
  }

  return {
    onLogOpened() {
      dirty = false;
      saved = JSON.stringify(messageSettingsOf(ctx.projections.messageSettings));
      void load();
    },
    afterDispatch(events) {
      // Judged by the events, not by the publisher's change set: that set lasts until the next animation
      // frame, which a replay (or a hidden tab) never reaches, so every later dispatch would compare again.
      if (!dirty) for (const e of events) if (MESSAGE_SETTINGS_EVENTS.has(e.type)) dirty = true;
      const user = ctx.credentials?.user_guid;
      if (loading || !user || !dirty) return;
      dirty = false;
      const next = JSON.stringify(messageSettingsOf(ctx.projections.messageSettings));
      if (next === saved) return;
      saved = next;
      void storage.setItem(messageSettingsKey(user), JSON.parse(next));
    },
  };
}
