/**
 * The Plaza core: every input (socket frame, REST response, user intent, timer)
 * becomes domain events appended to the signed-in user's log; projections fold
 * them; the publisher sends the UI what changed. It owns all network I/O and
 * gets every non-deterministic dependency injected (ports.ts).
 */
import { applyEnvelope, createProjections, foldAll, type Projections } from '../projections/fold';
import { partsFromText } from '../projections/compose';
import { latestMessage } from '../projections/messages';
import { nextTypingExpiry } from '../projections/typing';
import type { CoreApi } from '../protocol/core-api';
import type { DomainEvent, Envelope, EventSource } from '../protocol/events';
import { decodeDownFrame } from '../protocol/frames/down';
import { TYPING_RESEND_MS } from '../protocol/frames/typing';
import { FAILURE } from '../protocol/rest/acceptance';
import { fail, ok, type Result } from '../protocol/result';
import { createApiClient, type Credentials } from './api-client';
import { createEventLog, type EventLog } from './event-log';
import { eventsFromFrame } from './frame-events';
import type { CoreDeps } from './ports';
import { createPublisher, type Publisher, type RuntimeState } from './publisher';
import { createRejectionLog, type RejectionLog } from './rejection-log';
import { createSocketConnection } from './socket-connection';

const CREDENTIALS_KEY = 'credentials';
const DEVICE_KEY = 'device_guid';
/** If the socket has not opened by then, the first REST refresh goes out anyway. */
const REFRESH_WITHOUT_SOCKET_MS = 2_000;
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
  const { clock, storage, logger } = deps;
  const rejections = createRejectionLog(logger);
  const runtime: RuntimeState = { booted: false, signedIn: false, loadingHistory: new Set(), historyError: new Map() };
  let projections = createProjections();
  let log: EventLog | null = null;
  let logUser: string | null = null;
  let credentials: Credentials | null = null;
  let deviceGuid = '';
  let attentive = true;
  /** Bumped whenever the session or log changes: late responses of an older session are dropped. */
  let epoch = 0;
  /** Channels whose newest page was fetched since the socket last (re)connected. */
  const fresh = new Set<string>();
  const typingSentAt = new Map<string, number>();
  let typingTimer: unknown = null;
  let typingTimerAt: number | null = null;
  let refreshTimer: unknown = null;

  const publisher = createPublisher({ projections: () => projections, runtime, scheduleFrame: deps.scheduleFrame });

  const api = createApiClient({
    baseUrl: deps.baseUrl,
    http: deps.http,
    credentials: () => credentials,
    rejections,
    onFailure: (_name, failure) => {
      if (failure.name === FAILURE.unauthorized && credentials) void endSession('unauthorized');
    },
  });

  const socket = createSocketConnection({
    url: () => {
      if (!credentials) return null;
      const query = `login_guid=${encodeURIComponent(credentials.login_guid)}&auth_token=${encodeURIComponent(credentials.auth_token)}`;
      return `${deps.baseUrl.replace(/^http/, 'ws')}/websocket/messages?${query}`;
    },
    openSocket: deps.openSocket,
    clock,
    onState: (state) => dispatch('socket', [{ type: 'connection.changed', state }]),
    onText: (text) => ingestFrame(text),
    onOpen: () => {
      socket.send({ code: 'DEV', data: { device_guid: deviceGuid, is_idle: !attentive } });
      fresh.clear(); // anything may have happened while we were away
      void refresh();
    },
  });

  // ---- the log ------------------------------------------------------------

  function dispatch(source: EventSource, events: readonly DomainEvent[]): void {
    if (!log || events.length === 0) return;
    for (const envelope of log.append(source, events)) applyEnvelope(projections, envelope, publisher.changes);
    publisher.schedule();
    scheduleTypingExpiry();
  }

  function scheduleTypingExpiry(): void {
    const next = nextTypingExpiry(projections.typing);
    if (next === typingTimerAt) return;
    clock.clearTimeout(typingTimer);
    typingTimerAt = next;
    if (next === null) return;
    typingTimer = clock.setTimeout(() => {
      typingTimerAt = null;
      dispatch('timer', [{ type: 'clock.ticked' }]);
    }, Math.max(0, next - clock.now()));
  }

  /** Loads a user's log and rebuilds every projection from it. */
  async function openUserLog(userGuid: string): Promise<void> {
    if (log && logUser === userGuid) return;
    epoch++;
    if (log) await log.close();
    const store = await storage.openLog(userGuid);
    const loaded = await store.load();
    log = createEventLog(store, loaded, clock, logger);
    logUser = userGuid;
    projections = foldAll(loaded);
    fresh.clear();
    runtime.loadingHistory.clear();
    runtime.historyError.clear();
    publisher.reset(projections);
    scheduleTypingExpiry();
  }

  // ---- session ------------------------------------------------------------

  function goOnline(): void {
    socket.start();
    clock.clearTimeout(refreshTimer);
    refreshTimer = clock.setTimeout(() => {
      if (socket.state !== 'online') void refresh();
    }, REFRESH_WITHOUT_SOCKET_MS);
  }

  async function endSession(reason: 'signed-out' | 'unauthorized' | 'server-logout'): Promise<void> {
    if (!runtime.signedIn) return;
    dispatch(reason === 'signed-out' ? 'intent' : 'system', [{ type: 'session.ended', reason }]);
    runtime.signedIn = false;
    credentials = null;
    epoch++;
    publisher.changes.session = true;
    clock.clearTimeout(refreshTimer);
    socket.stop();
    publisher.schedule();
    await storage.removeItem(CREDENTIALS_KEY);
    await log?.persist();
  }

  /** Brings the channel list, the directory and the open conversation up to date. */
  async function refresh(): Promise<void> {
    const at = epoch;
    const [channels, users] = await Promise.all([
      api.call('channelsList', { include_recent: true }),
      api.call('usersList', { include_self: true, include_bots: true }),
    ]);
    if (at !== epoch) return;
    if (users.ok) {
      const self = users.value.users.find((u) => u.target_user_guid === credentials?.user_guid);
      if (self && !projections.session.active) dispatch('system', [{ type: 'session.started', user: self }]);
      dispatch('rest', [{ type: 'users.listed', users: users.value.users }]);
    }
    if (channels.ok) dispatch('rest', [{ type: 'channels.listed', channels: channels.value.channels }]);
    const open = projections.session.openAddress;
    if (open) await loadPage(open, 0);
  }

  // ---- conversations ------------------------------------------------------

  async function loadPage(address: string, page: number): Promise<Result<null>> {
    if (runtime.loadingHistory.has(address)) return ok(null);
    const at = epoch;
    runtime.loadingHistory.add(address);
    runtime.historyError.delete(address);
    publisher.touchMeta(address);
    publisher.schedule();
    const result = await api.call('history', { page, address, is_favorites: false, task_guid: null });
    if (at !== epoch) return ok(null);
    runtime.loadingHistory.delete(address);
    publisher.touchMeta(address);
    publisher.schedule();
    if (!result.ok) {
      runtime.historyError.set(address, `Could not load messages: ${result.error.message}`);
      return result;
    }
    const messages = result.value.data.filter((m) => m.address === address);
    if (messages.length !== result.value.data.length) rejections.reject('history', `messages of another channel in the history of ${address}`);
    dispatch('rest', [{ type: 'history.loaded', address, page, page_size: result.value.page_size, messages }]);
    if (page === 0) fresh.add(address);
    await markViewed(address);
    return ok(null);
  }

  /** Marks the open conversation viewed up to its newest message, while the user is looking at it. */
  async function markViewed(address: string): Promise<void> {
    if (!attentive || !runtime.signedIn || projections.session.openAddress !== address) return;
    const count = projections.unread.byAddress.get(address)?.count ?? 0;
    const latest = latestMessage(projections.messages.byAddress.get(address));
    if (count === 0 || !latest) return;
    const bookmark = { guid: latest.guid, created: latest.created };
    // Set locally at once; the server's bookmark follows. If that call fails, the next channel list converges.
    dispatch('intent', [{ type: 'channel.viewed', address, unread: 0, bookmark }]);
    await api.call('bookmark', { guid: latest.guid });
  }

  // ---- socket input -------------------------------------------------------

  function ingestFrame(text: unknown): void {
    const decoded = decodeDownFrame(text);
    if (decoded.ok === 'ignored') return;
    if (!decoded.ok) {
      rejections.reject(decoded.error.code, decoded.error.reason);
      return;
    }
    const frame = decoded.value;
    if (!runtime.signedIn) return;
    if (frame.code === 'OUT') {
      void endSession('server-logout');
      return;
    }
    dispatch('socket', eventsFromFrame(frame, credentials?.user_guid));
    if (frame.code === 'MSG') {
      const { address } = frame.data.message;
      if (!projections.channels.byAddress.has(address)) void refresh(); // a conversation we do not know yet
      void markViewed(address);
    }
  }

  // ---- the API the UI calls ----------------------------------------------

  let ready: Promise<void> = Promise.resolve();

  const coreApi: CoreApi = {
    async $subscribe(listener) {
      publisher.subscribe(listener);
    },

    async $signIn(email, password) {
      await ready;
      const result = await api.call('login', { email, password });
      if (!result.ok) return result;
      const { user, login_guid, auth_token } = result.value;
      credentials = { login_guid, auth_token, user_guid: user.target_user_guid };
      await storage.setItem(CREDENTIALS_KEY, credentials);
      await openUserLog(user.target_user_guid);
      runtime.signedIn = true;
      dispatch('rest', [{ type: 'session.started', user }]);
      goOnline();
      return ok(null);
    },

    async $signOut() {
      await ready;
      await endSession('signed-out');
    },

    async $openConversation(address) {
      await ready;
      dispatch('intent', [{ type: 'channel.opened', address }]);
      if (!address || !runtime.signedIn) return;
      if (!fresh.has(address)) await loadPage(address, 0);
      else await markViewed(address);
    },

    async $loadOlder(address) {
      await ready;
      const store = projections.messages.byAddress.get(address);
      if (store?.isComplete) return ok(null);
      return loadPage(address, (store?.page ?? -1) + 1);
    },

    async $post(address, text) {
      await ready;
      const parts = partsFromText(text, projections.session.usersByGuid.values());
      if (parts.length === 0) return fail({ name: 'InvalidRequest', message: 'Type a message first.', field: 'json' });
      const result = await api.call('post', { address, json: JSON.stringify(parts), is_urgent: false, client_guid: deps.random.uuid() });
      if (!result.ok) return result;
      const { message } = result.value;
      if (message.address !== address) {
        rejections.reject('post', `response for another channel (${message.address})`);
        return fail({ name: FAILURE.invalidResponse, message: 'The server answered for another conversation.' });
      }
      dispatch('rest', [{ type: 'message.received', message }]);
      return ok({ guid: message.guid });
    },

    async $deleteMessage(address, guid) {
      await ready;
      const stored = projections.messages.byAddress.get(address)?.byGuid.get(guid);
      const result = await api.call('deleteMessage', { address, guid });
      if (!result.ok) return result;
      dispatch('rest', [{ type: 'message.deleted', address, guid, ...(stored ? { from_guid: stored.from_guid, created: stored.created } : {}) }]);
      return ok(null);
    },

    async $typing(address) {
      const now = clock.now();
      if (now - (typingSentAt.get(address) ?? -Infinity) < TYPING_RESEND_MS) return;
      if (socket.send({ code: 'TYP', data: { address } })) typingSentAt.set(address, now);
    },

    async $startDirectMessage(targetUserGuid) {
      await ready;
      const result = await api.call('startConversation', { target_user_guid: targetUserGuid });
      if (!result.ok) return result;
      dispatch('rest', [{ type: 'channel.upserted', channel: result.value.channel }]);
      return ok({ address: result.value.channel.address });
    },

    async $setAttention(next) {
      if (next === attentive) return;
      attentive = next;
      socket.send({ code: 'IDL', data: { is_idle: !next } });
      const open = projections.session.openAddress;
      if (next && open) await markViewed(open);
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
      ready = (async () => {
        deviceGuid = (await storage.getItem<string>(DEVICE_KEY)) ?? deps.random.uuid();
        await storage.setItem(DEVICE_KEY, deviceGuid);
        const stored = await storage.getItem<Credentials>(CREDENTIALS_KEY);
        if (stored) {
          credentials = stored;
          await openUserLog(stored.user_guid);
          runtime.signedIn = true;
        }
        runtime.booted = true;
        publisher.changes.session = true;
        publisher.schedule();
        if (stored) goOnline();
      })();
      return ready;
    },
    async stop() {
      clock.clearTimeout(refreshTimer);
      clock.clearTimeout(typingTimer);
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
