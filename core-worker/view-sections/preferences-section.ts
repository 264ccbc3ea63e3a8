/** The sidebar's preferences: tab, sort and show_last per sort, and the folders collapsed. */
import { preferencesView } from '../../projections/views/preferences-view';
import type { ViewSection } from './section';

export function createPreferencesSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      if (!reset && !changes.preferences) return;
      patch.preferences = preferencesView(p.preferences);
    },
    forget() {},
  };
}
