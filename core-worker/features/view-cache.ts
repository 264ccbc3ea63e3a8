/**
 * Keeps the sidebar view cache (view-cache.ts) in step with the projections:
 * a dispatch that touched the sidebar arms a timer, and a moment later, if
 * any entry differs from what the cache holds, the whole sidebar is written
 * as one record (at most once per second, whatever the traffic). It follows the
 * folds, not the patches, so what it writes does not depend on whether a UI is
 * listening — a replay does exactly the same.
 */
import { channelEntryView } from '../../projections/views/channel-view';
import type { ChannelEntryView, SessionView } from '../../protocol/views';
import type { CoreContext, FeatureHooks } from '../core-context';
import { LOG_SCHEMA_VERSION } from '../../protocol/events';
import { VIEW_CACHE_KEY, type StoredViewCache } from '../view-cache';

/** Changes wait this long to be written together. */
export const VIEW_CACHE_DELAY_MS = 1_000;

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

export function createViewCacheFeature(ctx: CoreContext): ViewCacheFeature {
  const { clock } = ctx.deps;
  /** What the cache holds, as last written; empty after a log is opened (the next write replaces it all). */
  let written = new Map<string, ChannelEntryView>();
  let writtenMeta = '';
  let timer: unknown = null;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clock.clearTimeout(timer);
    timer = null;
    const p = ctx.projections;
    const user = p.session.user;
    if (!user || !p.session.active) return writing;
    // Every entry is rebuilt and compared: cheaper than tracking which changed across thousands of dispatches.
    const next = new Map<string, ChannelEntryView>();
    let changed = written.size !== p.channels.byAddress.size;
    for (const [address, record] of p.channels.byAddress) {
      const view = { ...channelEntryView(record, p.unread.byAddress.get(address), user, p.folders), preview: '' };
      next.set(address, view);
      const before = written.get(address);
      if (!before || !sameEntry(before, view)) changed = true;
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
    if (!changed && metaKey === writtenMeta) return writing;
    written = next;
    writtenMeta = metaKey;
    const stored: StoredViewCache = { schema: LOG_SCHEMA_VERSION, user: user.target_user_guid, views: { session, preferences, channels: [...next.values()] } };
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
