/**
 * The Plaza core: every input (socket frame, REST response, user intent, timer)
 * becomes domain events appended to the signed-in user's log; projections fold
 * them; the publisher sends the UI what changed. It owns all network I/O and
 * gets every non-deterministic dependency injected (ports.ts).
 *
 * This file is the composition root: it owns the log, the session's
 * credentials and the socket, and wires the features (core-worker/features/),
 * each of which implements part of the API and reacts to frames and moments.
 */
import { applyEnvelope, createProjections, foldAll, type Projections } from '../projections/fold';
import type { CoreApi } from '../protocol/core-api';
import type { DomainEvent, Envelope, EventSource } from '../protocol/events';
import { decodeDownFrame, DOWN_CODES, type DownCode, type DownFrame } from '../protocol/frames/down';
import { FAILURE } from '../protocol/rest/acceptance';
import { fail } from '../protocol/result';
import { createApiClient, type Credentials } from './api-client';
import type { CoreContext, FeatureHooks } from './core-context';
import { createDispatchHooks, type DispatchHooks } from './dispatch-hooks';
import { createEventLog, type EventLog } from './event-log';
import { createAlertsFeature } from './features/alerts';
import { createBotFeature } from './features/bot';
import { createConnectionsFeature } from './features/connections';
import { createPeopleFeature } from './features/people';
import { createPresenceFeature } from './features/presence';
import { createSearchFeature } from './features/search';
import { createStatusFeature } from './features/status';
import { createChannelsFeature } from './features/channels';
import { createCompactionFeature, type CompactionFeature } from './features/compaction';
import { createConnectionFeature, type ConnectionFeature } from './features/connection';
import { createConversationsFeature } from './features/conversations';
import { createExpiryFeature } from './features/expiry';
import { createFlagsFeature } from './features/flags';
import { createFoldersFeature } from './features/folders';
import { createMessageSettingsFeature } from './features/message-settings';
import { createMessagesFeature } from './features/messages';
import { createPrefetchFeature } from './features/prefetch';
import { createOutboxFeature } from './features/outbox';
import { createNotificationsFeature } from './features/notifications';
import { createSecurityFeature } from './features/security';
import { createReactionsFeature } from './features/reactions';
import { createSessionFeature } from './features/session';
import { createSidebarFeature } from './features/sidebar';
import { createSyncFeature } from './features/sync';
import { createTeamMembersFeature } from './features/team-members';
import { createTeamsFeature } from './features/teams';
import { createThreadsFeature } from './features/threads';
import { createTypingFeature } from './features/typing';
import { createViewCacheFeature } from './features/view-cache';
import { eventOfFrame, eventsFromFrame, makesOneEvent } from './frame-events';
import type { CoreDeps } from './ports';
import { createPublisher, createRuntimeState, type Publisher, type RuntimeState } from './publisher';
import { createRejectionLog, type RejectionLog } from './rejection-log';
import { createSocketConnection } from './socket-connection';

const notRecording = { name: 'NotRecording', message: 'This session is not being recorded.' };

