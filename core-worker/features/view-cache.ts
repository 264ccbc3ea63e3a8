/**
 * Keeps the sidebar view cache (view-cache.ts) in step with the projections:
 * a dispatch that touched the sidebar arms a timer, and a moment later, if
 * any entry differs from what the cache holds, the whole sidebar is written
 * as one record (at most once per VIEW_CACHE_DELAY_MS, whatever the traffic). It follows the
 * folds, not the patches, so what it writes does not depend on whether a UI is
 * listening — a replay does exactly the same.
 */
import { lastMessageTs } from '../../projections/channels';
import { entryViewOf, folderOf, peerBlocked } from '../../projections/views/channel-view';
import { preferencesView } from '../../projections/views/preferences-view';
import type { Channel, User } from '../../protocol/entities';
import type { ChannelEntryView, SessionView } from '../../protocol/views';
import type { CoreContext, FeatureHooks } from '../core-context';
import { WrittenLater } from '../ports';
import { LOG_SCHEMA_VERSION } from '../../protocol/events';
import { VIEW_CACHE_KEY, type StoredViewCache } from '../view-cache';

/**
 * Changes wait this long to be written together. The cache is only what a cold start paints before the log
 * is folded (the real state replaces it a few hundred ms later), and each write is the whole sidebar — a
 * heavy user's ~1 MB record, cloned into IndexedDB: written every second of a busy session it cost the
 * worker more than it was worth. A sidebar quiet for 5 s is in the cache.
 */
export const VIEW_CACHE_DELAY_MS = 5_000;

export interface ViewCacheFeature extends FeatureHooks {
  /** Writes what is pending now. */
  flush(): Promise<void>;
  /**
   * Removes the stored sidebar, after any write of it under way: at a session's end. Kept, it would be read at the
   * next page's start — a signed-out one, whose cold start has no use for it — and so be in the recording of
   * whoever signs in there next (their name, address and conversations: docs/session-format.md, "Whose recordings").
   */
  forget(): Promise<void>;
}

