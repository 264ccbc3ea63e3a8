/**
 * The benchmark's baseline: Plaza's state the way the peers build it — a
 * Redux Toolkit store on the main thread, one slice per domain, reducers
 * written with createSlice (Immer), entities normalized into records keyed by
 * id, as in the Mattermost web app (mattermost-redux). Same semantics as
 * Plaza's folds (unread with a watermark, mentions, bookmarks forward only,
 * typing that expires after 5 s), so both clients show the same numbers.
 *
 * Not product code: nothing outside bench/ may import it (tests/layering.ts).
 */
import { combineReducers, configureStore, createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Channel, Message, Reaction, User } from '../../protocol/entities';

export interface UnreadRecord {
  count: number;
  mentions: number;
  bookmark: { guid: string; created: number } | null;
  countedThrough: number;
}

export interface ChannelMessages {
  order: string[];
  byGuid: Record<string, Message>;
  page: number;
  isComplete: boolean;
}

const mentionsUser = (m: Message, me: string | undefined): boolean =>
  !!me &&
  m.parts.some(
    (p) =>
      (p.type === 'person' && (p.scope !== 'user' || p.user_guid === me)) ||
      ((p.type === 'bullet-list' || p.type === 'ordered-list') && p.items.some((item) => item.some((i) => i.type === 'person' && (i.scope !== 'user' || i.user_guid === me)))),
  );

/** One action for a message, handled by every slice that cares (the Mattermost `RECEIVED_NEW_POST` shape). */
export const messageReceived = createAction<ReceivedMessage>('posts/received');
export const historyLoaded = createAction<{ address: string; page: number; pageSize: number; messages: Message[] }>('posts/history');
export const messageDeleted = createAction<{ address: string; guid: string; from_guid?: string; created?: number; me: string | undefined }>('posts/deleted');
export const reactionsChanged = createAction<{ address: string; guid: string; reactions: Reaction[] }>('posts/reactions');
export const channelViewed = createAction<{ address: string; bookmark: { guid: string; created: number } | null }>('channels/viewed');
/** The full channel list (channels/list), for the channels and the unread slices. */
export const channelsListed = createAction<{ channels: Channel[]; me: string | undefined }>('channels/listed');

const session = createSlice({
  name: 'session',
  initialState: { me: null as User | null, users: {} as Record<string, User>, openAddress: null as string | null, attentive: true },
  reducers: {
    started(state, action: PayloadAction<User>) {
      state.me = action.payload;
    },
    ended(state) {
      state.me = null;
    },
    usersListed(state, action: PayloadAction<User[]>) {
      state.users = Object.fromEntries(action.payload.map((u) => [u.target_user_guid, u]));
    },
    opened(state, action: PayloadAction<string | null>) {
      state.openAddress = action.payload;
    },
  },
});

const prefs = createSlice({
  name: 'prefs',
  initialState: { tab: 'all' as 'all' | 'unread', sort: 'az' as 'az' | 'recent', showLast: { az: null as number | null, recent: null as number | null }, collapsedFolders: [] as string[] },
  reducers: {
    folderCollapsed(state, action: PayloadAction<{ guid: string; collapsed: boolean }>) {
      state.collapsedFolders = state.collapsedFolders.filter((g) => g !== action.payload.guid);
      if (action.payload.collapsed) state.collapsedFolders.push(action.payload.guid);
    },
    changed(state, action: PayloadAction<{ tab?: 'all' | 'unread'; sort?: 'az' | 'recent' }>) {
      if (action.payload.tab) state.tab = action.payload.tab;
      if (action.payload.sort) state.sort = action.payload.sort;
    },
    showLast(state, action: PayloadAction<{ sort: 'az' | 'recent'; n: number | null }>) {
      state.showLast[action.payload.sort] = action.payload.n;
    },
  },
});

export interface ReceivedMessage {
  message: Message;
  me: string | undefined;
}

