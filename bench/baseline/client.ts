/**
 * The baseline's client, on the main thread like the peers': REST through
 * fetch, the socket's frames decoded (with Plaza's own decoders, so the edge
 * costs the same) and dispatched one action per frame, the whole state
 * persisted to IndexedDB at most once a second and rehydrated at load
 * (redux-persist with an IndexedDB storage, as the Mattermost web app did).
 * It implements the CoreApi the shared UI calls.
 */
import { openDB } from 'idb';
import { partsFromText } from '../../projections/compose';
import { foldText, fuzzyMatch } from '../../projections/fuzzy';
import { groupOf } from '../../projections/views/channel-view';
import type { CoreApi } from '../../protocol/core-api';
import { decodeDownFrame } from '../../protocol/frames/down';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { acceptResponse } from '../../protocol/rest/acceptance';
import { AUTH_HEADERS, endpoints, type EndpointName, type RequestOf, type ResponseOf } from '../../protocol/rest/endpoints';
import { fail, ok, type Result } from '../../protocol/result';
import type { QuickSwitchItem } from '../../protocol/views';
import {
  actions,
  channelsListed,
  channelViewed,
  historyLoaded,
  messageDeleted,
  messageReceived,
  reactionsChanged,
  rehydrated,
  type BaselineState,
  type BaselineStore,
} from './state';

const PERSIST_KEY = 'root';
const PERSIST_THROTTLE_MS = 1_000;
const notHere = { name: 'NotInBaseline', message: 'Not part of the benchmark baseline.' };

interface Credentials {
  login_guid: string;
  auth_token: string;
}

export interface BaselineClient {
  api: CoreApi;
  /** Loads the persisted state (if any) and, with stored credentials, goes online. */
  boot(): Promise<void>;
  /** When each socket message was queued (its event time) until it is dispatched; read by the page's paint probe. */
  onMessageQueued?: (queuedAt: number) => void;
}

