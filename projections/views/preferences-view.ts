/** The sidebar's preferences as the UI gets them (in patches and in the cold start's sidebar cache). */
import type { PreferencesView } from '../../protocol/views';
import type { PreferencesState } from '../preferences';

export function preferencesView({ tab, sort, showLast, collapsedFolders }: PreferencesState): PreferencesView {
  return { tab, sort, showLast: { ...showLast }, ...(collapsedFolders ? { collapsedFolders: [...collapsedFolders] } : {}) };
}
