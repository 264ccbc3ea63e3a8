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
import { decodeDownFrame } from '../protocol/frames/down';
import { FAILURE } from '../protocol/rest/acceptance';
import { fail } from '../protocol/result';
import { createApiClient, type Credentials } from './api-client';
import type { CoreContext, FeatureHooks } from './core-context';
import { createEventLog, type EventLog } from './event-log';
import { createAlertsFeature } from './features/alerts';
import { createBotFeature } from './features/bot';
import { createConnectionsFeature } from './features/connections';
import { createPeopleFeature } from './features/people';
import { createPresenceFeature } from './features/presence';
import { createSearchFeature } from './features/search';
import { createStatusFeature } from './features/status';
import { createChannelsFeature } from './features/channels';
import { createConversationsFeature } from './features/conversations';
import { createExpiryFeature } from './features/expiry';
import { createFlagsFeature } from './features/flags';
import { createFoldersFeature } from './features/folders';
import { createMessageSettingsFeature } from './features/message-settings';
import { createMessagesFeature } from './features/messages';
import { createReactionsFeature } from './features/reactions';
import { createSessionFeature } from './features/session';
import { createSyncFeature } from './features/sync';
import { createTeamMembersFeature } from './features/team-members';
import { createTeamsFeature } from './features/teams';
import { createThreadsFeature } from './features/threads';
import { createTypingFeature } from './features/typing';
import { eventsFromFrame } from './frame-events';
import type { CoreDeps } from './ports';
import { createPublisher, createTeamsRuntime, type Publisher, type RuntimeState } from './publisher';
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
}

export function createCore(deps: CoreDeps): Core {
  const { storage, logger } = deps;
  const rejections = createRejectionLog(logger);
  const runtime: RuntimeState = {
    booted: false,
    signedIn: false,
    loadingHistory: new Set(),
    historyError: new Map(),
    teams: createTeamsRuntime(),
    thread: { loading: false, error: null },
    flagged: { loading: false, error: null },
  };
  let projections = createProjections();
  let log: EventLog | null = null;
  let logUser: string | null = null;
  let credentials: Credentials | null = null;
  let deviceGuid = '';
  let attentive = true;
  let epoch = 0;
  let ready: Promise<void> = Promise.resolve();
  let features: readonly FeatureHooks[] = [];

  const publisher = createPublisher({ projections: () => projections, runtime, scheduleFrame: deps.scheduleFrame });

  const api = createApiClient({
    baseUrl: deps.baseUrl,
    http: deps.http,
    credentials: () => credentials,
    rejections,
    onFailure: (_name, failure) => {
      if (failure.name === FAILURE.unauthorized && credentials) void session.endSession('unauthorized');
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
    onState: (state) => dispatch('socket', [{ type: 'connection.changed', state }]),
    onText: (text) => ingestFrame(text),
    onOpen: () => {
      socket.send({ code: 'DEV', data: { device_guid: deviceGuid, is_idle: presence.isIdle() } });
      for (const f of features) f.onSocketOpen?.();
    },
  });

  function dispatch(source: EventSource, events: readonly DomainEvent[]): void {
    if (!log || events.length === 0) return;
    for (const envelope of log.append(source, events)) applyEnvelope(projections, envelope, publisher.changes);
    publisher.schedule();
    for (const f of features) f.afterDispatch?.(events);
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
      if (log) await log.close();
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
  });
  const conversations = createConversationsFeature(ctx, () => sync.refresh());
  const sync = createSyncFeature(ctx, (address) => conversations.loadPage(address, 0));
  const messages = createMessagesFeature(ctx);
  const channels = createChannelsFeature(ctx);
  const typing = createTypingFeature(ctx);
  const threads = createThreadsFeature(ctx);
  const reactions = createReactionsFeature(ctx);
  const flags = createFlagsFeature(ctx);
  const messageSettings = createMessageSettingsFeature(ctx);
  const alerts = createAlertsFeature(ctx);
  const presence = createPresenceFeature(ctx);
  const status = createStatusFeature(ctx);
  const people = createPeopleFeature(ctx);
  const connections = createConnectionsFeature(ctx);
  const search = createSearchFeature(ctx, (address) => conversations.loadPage(address, 0));
  const bot = createBotFeature(ctx);
  const folders = createFoldersFeature(ctx);
  const teams = createTeamsFeature(ctx, () => sync.refresh());
  const teamMembers = createTeamMembersFeature(ctx);
  const expiry = createExpiryFeature(ctx);
  // Hooks run in this order; expiry last, so it sees every deadline the others' events set.
  features = [session, conversations, sync, messages, channels, typing, threads, reactions, flags, messageSettings, alerts, presence, status, people, connections, search, bot, folders, teams, teamMembers, expiry];

  function ingestFrame(text: unknown): void {
    const decoded = decodeDownFrame(text);
    if (decoded.ok === 'ignored') return;
    if (!decoded.ok) {
      rejections.reject(decoded.error.code, decoded.error.reason);
      return;
    }
    const frame = decoded.value;
    if (!runtime.signedIn) return;
    dispatch('socket', eventsFromFrame(frame, credentials?.user_guid));
    for (const f of features) f.onFrame?.(frame);
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
    ...threads.api,
    ...reactions.api,
    ...flags.api,
    ...alerts.api,
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
      if (next === attentive) return;
      attentive = next;
      presence.attention(next); // losing focus makes the user idle (spec 3 §4.1); it sends IDL
      const open = projections.session.openAddress;
      if (next && open) await conversations.markViewed(open);
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
      for (const f of features) f.stop?.();
      socket.stop();
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
  };
}