const channels = createSlice({
  name: 'channels',
  initialState: { byAddress: {} as Record<string, Channel>, lastMessage: {} as Record<string, Message | null> },
  reducers: {
    upserted(state, action: PayloadAction<Channel>) {
      state.byAddress[action.payload.address] = action.payload;
      state.lastMessage[action.payload.address] ??= action.payload.last_message;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(channelsListed, (state, action) => {
      const byAddress: Record<string, Channel> = {};
      const lastMessage: Record<string, Message | null> = {};
      for (const c of action.payload.channels) {
        byAddress[c.address] = c;
        const ours = state.lastMessage[c.address];
        lastMessage[c.address] = ours && (!c.last_message || ours.created > c.last_message.created) ? ours : c.last_message;
      }
      state.byAddress = byAddress;
      state.lastMessage = lastMessage;
    });
    builder.addCase(messageReceived, (state, action) => {
      const { message } = action.payload;
      if (!state.byAddress[message.address]) return;
      const current = state.lastMessage[message.address];
      if (!current || current.created <= message.created) state.lastMessage[message.address] = message;
    });
  },
});

const unread = createSlice({
  name: 'unread',
  initialState: { byAddress: {} as Record<string, UnreadRecord> },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(channelsListed, (state, action) => {
        const next: Record<string, UnreadRecord> = {};
        for (const c of action.payload.channels) {
          const old = state.byAddress[c.address];
          next[c.address] = {
            count: c.unread_messages,
            mentions: c.unread_mentions,
            bookmark: old?.bookmark ?? null,
            countedThrough: Math.max(old?.countedThrough ?? 0, c.last_message?.created ?? c.last_message_ts ?? 0),
          };
        }
        state.byAddress = next;
      })
      .addCase(messageReceived, (state, action) => {
        const { message, me } = action.payload;
        if (message.reply_to) return; // replies live in their thread and do not count (as in Plaza and the server)
        const entry = (state.byAddress[message.address] ??= { count: 0, mentions: 0, bookmark: null, countedThrough: 0 });
        if (message.created <= entry.countedThrough) return;
        entry.countedThrough = message.created;
        if (message.from_guid === me || (entry.bookmark && message.created <= entry.bookmark.created)) return;
        entry.count++;
        if (mentionsUser(message, me)) entry.mentions++;
      })
      .addCase(messageDeleted, (state, action) => {
        const { address, from_guid, created, me } = action.payload;
        const entry = state.byAddress[address];
        if (!entry || from_guid === undefined || created === undefined || from_guid === me) return;
        if (created <= entry.countedThrough && (!entry.bookmark || created > entry.bookmark.created)) entry.count = Math.max(0, entry.count - 1);
        entry.mentions = Math.min(entry.mentions, entry.count);
      })
      .addCase(channelViewed, (state, action) => {
        const entry = (state.byAddress[action.payload.address] ??= { count: 0, mentions: 0, bookmark: null, countedThrough: 0 });
        const b = action.payload.bookmark;
        if (b && (!entry.bookmark || b.created > entry.bookmark.created)) {
          entry.bookmark = b;
          entry.countedThrough = Math.max(entry.countedThrough, b.created);
        }
        entry.count = 0;
        entry.mentions = 0;
      });
  },
});

const insertSorted = (store: ChannelMessages, message: Message): void => {
  if (store.byGuid[message.guid]) {
    store.byGuid[message.guid] = message;
    return;
  }
  store.byGuid[message.guid] = message;
  let i = store.order.length;
  while (i > 0) {
    const prev = store.byGuid[store.order[i - 1]!]!;
    if (prev.created < message.created || (prev.created === message.created && prev.guid < message.guid)) break;
    i--;
  }
  store.order.splice(i, 0, message.guid);
};

const posts = createSlice({
  name: 'posts',
  initialState: { byAddress: {} as Record<string, ChannelMessages> },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(messageReceived, (state, action) => {
        const { message } = action.payload;
        const store = (state.byAddress[message.address] ??= { order: [], byGuid: {}, page: -1, isComplete: false });
        insertSorted(store, message);
      })
      .addCase(historyLoaded, (state, action) => {
        const { address, page, pageSize, messages } = action.payload;
        const store = (state.byAddress[address] ??= { order: [], byGuid: {}, page: -1, isComplete: false });
        for (const m of messages) insertSorted(store, m);
        store.page = Math.max(store.page, page);
        if (messages.length < pageSize) store.isComplete = true;
      })
      .addCase(messageDeleted, (state, action) => {
        const store = state.byAddress[action.payload.address];
        if (!store?.byGuid[action.payload.guid]) return;
        delete store.byGuid[action.payload.guid];
        store.order = store.order.filter((g) => g !== action.payload.guid);
      })
      .addCase(reactionsChanged, (state, action) => {
        const message = state.byAddress[action.payload.address]?.byGuid[action.payload.guid];
        if (message) message.reactions = action.payload.reactions;
      });
  },
});

const typing = createSlice({
  name: 'typing',
  initialState: { byAddress: {} as Record<string, Record<string, { name: string; expiresAt: number }>> },
  reducers: {
    started(state, action: PayloadAction<{ address: string; user_guid: string; name: string; at: number }>) {
      (state.byAddress[action.payload.address] ??= {})[action.payload.user_guid] = { name: action.payload.name, expiresAt: action.payload.at + 5_000 };
    },
    expired(state, action: PayloadAction<number>) {
      for (const [address, typists] of Object.entries(state.byAddress)) {
        for (const [guid, t] of Object.entries(typists)) if (t.expiresAt <= action.payload) delete typists[guid];
        if (Object.keys(typists).length === 0) delete state.byAddress[address];
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(messageReceived, (state, action) => {
      const typists = state.byAddress[action.payload.message.address];
      if (typists?.[action.payload.message.from_guid]) delete typists[action.payload.message.from_guid];
    });
  },
});

export const actions = {
  session: session.actions,
  prefs: prefs.actions,
  channels: channels.actions,
  typing: typing.actions,
};

const rootReducer = combineReducers({
  session: session.reducer,
  prefs: prefs.reducer,
  channels: channels.reducer,
  unread: unread.reducer,
  posts: posts.reducer,
  typing: typing.reducer,
});

export type BaselineState = ReturnType<typeof rootReducer>;

/** The whole persisted state replaced at boot (redux-persist's REHYDRATE). */
export const rehydrated = createAction<BaselineState>('persist/REHYDRATE');

export function createBaselineStore(preloaded?: BaselineState) {
  return configureStore({
    reducer: (state: BaselineState | undefined, action) => (rehydrated.match(action) ? action.payload : rootReducer(state, action)),
    ...(preloaded ? { preloadedState: preloaded } : {}),
    // Mattermost turns these dev checks off in production builds; they would dominate the measurement.
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }),
  });
}

export type BaselineStore = ReturnType<typeof createBaselineStore>;
