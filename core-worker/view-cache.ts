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
 *
 * The views are kept as JSON text, which goes to the page as it is (ViewPatch.cachedViews): a string is
 * read out of IndexedDB, recorded and posted to the page at the cost of a copy, where a heavy user's
 * ~4,000 entries as objects cost ~10 ms to deserialize at each hop, all on a cold start's path.
 */
import { LOG_SCHEMA_VERSION } from '../protocol/events';
import type { ChannelEntryView, PreferencesView, SessionView } from '../protocol/views';

export interface ViewCache {
  session: SessionView;
  preferences: PreferencesView;
  channels: ChannelEntryView[];
}


/** The key-value entry the cache lives in (read at boot with the credentials: boot-keys.ts). */
export { VIEW_CACHE_KEY } from './boot-keys';

export interface StoredViewCache {
  schema: number;
  user: string;
  /** JSON of a ViewCache. (Records of earlier builds held the views as objects, under `views`: they are not used.) */
  text: string;
}

/** The cache's JSON text, if it is this user's and of this schema. */
export function usableCache(stored: StoredViewCache | undefined, userGuid: string): string | undefined {
  return stored && stored.schema === LOG_SCHEMA_VERSION && stored.user === userGuid && typeof stored.text === 'string' ? stored.text : undefined;
}