/** Field-by-field equality of two entries (nested values by JSON): cheaper than JSON of the whole for thousands. */
function sameEntry(a: ChannelEntryView, b: ChannelEntryView): boolean {
  for (const key of Object.keys(b) as (keyof ChannelEntryView)[]) {
    const x = a[key];
    const y = b[key];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null || JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}

/**
 * An entry as last written: what it is built from (entryViewOf is a pure function of these, the preview
 * staying empty), and the entry and its JSON once made. They are made only when needed — when the record
 * is written (a replay, which does not record what is written, never writes it) or when only the channel
 * object changed and the entry must be compared. A heavy user's sidebar has thousands of entries and a busy
 * minute flushes every 5 s: building each one at every flush cost more than folding the messages that changed a few.
 */
interface WrittenEntry {
  channel: Channel;
  lastTs: number | null;
  unread: number;
  mentions: number;
  folder: string | null;
  /** For a direct message, whether its other person is blocked (they cannot be written to). */
  peerBlocked: boolean;
  view?: ChannelEntryView;
  json?: string;
}

/** The entry's view, made once. */
function viewOf(entry: WrittenEntry, user: User): ChannelEntryView {
  return (entry.view ??= entryViewOf(entry.channel, { lastTs: entry.lastTs, unread: entry.unread, mentions: entry.mentions, folder: entry.folder, preview: '', peerBlocked: entry.peerBlocked }, user));
}

/** Whether the entry shows the same facts (the view shows each of them as it is: one differing is a different entry). */
function sameFacts(a: WrittenEntry, b: WrittenEntry): boolean {
  return a.lastTs === b.lastTs && a.unread === b.unread && a.mentions === b.mentions && a.folder === b.folder && a.peerBlocked === b.peerBlocked;
}

export function createViewCacheFeature(ctx: CoreContext): ViewCacheFeature {
  const { clock } = ctx.deps;
  /**
   * The entries as last written, by address; empty after a log is opened (the next write replaces it all).
   * Written for `writtenFor` only.
   */
  let written = new Map<string, WrittenEntry>();
  /** The addresses of `written`, in its order: the channel list's order when it was last written. */
  let writtenOrder: string[] = [];
  let writtenFor: User | null = null;
  let writtenMeta = '';
  let timer: unknown = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clock.clearTimeout(timer);
    timer = null;
    const p = ctx.projections;
    const user = p.session.user;
    if (!user || !p.session.active) return writing;
    if (writtenFor !== user) {
      written = new Map();
      writtenOrder = [];
      writtenFor = user;
    }
    // Every entry is looked at, which is cheaper than tracking which changed across thousands of dispatches;
    // an entry is built and compared only if its channel object alone is new.
    const byAddress = p.channels.byAddress;
    let changed = written.size !== byAddress.size;
    // Whether the list holds the addresses written, in the order written: then `written` is updated in place
    // (a Map keeps a key's place when its value is replaced) instead of being built anew in the list's order —
    // a new Map of every entry at each write, which for a busy session of 1,000 conversations was most of
    // what a write allocated. An entry changed below is set at once: the loop reads only its own address.
    let inOrder = !changed && writtenOrder.length === byAddress.size;
    let at = 0;
    for (const [address, record] of byAddress) {
      if (inOrder && writtenOrder[at++] !== address) inOrder = false;
      const unread = p.unread.byAddress.get(address);
      const { channel } = record;
      const lastTs = lastMessageTs(record);
      const count = unread?.count ?? 0;
      const mentions = unread?.mentions ?? 0;
      const folder = folderOf(channel, p.folders);
      const blocked = peerBlocked(channel, p.session.usersByGuid);
      const before = written.get(address);
      if (before && before.channel === channel && before.lastTs === lastTs && before.unread === count && before.mentions === mentions && before.folder === folder && before.peerBlocked === blocked) continue;
      const now: WrittenEntry = { channel, lastTs, unread: count, mentions, folder, peerBlocked: blocked };
      if (before && sameFacts(before, now) && sameEntry(viewOf(before, user), viewOf(now, user))) {
        // A new channel object with the same fields (a refetch): what was written stands.
        now.view = before.view;
        now.json = before.json;
      } else changed = true;
      written.set(address, now);
    }
    const session: SessionView = {
      status: 'signed-in',
      user: { guid: user.target_user_guid, name: user.name || `${user.first_name} ${user.last_name}`.trim(), email: user.email ?? '', is_company_admin: user.is_company_admin },
      endedReason: null,
      unconfirmed: false,
    };
    const preferences = preferencesView(p.preferences);
    const sessionJson = JSON.stringify(session);
    const preferencesJson = JSON.stringify(preferences);
    const metaKey = `${sessionJson}\n${preferencesJson}`;
    if (!changed && metaKey === writtenMeta) return writing;
    if (!inOrder) {
      // In the channel list's order; conversations no longer listed are gone from the cache.
      const next = new Map<string, WrittenEntry>();
      for (const address of byAddress.keys()) next.set(address, written.get(address)!);
      written = next;
      writtenOrder = Array.from(byAddress.keys());
    }
    writtenMeta = metaKey;
    const entries = Array.from(written.values());
    const guid = user.target_user_guid;
    // JSON.stringify of the ViewCache { session, preferences, channels }, character for character, each
    // entry's JSON made once for as long as the entry stands.
    const stored = new WrittenLater<StoredViewCache>(() => {
      const channelsJson = entries.map((entry) => (entry.json ??= JSON.stringify(viewOf(entry, user)))).join(',');
      return { schema: LOG_SCHEMA_VERSION, user: guid, text: `{"session":${sessionJson},"preferences":${preferencesJson},"channels":[${channelsJson}]}` };
    });
    writing = writing.then(() => ctx.deps.storage.setItem(VIEW_CACHE_KEY, stored)).catch((error: unknown) => ctx.deps.logger.warn(`Could not store the sidebar cache: ${error instanceof Error ? error.message : String(error)}`));
    return writing;
  }

  return {
    flush,
    forget() {
      clock.clearTimeout(timer);
      timer = null;
      written = new Map();
      writtenOrder = [];
      writtenMeta = '';
      writing = writing.then(() => ctx.deps.storage.removeItem(VIEW_CACHE_KEY)).catch((error: unknown) => ctx.deps.logger.warn(`Could not remove the sidebar cache: ${error instanceof Error ? error.message : String(error)}`));
      return writing;
    },
    afterDispatch() {
      // Armed after any dispatch, not only when the publisher's change set shows the sidebar touched: that
      // set is emptied at each animation frame, which a replay does not reproduce, so a timer depending on
      // it would be set in one and not the other (the recorded timer ids would diverge). flush() writes
      // only when the sidebar, session or preferences differ from what was stored.
      if (timer === null) timer = clock.setTimeout(() => void flush(), VIEW_CACHE_DELAY_MS);
    },
    onLogOpened() {
      written = new Map();
      writtenOrder = [];
      writtenMeta = '';
    },
    onSessionEnded() {
      clock.clearTimeout(timer);
      timer = null;
    },
    stop() {
      clock.clearTimeout(timer);
      timer = null;
    },
  };
}
