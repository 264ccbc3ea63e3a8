/**
 * The sidebar as the UI last showed it, kept beside the user's log so a cold
 * start can paint the conversation list before the log is even read: views
 * only (no messages), so the time to paint does not grow with what is stored.
 * It is a cache of derived views, never state: the real snapshot replaces it
 * a moment later. It is one record in the core's small key-value store, read
 * at boot together with the credentials (one IndexedDB round trip before the
 * first paint), for the last user who was signed in; another user's, or one
 * written by another schema, is ignored. Entries are kept without their
 * preview (only a tooltip) to halve the size.
 */
import { LOG_SCHEMA_VERSION } from '../protocol/events';
import type { ChannelEntryView, PreferencesView, SessionView } from '../protocol/views';

export interface ViewCache {
  session: SessionView;
  preferences: PreferencesView;
  channels: ChannelEntryView[];
}


/** The key-value entry the cache lives in. */
export const VIEW_CACHE_KEY = 'view-cache';

export interface StoredViewCache {
  schema: number;
  user: string;
  views: ViewCache;
}

/** The cache, if it is this user's and of this schema. */
export function usableCache(stored: StoredViewCache | undefined, userGuid: string): ViewCache | undefined {
  return stored && stored.schema === LOG_SCHEMA_VERSION && stored.user === userGuid ? stored.views : undefined;
}
