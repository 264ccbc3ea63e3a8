/**
 * Exact catch-up (docs/protocol.md "Exact catch-up"). On every (re)connect,
 * on a gap in the numbered frames, and once without a socket if it is slow to
 * open, the core asks the server for every message change after its cursor
 * (messages/changes), applies them (de-duplicated by guid, older versions and
 * deleted messages never coming back), then takes the channel list — whose
 * unread counts are the server's truth — and the directory. The cursor lives
 * in the messages projection, so it survives restarts with the log.
 *
 * A fresh log first asks for the server's head cursor, before any history is
 * loaded: every snapshot taken after it is covered by catching up from it. (If
 * that fails, history loads anyway, and the stores loaded before the first
 * cursor are dropped and refetched when it comes.)
 * The directory (users/list) is fetched once per start and on a resync.
 * A client more than MAX_CATCHUP_PAGES pages behind drops its message stores
 * instead (they are refetched when opened) and starts from the head.
 *
 * Reads made on the user's other devices (a phone, another tab) reach the
 * server as bookmarks, but no socket frame announces them (spec 1 §7 lists
 * none): only a channel list carries their effect, as the server's unread
 * counts. So coming back to the page (focus, or the tab shown again) catches
 * up when the last channel list is RETURN_REFRESH_AFTER_MS old or older, and a
 * conversation read elsewhere loses its badge the moment the user looks here.
 */
import type { DomainEvent } from '../../protocol/events';
import type { CoreContext, FeatureHooks } from '../core-context';
import { nextDelay } from '../socket-connection';

/** If the socket has not opened by then, the first catch-up goes out anyway. */
export const REFRESH_WITHOUT_SOCKET_MS = 2_000;
/** Changes per messages/changes call. */
export const CHANGES_PAGE = 500;
/** Past this many pages of changes, dropping the stores is cheaper than applying them. */
export const MAX_CATCHUP_PAGES = 10;
/**
 * Coming back to the page catches up if the last channel list is at least this old. Short enough that a
 * conversation read on a phone meanwhile is no longer shown unread here; long enough that switching
 * windows back and forth asks the server at most twice a minute (a heavy user's list is thousands of
 * channels).
 */
export const RETURN_REFRESH_AFTER_MS = 30_000;

export interface SyncFeature extends FeatureHooks {
  /** Catches up now, or once more after the catch-up that is running. Resolves when done (or failed). */
  catchUp(): Promise<void>;
  /** A full resync (a refresh alert's action): catches up and fetches the directory again too. */
  resync(): Promise<void>;
  /** Makes sure the catch-up cursor exists before history is loaded; false if the server could not be asked. */
  ensureCursor(): Promise<boolean>;
  /** Called when the session goes online: catches up without the socket if it is slow to open. */
  armRefreshWithoutSocket(): void;
  /** The user came back to the page: catches up if the last channel list is RETURN_REFRESH_AFTER_MS old (see above). */
  attentionReturned(): void;
}

export interface SyncHost {
  /** Loads the newest page of a conversation. */
  loadNewest(address: string): Promise<unknown>;
  /** Marks the open conversation viewed, if the user is looking (messages may have arrived by catch-up). */
  markViewed(address: string): Promise<void>;
  /** A channel list arrived: the likely next conversations may be prefetched (features/prefetch.ts). */
  onListed(): void;
}

