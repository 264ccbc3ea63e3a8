/** UI settings per user (spec 3 §7.2 ui_preferences). */
import { getUiSettings, saveUiSettings } from '../settings-store';
import type { Handlers, RouteDeps } from './context';

export function settingsHandlers({ db }: RouteDeps): Handlers<'uiPreferences'> {
  return {
    async uiPreferences(user, body) {
      const settings = body.settings_json ? await saveUiSettings(db, user.guid, body.settings_json) : await getUiSettings(db, user.guid);
      return { isOk: true, settings_json: settings };
    },
  };
}
