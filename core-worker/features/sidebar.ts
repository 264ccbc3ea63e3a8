/**
 * What a heavy user does with the conversation list: filter it (all / unread
 * only), sort it (a–z / recent, each with its show_last), mark conversations
 * read in bulk, and find one by name (the quick switcher).
 *
 * The tab and sort are local message settings (spec 3 §3), kept in the user's
 * own log; show_last per sort is a UI setting stored on the server
 * (ui_preferences), read on every connect and written when changed. Which
 * folders are collapsed is kept in the user's own log too, as the tab and sort
 * are (projections/preferences.ts says why).
 */
import { latestMessage } from '../../projections/messages';
import { isFolderCollapsed } from '../../projections/preferences';
import { quickSwitchItems } from '../../projections/views/quick-switch';
import type { DomainEvent } from '../../protocol/events';
import { ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

/** The server takes at most this many bookmarks per call (protocol/rest/messages.ts). */
const BOOKMARKS_PER_CALL = 10_000;

type SidebarApi = '$setSidebar' | '$setShowLast' | '$setFolderCollapsed' | '$markAllRead' | '$quickSwitch';

export function createSidebarFeature(ctx: CoreContext): Feature<SidebarApi> {
  async function loadUiSettings(): Promise<void> {
    const at = ctx.epoch;
    const result = await ctx.api.call('uiPreferences', {});
    if (at !== ctx.epoch || !result.ok) return;
    const sorting = result.value.settings_json.msg_sorting;
    const showLast = ctx.projections.preferences.showLast;
    const az = sorting?.az.show_last ?? null;
    const recent = sorting?.recent.show_last ?? null;
    if (az !== showLast.az || recent !== showLast.recent) {
      ctx.dispatch('rest', [{ type: 'ui-settings.changed', msg_sorting: { az: { show_last: az }, recent: { show_last: recent } } }]);
    }
  }

  return {
    api: {
      async $setSidebar(change) {
        await ctx.ready();
        const prefs = ctx.projections.preferences;
        const tab = change.tab && change.tab !== prefs.tab ? change.tab : undefined;
        const sort = change.sort && change.sort !== prefs.sort ? change.sort : undefined;
        if (!tab && !sort) return;
        ctx.dispatch('intent', [{ type: 'sidebar.changed', ...(tab ? { tab } : {}), ...(sort ? { sort } : {}) }]);
      },

      async $setShowLast(sort, showLast) {
        await ctx.ready();
        const current = ctx.projections.preferences.showLast;
        const next = { az: { show_last: current.az }, recent: { show_last: current.recent } };
        next[sort].show_last = showLast;
        ctx.dispatch('intent', [{ type: 'ui-settings.changed', msg_sorting: next }]);
        const result = await ctx.api.call('uiPreferences', { settings_json: { msg_sorting: { [sort]: { show_last: showLast } } } });
        return result.ok ? ok(null) : result;
      },

      async $setFolderCollapsed(guid, collapsed) {
        await ctx.ready();
        const p = ctx.projections;
        // Only a folder the user has, and only a change: a click on a folder deleted meanwhile, or twice, appends nothing.
        if (!p.folders.byGuid.has(guid) || isFolderCollapsed(p.preferences, guid) === collapsed) return;
        ctx.dispatch('intent', [{ type: 'sidebar.folder_collapsed', guid, collapsed }]);
      },

      async $markAllRead(addresses) {
        await ctx.ready();
        const p = ctx.projections;
        const events: DomainEvent[] = [];
        const guids: string[] = [];
        for (const address of addresses ?? p.unread.byAddress.keys()) {
          const entry = p.unread.byAddress.get(address);
          if (!entry || entry.count === 0) continue;
          // The newest message known: the channel's last message, or a newer one already in the store.
          const record = p.channels.byAddress.get(address);
          const stored = latestMessage(p.messages.byAddress.get(address));
          const known = record?.lastMessage;
          const newest = stored && (!known || stored.created > known.created) ? stored : known;
          if (!newest) continue;
          events.push({ type: 'channel.viewed', address, unread: 0, bookmark: { guid: newest.guid, created: newest.created } });
          guids.push(newest.guid);
        }
        if (events.length === 0) return ok({ marked: 0 });
        // Applied at once; the server's bookmarks follow (if that fails, the next channel list shows the truth again).
        ctx.dispatch('intent', events);
        for (let i = 0; i < guids.length; i += BOOKMARKS_PER_CALL) {
          const result = await ctx.api.call('bookmarks', { guids: guids.slice(i, i + BOOKMARKS_PER_CALL) });
          if (!result.ok) return result;
        }
        return ok({ marked: events.length });
      },

      async $quickSwitch(query, limit = 20) {
        await ctx.ready();
        return quickSwitchItems(ctx.projections, query, Math.max(1, Math.min(100, limit)));
      },
    },

    onSocketOpen() {
      void loadUiSettings();
    },
  };
}
