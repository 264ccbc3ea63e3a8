/**
 * The user's sidebar preferences: the local message settings' `sidebar {tab, sort}` (kept in the
 * user's own log, so they survive reloads on this device), the server's UI settings
 * msg_sorting.{az,recent}.show_last (spec 3 §3), and which of the user's folders are collapsed.
 *
 * Collapsed folders are a per-device UI preference the spec does not place (Plaza's choice): kept like
 * the tab and sort, as `sidebar.folder_collapsed` events in the user's own log — per user (each user has
 * a log of their own), on this device only (another browser keeps its own), back after a reload without
 * a call, and shown as they were in a replayed session. Not on the server (folders/… has no field for it,
 * and the UI settings there are shared by every device), nor in localStorage from the page (state the
 * sidebar shows is the core's; drafts are there for reasons of their own: ui/client/drafts.ts).
 */
import type { Envelope, SidebarSort, SidebarTab } from '../protocol/events';
import type { ChangeSet } from './changes';

export interface PreferencesState {
  tab: SidebarTab;
  sort: SidebarSort;
  /** How many of the most recently active conversations each sort shows; null: all. */
  showLast: { az: number | null; recent: number | null };
  /**
   * The guids of the folders the user collapsed; absent when none is (a folder deleted is forgotten).
   * Absent rather than empty so that the state of a user who never collapsed one is exactly what it was
   * before this existed: snapshots stored and sessions recorded before restore and replay to the same hash.
   */
  collapsedFolders?: Set<string>;
}

export function createPreferences(): PreferencesState {
  return { tab: 'all', sort: 'az', showLast: { az: null, recent: null } };
}

/** Forgets the collapsed folders `gone` says are gone; true if any was forgotten. */
function forgetFolders(state: PreferencesState, gone: (guid: string) => boolean): boolean {
  const collapsed = state.collapsedFolders;
  if (!collapsed) return false;
  let changed = false;
  for (const guid of collapsed) if (gone(guid)) changed = collapsed.delete(guid) || changed;
  if (collapsed.size === 0) delete state.collapsedFolders;
  return changed;
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
    case 'sidebar.folder_collapsed': {
      if (event.collapsed === (state.collapsedFolders?.has(event.guid) ?? false)) return;
      if (event.collapsed) (state.collapsedFolders ??= new Set()).add(event.guid);
      else forgetFolders(state, (guid) => guid === event.guid);
      changes.preferences = true;
      return;
    }
    case 'folder.deleted':
      if (forgetFolders(state, (guid) => guid === event.guid)) changes.preferences = true;
      return;
    case 'folders.listed': {
      if (!state.collapsedFolders) return;
      const listed = new Set(event.folders.map((f) => f.guid));
      if (forgetFolders(state, (guid) => !listed.has(guid))) changes.preferences = true;
      return;
    }
    default:
      return;
  }
}

/** Whether the user collapsed this folder. */
export const isFolderCollapsed = (state: PreferencesState, guid: string): boolean => state.collapsedFolders?.has(guid) ?? false;
