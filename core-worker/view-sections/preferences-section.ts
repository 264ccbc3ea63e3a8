/** The sidebar's preferences: tab, sort and show_last per sort. */
import type { ViewSection } from './section';

export function createPreferencesSection(): ViewSection {
  return {
    build(patch, { p, changes, reset }) {
      if (!reset && !changes.preferences) return;
      const { tab, sort, showLast } = p.preferences;
      patch.preferences = { tab, sort, showLast: { ...showLast } };
    },
    forget() {},
  };
}