export function createBaselineClient(store: BaselineStore, onQueued: (queuedAt: number) => void): BaselineClient {
  let credentials: Credentials | null = JSON.parse(localStorage.getItem('baseline-credentials') ?? 'null') as Credentials | null;
  let socket: WebSocket | null = null;
  let persistTimer: ReturnType<typeof setTimeout> | null = null;
  const dbOpening = openDB('baseline-persist', 1, { upgrade: (db) => db.createObjectStore('state') });
  const me = (): string | undefined => store.getState().session.me?.target_user_guid;

  async function call<N extends EndpointName>(name: N, body: RequestOf<N>): Promise<Result<ResponseOf<N>>> {
    const endpoint = endpoints[name];
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (endpoint.secure && credentials) {
      headers[AUTH_HEADERS.loginGuid] = credentials.login_guid;
      headers[AUTH_HEADERS.authToken] = credentials.auth_token;
    }
    const response = await fetch(endpoint.path, { method: 'POST', headers, body: JSON.stringify(body) });
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    const accepted = acceptResponse(endpoint.response, response.status, parsed);
    return accepted.ok ? ok(accepted.value as ResponseOf<N>) : fail(accepted.error);
  }

  // redux-persist: the whole state, serialized, at most once per throttle period.
  store.subscribe(() => {
    if (persistTimer) return;
    persistTimer = setTimeout(() => {
      persistTimer = null;
      const serialized = JSON.stringify(store.getState());
      void dbOpening.then((db) => db.put('state', serialized, PERSIST_KEY));
    }, PERSIST_THROTTLE_MS);
  });

  function onFrame(text: string): void {
    const decoded = decodeDownFrame(text);
    if (decoded.ok !== true) return;
    const frame = decoded.value;
    switch (frame.code) {
      case 'MSG': {
        store.dispatch(messageReceived({ message: frame.data.message, me: me() }));
        const state = store.getState();
        if (state.session.openAddress === frame.data.message.address && state.session.attentive) void markViewed(frame.data.message.address);
        return;
      }
      case 'DEL':
        store.dispatch(messageDeleted({ ...frame.data, me: me() }));
        return;
      case 'REA':
        store.dispatch(reactionsChanged(frame.data));
        return;
      case 'TYP':
        store.dispatch(actions.typing.started({ address: frame.data.address, user_guid: frame.data.user_guid, name: `${frame.data.first_name} ${frame.data.last_name}`.trim(), at: Date.now() }));
        return;
      default:
        return;
    }
  }

  function connect(): void {
    if (!credentials) return;
    const url = `${location.origin.replace(/^http/, 'ws')}/websocket/messages?login_guid=${encodeURIComponent(credentials.login_guid)}&auth_token=${encodeURIComponent(credentials.auth_token)}`;
    socket = new WebSocket(url);
    socket.onopen = () => void refresh();
    socket.onmessage = (e: MessageEvent) => {
      onQueued(performance.timeOrigin + e.timeStamp);
      onFrame(String(e.data));
    };
    socket.onclose = () => setTimeout(connect, 1_000);
  }

  async function refresh(): Promise<void> {
    const [channels, users] = await Promise.all([call('channelsList', { include_recent: true }), call('usersList', { include_self: true, include_bots: true })]);
    if (users.ok) {
      const self = users.value.users.find((u) => u.target_user_guid === me());
      if (self) store.dispatch(actions.session.started(self));
      store.dispatch(actions.session.usersListed(users.value.users));
    }
    if (channels.ok) store.dispatch(channelsListed({ channels: channels.value.channels, me: me() }));
  }

  async function loadPage(address: string, page: number): Promise<Result<null>> {
    const result = await call('history', { page, address, is_favorites: false, task_guid: null });
    if (!result.ok) return result;
    store.dispatch(historyLoaded({ address, page, pageSize: result.value.page_size, messages: result.value.data }));
    return ok(null);
  }

  async function markViewed(address: string): Promise<void> {
    const state = store.getState();
    const u = state.unread.byAddress[address];
    const posts = state.posts.byAddress[address];
    const last = posts ? posts.byGuid[posts.order[posts.order.length - 1]!] : undefined;
    if (!u || u.count === 0 || !last) return;
    store.dispatch(channelViewed({ address, bookmark: { guid: last.guid, created: last.created } }));
    await call('bookmark', { guid: last.guid });
  }

  const quickSwitch = (state: BaselineState, raw: string, limit: number): QuickSwitchItem[] => {
    const query = foldText(raw.trim());
    const items: { item: QuickSwitchItem; score: number }[] = [];
    for (const c of Object.values(state.channels.byAddress)) {
      const m = query ? fuzzyMatch(query, c.name) : { score: 0, positions: [] };
      if (!m) continue;
      const u = state.unread.byAddress[c.address];
      items.push({ item: { kind: 'conversation', address: c.address, name: c.name, group: groupOf(c), unread: u?.count ?? 0, mentions: u?.mentions ?? 0, matches: m.positions }, score: m.score });
    }
    return items.sort((a, b) => b.score - a.score).slice(0, limit).map((x) => x.item);
  };

  const implemented: Partial<CoreApi> = {
    async $subscribe() {},
    async $signIn(email, password) {
      const result = await call('login', { email, password });
      if (!result.ok) return result;
      credentials = { login_guid: result.value.login_guid, auth_token: result.value.auth_token };
      localStorage.setItem('baseline-credentials', JSON.stringify(credentials));
      store.dispatch(actions.session.started(result.value.user));
      connect();
      return ok(null);
    },
    async $signOut() {
      credentials = null;
      localStorage.removeItem('baseline-credentials');
      socket?.close();
      store.dispatch(actions.session.ended());
    },
    async $openConversation(address) {
      store.dispatch(actions.session.opened(address));
      if (!address) return;
      const loaded = store.getState().posts.byAddress[address];
      if (!loaded || loaded.page < 0) await loadPage(address, 0);
      await markViewed(address);
    },
    async $loadOlder(address) {
      const store_ = store.getState().posts.byAddress[address];
      if (store_?.isComplete) return ok(null);
      return loadPage(address, (store_?.page ?? -1) + 1);
    },
    async $post(address, text) {
      const parts = partsFromText(text, Object.values(store.getState().session.users));
      const client_guid = crypto.randomUUID();
      const result = await call('post', { address, json: JSON.stringify(parts), is_urgent: false, client_guid });
      if (!result.ok) return result;
      store.dispatch(messageReceived({ message: result.value.message, me: me() }));
      return ok({ client_guid });
    },
    async $deleteMessage(address, guid) {
      const result = await call('deleteMessage', { address, guid });
      if (!result.ok) return result;
      store.dispatch(messageDeleted({ address, guid, me: me() }));
      return ok(null);
    },
    // The baseline keeps no tombstones: it knows of no deleted message.
    async $deletedMessages() {
      return [];
    },
    async $typing(address) {
      socket?.send(encodeFrame('TYP', { address }));
    },
    async $startDirectMessage(target) {
      const result = await call('startConversation', { target_user_guid: target });
      if (!result.ok) return result;
      store.dispatch(actions.channels.upserted(result.value.channel));
      return ok({ address: result.value.channel.address });
    },
    async $setAttention() {},
    async $setSidebar(change) {
      store.dispatch(actions.prefs.changed(change));
    },
    async $setFolderCollapsed(guid, collapsed) {
      store.dispatch(actions.prefs.folderCollapsed({ guid, collapsed }));
    },
    async $setShowLast(sort, n) {
      store.dispatch(actions.prefs.showLast({ sort, n }));
      return ok(null);
    },
    async $markAllRead(addresses) {
      const state = store.getState();
      const guids: string[] = [];
      for (const address of addresses ?? Object.keys(state.unread.byAddress)) {
        const last = state.channels.lastMessage[address];
        if (!last || !state.unread.byAddress[address]?.count) continue;
        store.dispatch(channelViewed({ address, bookmark: { guid: last.guid, created: last.created } }));
        guids.push(last.guid);
      }
      if (guids.length) {
        const result = await call('bookmarks', { guids });
        if (!result.ok) return result;
      }
      return ok({ marked: guids.length });
    },
    async $quickSwitch(query, limit = 20) {
      return quickSwitch(store.getState(), query, limit);
    },
    async $exportSession() {
      return fail(notHere);
    },
    async $listRecordings() {
      return fail(notHere);
    },
    async $getRecordingSettings() {
      return fail(notHere);
    },
    async $setRecordingSettings() {
      return fail(notHere);
    },
  };

  // The rest of Plaza's API (alerts, people, teams, …) is not part of the benchmark: it answers that.
  const api = new Proxy(implemented, {
    get: (target, name) => (name in target ? target[name as keyof CoreApi] : typeof name === 'string' && name.startsWith('$') ? async () => fail(notHere) : undefined),
  }) as CoreApi;

  return {
    api,
    async boot() {
      const db = await dbOpening;
      const persisted = (await db.get('state', PERSIST_KEY)) as string | undefined;
      if (persisted && credentials) store.dispatch(rehydrated(JSON.parse(persisted) as BaselineState));
      if (credentials) connect();
      setInterval(() => store.dispatch(actions.typing.expired(Date.now())), 1_000);
    },
  };
}
