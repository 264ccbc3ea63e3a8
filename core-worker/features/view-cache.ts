/**
 * Keeps the sidebar view cache (view-cache.ts) in step with the projections:
 * a dispatch that touched the sidebar arms a timer, and a moment later, if
 * any entry differs from what the cache holds, the whole sidebar is written
 * as one record (at most once per VIEW_CACHE_DELAY_MS, whatever the traffic). It follows the
 * folds, not the patches, so what it writes does not depend on whether a UI is
 * listening — a replay does exactly the same.
 */
import { lastMessageTs } from '../../projections/channels';
import { channelEntryView, folderOf } from '../../projections/views/channel-view';
import type { Channel, User } from '../../protocol/entities';
import type { ChannelEntryView, SessionView } from '../../protocol/views';
import type { CoreContext, FeatureHooks } from '../core-context';
import { LOG_SCHEMA_VERSION } from '../../protocol/events';
import { VIEW_CACHE_KEY, type StoredViewCache, type ViewCache } from '../view-cache';

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
 * What an entry was built from, beside the entry. An entry is a function of exactly these (the preview
 * stays empty), so while they are the same the entry is the same object, neither rebuilt nor compared.
 * A heavy user's sidebar has thousands of entries and a busy minute flushes every second: rebuilding
 * each one every time cost more than folding the messages that changed a few.
 */
interface BuiltEntry {
  channel: Channel;
  lastTs: number | null;
  unread: number;
  mentions: number;
  folder: string | null;
  view: ChannelEntryView;
}

export function createViewCacheFeature(ctx: CoreContext): ViewCacheFeature {
  const { clock } = ctx.deps;
  /**
   * The entries as last written, by address, with what each was built from; empty after a log is opened
   * (the next write replaces it all). Written for `writtenFor` only.
   */
  let written = new Map<string, BuiltEntry>();
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
      writtenFor = user;
    }
    // Every entry is looked at, which is cheaper than tracking which changed across thousands of dispatches;
    // one is rebuilt and compared only if what it is built from changed.
    let changed = written.size !== p.channels.byAddress.size;
    let rebuilt: Map<string, BuiltEntry> | null = null;
    for (const [address, record] of p.channels.byAddress) {
      const unread = p.unread.byAddress.get(address);
      const { channel } = record;
      const lastTs = lastMessageTs(record);
      const count = unread?.count ?? 0;
      const mentions = unread?.mentions ?? 0;
      const folder = folderOf(channel, p.folders);
      const before = written.get(address);
      if (before && before.channel === channel && before.lastTs === lastTs && before.unread === count && before.mentions === mentions && before.folder === folder) continue;
      const view = channelEntryView(record, unread, user, p.folders, false);
      // Built again but the same (a new channel object with the same fields): what was written stands.
      (rebuilt ??= new Map()).set(address, { channel, lastTs, unread: count, mentions, folder, view: before && sameEntry(before.view, view) ? before.view : view });
      if (!before || before.view !== rebuilt.get(address)!.view) changed = true;
    }
    const session: SessionView = {
      status: 'signed-in',
      user: { guid: user.target_user_guid, name: user.name || `${user.first_name} ${user.last_name}`.trim(), email: user.email ?? '', is_company_admin: user.is_company_admin },
      endedReason: null,
      unconfirmed: false,
    };
    const { tab, sort, showLast } = p.preferences;
    const preferences = { tab, sort, showLast: { ...showLast } };
    const metaKey = JSON.stringify([session, preferences]);
    if (rebuilt) for (const [address, entry] of rebuilt) written.set(address, entry);
    if (!changed && metaKey === writtenMeta) return writing;
    // In the channel list's order; conversations no longer listed are gone from the cache.
    const next = new Map<string, BuiltEntry>();
    for (const address of p.channels.byAddress.keys()) next.set(address, written.get(address)!);
    written = next;
    writtenMeta = metaKey;
    const channels = [...next.values()].map((entry) => entry.view);
    const views: ViewCache = { session, preferences, channels };
    const stored: StoredViewCache = { schema: LOG_SCHEMA_VERSION, user: user.target_user_guid, text: JSON.stringify(views) };
    writing = writing.then(() => ctx.deps.storage.setItem(VIEW_CACHE_KEY, stored)).catch((error: unknown) => ctx.deps.logger.warn(`Could not store the sidebar cache: ${error instanceof Error ? error.message : String(error)}`));
    return writing;
  }

  return {
    flush,
    afterDispatch() {
      // Armed after any dispatch, not only when the publisher's change set shows the sidebar touched: that
      // set is emptied at each animation frame, which a replay does not reproduce, so a timer depending on
      // it would be set in one and not the other (the recorded timer ids would diverge). flush() writes
      // only when the sidebar, session or preferences differ from what was stored.
      if (timer === null) timer = clock.setTimeout(() => void flush(), VIEW_CACHE_DELAY_MS);
    },
    onLogOpened() {
      written = new Map();
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