export function createSyncFeature(ctx: CoreContext, host: SyncHost): SyncFeature {
  const { clock } = ctx.deps;
  let refreshTimer: unknown = null;
  let retryTimer: unknown = null;
  let retryDelay: number | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  /** The number the next sequenced frame on this connection should carry. */
  let expected = 1;
  /** The directory (users/list) was fetched since this worker started or the log was opened. */
  let directoryFetched = false;
  /** When the last channel list arrived (the core's clock), or null before the first. */
  let listedAt: number | null = null;

  /** Whether the sidebar waits for a first channel list (RuntimeState.channelListDue): told to the UI with the next patch. */
  function expectList(due: boolean): void {
    if (ctx.runtime.channelListDue === due) return;
    ctx.runtime.channelListDue = due;
    ctx.publisher.schedule();
  }

  /** Applies every change after the cursor. Returns false when a call failed. */
  async function catchUpMessages(at: number): Promise<boolean> {
    const cursorNow = ctx.projections.messages.cursor;
    if (cursorNow === null) {
      const head = await ctx.api.call('changes', { since: null });
      if (at !== ctx.epoch || !head.ok) return false;
      // History loaded before there was a cursor (the change feed was unreachable then) may miss what changed
      // between its snapshot and this head: such stores are dropped and refetched (the open one at once).
      const loadedBefore = [...ctx.projections.messages.byAddress.values()].some((store) => store.page >= 0);
      ctx.dispatch('rest', [loadedBefore ? { type: 'messages.reset', cursor: head.value.cursor } : { type: 'sync.advanced', cursor: head.value.cursor }]);
      return true;
    }
    let since: number = cursorNow;
    for (let page = 0; ; page++) {
      if (page === MAX_CATCHUP_PAGES) {
        const head = await ctx.api.call('changes', { since: null });
        if (at !== ctx.epoch || !head.ok) return false;
        ctx.dispatch('rest', [{ type: 'messages.reset', cursor: head.value.cursor }]);
        return true;
      }
      const result = await ctx.api.call('changes', { since, limit: CHANGES_PAGE });
      if (at !== ctx.epoch || !result.ok) return false;
      const { messages, deleted, cursor, has_more } = result.value;
      const events: DomainEvent[] = deleted.map((d) => ({ type: 'message.deleted', address: d.address, guid: d.guid, from_guid: d.from_guid, created: d.created, change_seq: d.change_seq }));
      // Oldest first, as they were posted: unread counters advance their watermark message by message.
      for (const message of [...messages].sort((a, b) => a.created - b.created)) events.push({ type: 'message.received', message });
      events.push({ type: 'sync.advanced', cursor });
      ctx.dispatch('rest', events);
      since = cursor;
      if (!has_more) return true;
    }
  }

  /** One catch-up: messages, then the channel list and directory, then the open conversation if it has nothing yet. */
  async function once(): Promise<boolean> {
    const at = ctx.epoch;
    if (!ctx.runtime.signedIn) return true;
    const messagesOk = await catchUpMessages(at);
    if (at !== ctx.epoch) return true;
    // The directory changes rarely: fetched once per start and on a resync, not after every short blip.
    const wantUsers = !directoryFetched || ctx.projections.connection.resync;
    const [channels, users] = await Promise.all([
      ctx.api.call('channelsList', { include_recent: true }),
      wantUsers ? ctx.api.call('usersList', { include_self: true, include_bots: true }) : null,
    ]);
    if (at !== ctx.epoch) return true;
    if (users?.ok) {
      directoryFetched = true;
      const self = users.value.users.find((u) => u.target_user_guid === ctx.credentials?.user_guid);
      if (self && !ctx.projections.session.active) ctx.dispatch('system', [{ type: 'session.started', user: self }]);
      ctx.dispatch('rest', [{ type: 'users.listed', users: users.value.users }]);
    }
    if (channels.ok) {
      listedAt = clock.now();
      expectList(false);
      ctx.dispatch('rest', [{ type: 'channels.listed', channels: channels.value.channels }]);
    }
    const open = ctx.projections.session.openAddress;
    if (channels.ok) host.onListed();
    if (open && ctx.projections.messages.cursor !== null && (ctx.projections.messages.byAddress.get(open)?.page ?? -1) < 0) await host.loadNewest(open);
    if (at !== ctx.epoch) return true;
    if (open) await host.markViewed(open);
    if (at !== ctx.epoch) return true;
    const complete = messagesOk && channels.ok && (users === null || users.ok);
    if (complete && ctx.projections.connection.resync) ctx.dispatch('system', [{ type: 'sync.completed' }]);
    return complete;
  }

  function catchUp(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    clock.clearTimeout(retryTimer);
    retryTimer = null;
    running = (async () => {
      let complete = true;
      try {
        do {
          again = false;
          complete = await once();
        } while (again);
      } finally {
        running = null;
      }
      if (complete) retryDelay = null;
      else if (ctx.runtime.signedIn) {
        // A failed call (5xx, network) is retried; a reconnect also starts one at once.
        retryDelay = nextDelay(retryDelay);
        retryTimer = clock.setTimeout(() => void catchUp(), retryDelay);
      }
    })();
    return running;
  }

  return {
    catchUp,
    resync() {
      directoryFetched = false;
      return catchUp();
    },
    async ensureCursor() {
      if (ctx.projections.messages.cursor !== null) return true;
      await catchUp();
      return ctx.projections.messages.cursor !== null;
    },
    armRefreshWithoutSocket() {
      clock.clearTimeout(refreshTimer);
      refreshTimer = clock.setTimeout(() => {
        if (ctx.socket.state !== 'online') void catchUp();
      }, REFRESH_WITHOUT_SOCKET_MS);
    },
    attentionReturned() {
      // Offline, the reconnect catches up anyway; a list already on its way is as good as a new one.
      if (!ctx.runtime.signedIn || ctx.socket.state !== 'online' || running) return;
      if (listedAt !== null && clock.now() - listedAt < RETURN_REFRESH_AFTER_MS) return;
      void catchUp();
    },
    onSocketOpen() {
      expected = 1;
      retryDelay = null;
      void catchUp();
    },
    onAnyFrame(frame) {
      // A gap in the frame numbers, or an ACK counting more frames than arrived: something was missed.
      if (frame.code === 'ACK') {
        if (frame.data.n !== undefined && frame.data.n >= expected) void catchUp();
        return;
      }
      if (frame.n === undefined) return;
      if (frame.n > expected) void catchUp();
      if (frame.n >= expected) expected = frame.n + 1;
    },
    onLogOpened() {
      directoryFetched = false;
      listedAt = null;
      // A log opened at sign-in: one that has folded a channel list shows it at once; one with none waits for the server's.
      expectList(ctx.projections.channels.byAddress.size === 0);
    },
    onSessionEnded() {
      directoryFetched = false;
      listedAt = null;
      expectList(false);
      clock.clearTimeout(refreshTimer);
      clock.clearTimeout(retryTimer);
      retryDelay = null;
    },
    stop() {
      clock.clearTimeout(refreshTimer);
      clock.clearTimeout(retryTimer);
    },
  };
}
