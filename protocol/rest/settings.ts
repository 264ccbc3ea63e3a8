/** UI settings stored per user on the server (spec 3 §3 "UI settings", §7.2 ui_preferences). */
import { z } from 'zod';
import { ok, secure } from './endpoint';

/**
 * How many conversations a sidebar sort shows: the `show_last` most recently active ones (null: all).
 * Conversations with unread messages and the open one are always shown. Plaza's reading of the spec's
 * msg_sorting.{az,recent}.show_last, recorded in docs/protocol.md.
 */
export const ShowLast = z.number().int().min(1).max(100_000).nullable();
export const SortingSettings = z.object({ show_last: ShowLast.default(null) });
export const MsgSorting = z.object({
  az: SortingSettings.default({ show_last: null }),
  recent: SortingSettings.default({ show_last: null }),
});
export type MsgSorting = z.output<typeof MsgSorting>;

/** settings_json: Plaza reads msg_sorting; other keys of the spec (ver, step, new_tab, …) are kept as sent. */
export const UiSettingsJson = z.looseObject({ msg_sorting: MsgSorting.optional() });
export type UiSettingsJson = z.output<typeof UiSettingsJson>;

/** A change to settings_json: the keys given replace the stored ones; msg_sorting is merged per sort. */
export const UiSettingsPatch = z.looseObject({
  msg_sorting: z.object({ az: SortingSettings.optional(), recent: SortingSettings.optional() }).optional(),
});
export type UiSettingsPatch = z.input<typeof UiSettingsPatch>;

/** Without settings_json the call reads; with it, the change is saved and the result returned. */
export const UiPreferencesRequest = z.object({ settings_json: UiSettingsPatch.optional() });
export const UiPreferencesResponse = z.object({ isOk: ok, settings_json: UiSettingsJson });

export const settingsEndpoints = {
  uiPreferences: secure('/confirmed/corporate/ui_preferences', UiPreferencesRequest, UiPreferencesResponse),
} as const;
