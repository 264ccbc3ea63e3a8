/**
 * The sidebar as the UI last showed it, kept beside the user's log so a cold
 * start can paint the conversation list before the log is even read: views
 * only (no messages), so the time to paint does not grow with what is stored.
 * It is a cache of derived views, never state: the real snapshot replaces it
 * a moment later, and a log of another schema drops it with everything else.
 * Stored as one record: one read at start beats thousands of small ones.
 * Entries are kept without their preview (only a tooltip) to halve the size.
 */
import type { ChannelEntryView, PreferencesView, SessionView } from '../protocol/views';

export interface ViewCache {
  session: SessionView;
  preferences: PreferencesView;
  channels: ChannelEntryView[];
}

