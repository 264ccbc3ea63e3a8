/**
 * The user's sidebar preferences: the local message settings' `sidebar {tab, sort}` (kept in the
 * user's own log, so they survive reloads on this device) and the server's UI settings
 * msg_sorting.{az,recent}.show_last (spec 3 §3).
 */
import type { Envelope, SidebarSort, SidebarTab } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface PreferencesState {
  tab: SidebarTab;
  sort: SidebarSort;
  /** How many of the most recently active conversations each sort shows; null: all. */
  showLast: { az: number | null; recent: number | null };
}

export function createPreferences(): PreferencesState {
  return { tab: 'all', sort: 'az', showLast: { az: null, recent: null } };
}

export function applyPreferences(state: PreferencesState, { event }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'sidebar.changed':
      if (event.tab) state.tab = event.tab;
      if (event.sort) state.sort = event.sort;
      changes.preferences = true;
      return;
    case 'ui-settings.changed':
      state.showLast = { az: event.msg_sorting.az.show_last, recent: event.msg_sorting.recent.show_last };
      changes.preferences = true;
      return;
    default:
      return;
  }
}