export interface Core {
  /** What the UI calls through Comlink. */
  readonly api: CoreApi;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Feeds one socket frame as if it had arrived (the socket's path; fuzzing and replay use it too). */
  ingestFrame(text: unknown): void;
  readonly projections: Projections;
  readonly log: readonly Envelope[];
  readonly rejections: RejectionLog;
  readonly publisher: Publisher;
  /** Resolves when every pending log write is stored. */
  persist(): Promise<void>;
  /** Evicts cached messages over the bound, snapshots the projections and compacts the log now. */
  compact(): Promise<void>;
  /** Calls `listener` with every batch of envelopes appended from now on (measurement and tools; none in the app). */
  onAppended(listener: (envelopes: readonly Envelope[]) => void): void;
  /** How many events this core has appended, to whichever user's log, since it was made (the replay CLI's count). */
  readonly appended: number;
}

/** What of a feature handles a frame of this code: its handler for the code, then its hook for every frame. */
function frameHandlersOf(feature: FeatureHooks, code: DownCode): ((frame: DownFrame) => void)[] {
  const own = feature.frames?.[code] as ((frame: DownFrame) => void) | undefined;
  const any = feature.onAnyFrame?.bind(feature);
  return [...(own ? [own] : []), ...(any ? [any] : [])];
}

export function createCore(deps: CoreDeps): Core {
  const { storage, logger } = deps;
  const rejections = createRejectionLog(logger);
  const runtime: RuntimeState = createRuntimeState();
  let projections = createProjections();
  let log: EventLog | null = null;
  let logUser: string | null = null;
  let credentials: Credentials | null = null;
  let deviceGuid = '';
  let attentive = true;
  let epoch = 0;
  let ready: Promise<void> = Promise.resolve();
  let features: readonly FeatureHooks[] = [];
  // The features with each per-event hook, found once: the hooks run for every frame and every dispatch.
  // A frame goes to the features that name its code (FeatureHooks.frames) and those that see every frame, in the features' order.
  let frameRoutes = new Map<DownCode, readonly ((frame: DownFrame) => void)[]>();
  // Their afterDispatch hooks (dispatch-hooks.ts).
  let hooks: DispatchHooks = createDispatchHooks([]);
  // Created after the socket, which calls back into it only once started.
  let connection: ConnectionFeature | null = null;

  const publisher = createPublisher({ projections: () => projections, runtime, scheduleFrame: deps.scheduleFrame, ...(deps.wallClock ? { wallClock: deps.wallClock } : {}) });

  const api = createApiClient({
    baseUrl: deps.baseUrl,
    http: deps.http,
    credentials: () => credentials,
    rejections,
    onFailure: (_name, failure) => {
      if (failure.name === FAILURE.unauthorized && credentials) void session.endSession('unauthorized');
      // 418: the account must be confirmed first; the UI goes to the landing page (spec 1 §8).
      if (failure.name === FAILURE.unconfirmed && runtime.signedIn && !projections.session.unconfirmed) dispatch('rest', [{ type: 'session.unconfirmed' }]);
    },
    onSuccess: () => {
      if (runtime.signedIn && projections.session.unconfirmed) dispatch('rest', [{ type: 'session.confirmed' }]);
    },
  });

  const socket = createSocketConnection({
    url: () => {
      if (!credentials) return null;
      const query = `login_guid=${encodeURIComponent(credentials.login_guid)}&auth_token=${encodeURIComponent(credentials.auth_token)}`;
      return `${deps.baseUrl.replace(/^http/, 'ws')}/websocket/messages?${query}`;
    },
    openSocket: deps.openSocket,
    clock: deps.clock,
    onState: (state) => {
      if (projections.connection.socket !== state) dispatch('socket', [{ type: 'connection.changed', state }]);
      connection?.socketState(state);
    },
    onText: (text) => ingestFrame(text),
    onOpen: () => {
      socket.send({ code: 'DEV', data: { device_guid: deviceGuid, is_idle: presence.isIdle() } });
      for (const f of features) f.onSocketOpen?.();
    },
    onTimeJump: (by) => connection?.timeJumped(by),
  });

  let appendedListener: ((envelopes: readonly Envelope[]) => void) | null = null;
  let appendedCount = 0;

  function dispatch(source: EventSource, events: readonly DomainEvent[]): void {
    if (!log || events.length === 0) return;
    if (events.length === 1) return dispatchOne(source, events[0]!, events);
    appendedCount += events.length;
    const appended = log.append(source, events);
    appendedListener?.(appended);
    for (const envelope of appended) applyEnvelope(projections, envelope, publisher.changes);
    patchAfter(source);
    hooks.after(events);
  }

  /**
   * Dispatches one event: a frame's (the usual dispatch) or a batch of one (`events`, which the hooks are then
   * handed). No array of one envelope is made for it unless a listener wants the batches, and no array of one
   * event for a frame's (a million-frame replay made a million of each).
   */
  function dispatchOne(source: EventSource, event: DomainEvent, events?: readonly DomainEvent[]): void {
    if (!log) return;
    appendedCount++;
    if (appendedListener === null) applyEnvelope(projections, log.appendOne(source, event), publisher.changes);
    else {
      const appended = log.append(source, events ?? [event]);
      appendedListener(appended);
      applyEnvelope(projections, appended[0]!, publisher.changes);
    }
    patchAfter(source);
    hooks.afterOne(event, events);
  }

  /** What the user did shows at once; everything else is coalesced per frame. */
  function patchAfter(source: EventSource): void {
    if (source === 'intent') publisher.flushSoon();
    else publisher.schedule();
  }

  const ctx: CoreContext = {
    deps,
    api,
    socket,
    publisher,
    runtime,
    rejections,
    get projections() {
      return projections;
    },
    get credentials() {
      return credentials;
    },
    get epoch() {
      return epoch;
    },
    get attentive() {
      return attentive;
    },
    ready: () => ready,
    dispatch,
    showToast(toast) {
      dispatch('system', [{ type: 'toast.shown', toast: { ...toast, id: deps.random.uuid() } }]);
    },
  };

  const session = createSessionFeature(ctx, {
    setCredentials: (next) => (credentials = next),
    bumpEpoch: () => epoch++,
    setDeviceGuid: (guid) => (deviceGuid = guid),
    async openUserLog(userGuid) {
      if (log && logUser === userGuid) return;
      epoch++;
      if (log) {
        await viewCache.flush();
        await log.close();
      }
      const store = await storage.openLog(userGuid);
      const loaded = await store.load();
      log = createEventLog(store, loaded, deps.clock, logger);
      logUser = userGuid;
      projections = foldAll(loaded);
      runtime.loadingHistory.clear();
      runtime.historyError.clear();
      publisher.reset(projections);
      for (const f of features) f.onLogOpened?.();
    },
    goOnline() {
      socket.start();
      sync.armRefreshWithoutSocket();
    },
    sessionEnded: () => {
      for (const f of features) f.onSessionEnded?.();
    },
    persistLog: () => log?.persist() ?? Promise.resolve(),
    forgetSidebar: () => viewCache.forget(),
  });
  const compaction: CompactionFeature = createCompactionFeature(ctx, () => log);
  const outbox = createOutboxFeature(ctx);
  const conversations = createConversationsFeature(ctx, {
    catchUp: () => sync.catchUp(),
    ensureCursor: () => sync.ensureCursor(),
    queueBookmark: (address, bookmark) => outbox.enqueue('bookmark', address, bookmark),
    touch: (address) => compaction.touch(address),
  });
  const prefetch = createPrefetchFeature(ctx, (address) => conversations.loadPage(address, 0), (address) => conversations.isFresh(address));
  const sync = createSyncFeature(ctx, {
    loadNewest: (address) => conversations.loadPage(address, 0),
    markViewed: (address) => conversations.markViewed(address),
    onListed: () => prefetch.plan(),
  });
  const messages = createMessagesFeature(ctx, outbox);
  const channels = createChannelsFeature(ctx);
  const typing = createTypingFeature(ctx);
  const sidebar = createSidebarFeature(ctx);
  const viewCache = createViewCacheFeature(ctx);
  connection = createConnectionFeature(ctx, { catchUp: () => sync.catchUp(), retryOutbox: () => outbox.retryNow() });
  const threads = createThreadsFeature(ctx);
  const reactions = createReactionsFeature(ctx, outbox);
  const flags = createFlagsFeature(ctx, outbox);
  const messageSettings = createMessageSettingsFeature(ctx);
  const notifications = createNotificationsFeature(ctx);
  const security = createSecurityFeature(ctx);
  const alerts = createAlertsFeature(ctx, {
    // A refresh alert's action: catch up with everything the server holds for us.
    async resync() {
      // The socket is retried at once; the missed history, the channel list and the directory are fetched again.
      if (ctx.runtime.signedIn) ctx.socket.retryNow();
      await Promise.all([sync.resync(), alerts.loadAlerts(), notifications.reload(), security.reload()]);
    },
    signOut: () => session.endSession('signed-out'),
    resetMfa: (who) => security.reset(who),
  });
  const presence = createPresenceFeature(ctx);
  const status = createStatusFeature(ctx);
  const people = createPeopleFeature(ctx);
  const connections = createConnectionsFeature(ctx);
  const search = createSearchFeature(ctx, (address) => conversations.loadPage(address, 0));
  const bot = createBotFeature(ctx);
  const folders = createFoldersFeature(ctx);
  const teams = createTeamsFeature(ctx, () => sync.catchUp());
  const teamMembers = createTeamMembersFeature(ctx);
  const expiry = createExpiryFeature(ctx);
  // Hooks run in this order: the outbox is restored (onLogOpened) before anything is sent on open;
  // expiry last, so it sees every deadline the others' events set.
  features = [session, outbox, conversations, sync, prefetch, messages, channels, typing, connection, threads, reactions, flags, messageSettings, notifications, security, sidebar, alerts, presence, status, people, connections, search, bot, folders, teams, teamMembers, compaction, viewCache, expiry];
  frameRoutes = new Map(DOWN_CODES.map((code) => [code, features.flatMap((f) => frameHandlersOf(f, code))]));
  hooks = createDispatchHooks(features);

  const decodedAhead = deps.decodedAhead;

  function ingestFrame(text: unknown): void {
    let frame = decodedAhead?.(text);
    if (frame === undefined) {
      const decoded = decodeDownFrame(text);
      if (decoded.ok === 'ignored') return;
      if (!decoded.ok) {
        rejections.reject(decoded.error.code, decoded.error.reason);
        return;
      }
      frame = decoded.value;
    }
    if (!runtime.signedIn) return;
    const me = credentials?.user_guid;
    // The commonest frames make one event at most: dispatched as it is, not in an array (eventOfFrame).
    if (makesOneEvent(frame)) {
      const event = eventOfFrame(frame, me);
      if (event) dispatchOne('socket', event);
    } else dispatch('socket', eventsFromFrame(frame, me));
    const handlers = frameRoutes.get(frame.code)!;
    for (let i = 0; i < handlers.length; i++) handlers[i]!(frame);
  }

  const coreApi: CoreApi = {
    async $subscribe(listener) {
      publisher.subscribe(listener);
    },
    ...session.api,
    ...conversations.api,
    ...messages.api,
    ...channels.api,
    ...typing.api,
    ...sidebar.api,
    ...outbox.api,
    ...connection.api,
    ...threads.api,
    ...reactions.api,
    ...flags.api,
    ...alerts.api,
    ...notifications.api,
    ...security.api,
    ...presence.api,
    ...status.api,
    ...people.api,
    ...connections.api,
    ...search.api,
    ...bot.api,
    ...folders.api,
    ...teams.api,
    ...teamMembers.api,

    async $setAttention(next) {
      notifications.attentionChanged(next);
      if (next === attentive) return;
      attentive = next;
      presence.attention(next); // losing focus makes the user idle (spec 3 §4.1); it sends IDL
      if (next) sync.attentionReturned(); // reads made on other devices meanwhile (features/sync.ts)
      const open = projections.session.openAddress;
      if (next && open) await conversations.markViewed(open);
    },

    async $pageHidden() {
      // Nothing waits for the boot: until a log is open there is nothing pending. Persisting is an output (an
      // append), so it is this intent's: the replay persists at the same point (a new batch, not the timer's).
      await log?.persist();
    },

    // Recording wraps the core from outside (session-recording.ts); a bare core has nothing to export or configure.
    async $exportSession() {
      return fail(notRecording);
    },
    async $listRecordings() {
      return fail(notRecording);
    },
    async $getRecordingSettings() {
      return fail(notRecording);
    },
    async $setRecordingSettings() {
      return fail(notRecording);
    },
  };

  return {
    api: coreApi,
    start() {
      ready = session.boot();
      return ready;
    },
    async stop() {
      // Work in flight drops its result: a stopped core must not act on answers that come later.
      epoch++;
      runtime.signedIn = false;
      for (const f of features) f.stop?.();
      socket.stop();
      await viewCache.flush();
      await log?.close();
      log = null;
      logUser = null;
    },
    ingestFrame,
    get projections() {
      return projections;
    },
    get log() {
      return log?.envelopes ?? [];
    },
    rejections,
    publisher,
    persist: () => log?.persist() ?? Promise.resolve(),
    compact: () => compaction.compactNow(),
    onAppended(listener) {
      appendedListener = listener;
    },
    get appended() {
      return appendedCount;
    },
  };
}
