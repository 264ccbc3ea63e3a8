/**
 * The UI's copy of the worker's views, as signals. It is filled ONLY by
 * applying ViewPatch values (the worker decides everything; this file only
 * keeps records by key and derives display order from the worker's sort keys).
 */
import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import {
  CHANNEL_GROUPS,
  CHANNEL_GROUP_LABELS,
  expandCachedViews,
  type AlertView,
  type ChannelEntryView,
  type ChannelGroup,
  type ChannelNotifyView,
  type ConnectionView,
  type ConversationMeta,
  type FlaggedMessageView,
  type FlaggedMeta,
  type MessageSettingsView,
  type FolderView,
  type MessageView,
  type PreferencesView,
  type MfaResetView,
  type NotificationsView,
  type PopoverView,
  type ThreadMeta,
  type RecordsDiff,
  type SessionView,
  type SoundView,
  type TeamDirectoryView,
  type TeamMembersView,
  type ToastView,
  type UserView,
  type ViewPatch,
} from '../../protocol/views';
import { AZ_ORDER, ChannelIndex, orderOf } from './channel-index';
import type { PeopleView } from '../../protocol/views-people';
import type { SearchView } from '../../protocol/views-search';

/** A read-only view of a map the store mutates in place: a new one per patch, so signals see a change. */
class MapView<V> implements ReadonlyMap<string, V> {
  constructor(private readonly map: Map<string, V>) {}
  get size(): number {
    return this.map.size;
  }
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  forEach(fn: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    this.map.forEach((v, k) => fn(v, k, this));
  }
  keys(): MapIterator<string> {
    return this.map.keys();
  }
  values(): MapIterator<V> {
    return this.map.values();
  }
  entries(): MapIterator<[string, V]> {
    return this.map.entries();
  }
  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.map.entries();
  }
}

export interface ChannelGroupView {
  group: ChannelGroup;
  label: string;
  entries: readonly ChannelEntryView[];
}

export interface ViewStore {
  /** seq of the last applied patch (-1 before the first). */
  seq: Signal<number>;
  session: Signal<SessionView>;
  connection: Signal<ConnectionView>;
  /**
   * Sidebar entries by address. The map is updated in place per patch (copying 5,000 entries per
   * patch was the cost to avoid); the signal gets a new read-only view of it each time.
   */
  channels: ReadonlySignal<ReadonlyMap<string, ChannelEntryView>>;
  /** The same entries by group, each sorted in the current sort (kept incrementally); changes with `channels`. */
  channelIndex: ReadonlySignal<{ index: ChannelIndex }>;
  /** More entries are on their way (ViewPatch.channelsPending): an address missing from `channels` may yet come. */
  channelsPending: Signal<boolean>;
  /** Groups in CHANNEL_GROUPS order with their entries in the current sort; empty groups omitted. Derived when read. */
  channelGroups: ReadonlySignal<ChannelGroupView[]>;
  preferences: Signal<PreferencesView>;
  /** Address of the open conversation (as the worker sees it), or null. */
  conversationAddress: Signal<string | null>;
  conversationMeta: Signal<ConversationMeta | null>;
  messagesByGuid: Signal<ReadonlyMap<string, MessageView>>;
  /** Messages of the open conversation by sortKey. */
  messages: ReadonlySignal<MessageView[]>;
  /** Names typing, per channel address (absent: nobody). */
  typing: Signal<ReadonlyMap<string, readonly string[]>>;
  usersByGuid: Signal<ReadonlyMap<string, UserView>>;
  /** Company users by name. */
  users: ReadonlySignal<UserView[]>;
  /** The open thread panel (null: none), its first message and its replies by guid. */
  threadMeta: Signal<ThreadMeta | null>;
  threadParent: Signal<MessageView | null>;
  threadRepliesByGuid: Signal<ReadonlyMap<string, MessageView>>;
  /** The thread's replies, oldest first. */
  threadReplies: ReadonlySignal<MessageView[]>;
  flaggedMeta: Signal<FlaggedMeta>;
  flaggedByGuid: Signal<ReadonlyMap<string, FlaggedMessageView>>;
  /** Flagged messages, newest first. */
  flagged: ReadonlySignal<FlaggedMessageView[]>;
  messageSettings: Signal<MessageSettingsView>;
  alertsByGuid: Signal<ReadonlyMap<string, AlertView>>;
  /** Alerts newest first. */
  alerts: ReadonlySignal<AlertView[]>;
  /** How many alerts are not dismissed yet. */
  activeAlertCount: ReadonlySignal<number>;
  /** Toasts on screen, newest first (at most 4). */
  toasts: Signal<readonly ToastView[]>;
  /** Notification settings, the global mute and the unread badge. */
  notifications: Signal<NotificationsView>;
  /** Channels whose notifications differ from the default (off or muted), by address. */
  channelNotify: Signal<ReadonlyMap<string, ChannelNotifyView>>;
  /** The latest sound the worker decided (a new id means: play it). */
  sound: Signal<SoundView | null>;
  popover: Signal<PopoverView | null>;
  mfaResets: Signal<readonly MfaResetView[]>;
  /** Own status and statuses, directory search, connections, the bot's error. */
  people: Signal<PeopleView>;
  /** In-channel and global search. */
  search: Signal<SearchView>;
  foldersByGuid: Signal<ReadonlyMap<string, FolderView>>;
  /** Folders in the sidebar's order (the worker's pre-order sort keys). */
  folders: ReadonlySignal<FolderView[]>;
  teamDirectory: Signal<TeamDirectoryView>;
  /** Members panels by channel address. */
  teamMembers: Signal<ReadonlyMap<string, TeamMembersView>>;
}

export const INITIAL_FLAGGED_META: FlaggedMeta = { loaded: false, loading: false, isComplete: false, error: null };
export const INITIAL_MESSAGE_SETTINGS: MessageSettingsView = { skinTone: 0, recent: [] };
export const INITIAL_TEAM_DIRECTORY: TeamDirectoryView = { status: 'idle', error: null, teams: [], departments: [] };

export const INITIAL_SESSION: SessionView = { status: 'starting', user: null, endedReason: null, unconfirmed: false };
export const INITIAL_CONNECTION: ConnectionView = { socket: 'connecting', resyncing: false, unsent: 0 };
export const INITIAL_PREFERENCES: PreferencesView = { tab: 'all', sort: 'az', showLast: { az: null, recent: null } };
export const INITIAL_NOTIFICATIONS: NotificationsView = {
  settings: { global_on: true, conversations_on: true, teams_on: true, departments_on: true },
  pause: { kind: null, until: null },
  badge: { count: 0, label: '', title: 'Plaza' },
};
export const INITIAL_PEOPLE: PeopleView = {
  self: { presence: 'Active', customStatus: null },
  statuses: [],
  statusesLoaded: false,
  search: null,
  requests: [],
  links: [],
  botError: null,
};
export const INITIAL_SEARCH: SearchView = { channel: null, global: null };

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The store's mutable parts, behind the signals. */
interface Internals {
  recent: RecentConversations;
  channelMap: Map<string, ChannelEntryView>;
  index: ChannelIndex;
  channelsView: Signal<ReadonlyMap<string, ChannelEntryView>>;
  indexView: Signal<{ index: ChannelIndex }>;
  /** The last stored sidebar read (ViewPatch.cachedViews) and what it expanded to: the same text again is not parsed again. */
  cached: { text: string; patch: ViewPatch } | null;
  /** The stored sidebar's text while the store shows exactly its provisional snapshot (no patch applied since). */
  showing: string | null;
}
const internals = new WeakMap<ViewStore, Internals>();

/** An empty store: session 'starting' until the worker's first (reset) patch arrives. */
export function createViewStore(): ViewStore {
  const channelMap = new Map<string, ChannelEntryView>();
  const index = new ChannelIndex(AZ_ORDER);
  const channelsView = signal<ReadonlyMap<string, ChannelEntryView>>(new MapView(channelMap));
  const indexView = signal({ index });
  const messagesByGuid = signal<ReadonlyMap<string, MessageView>>(new Map());
  const usersByGuid = signal<ReadonlyMap<string, UserView>>(new Map());
  const threadRepliesByGuid = signal<ReadonlyMap<string, MessageView>>(new Map());
  const flaggedByGuid = signal<ReadonlyMap<string, FlaggedMessageView>>(new Map());
  const bySortKey = (a: MessageView, b: MessageView): number => byString(a.sortKey, b.sortKey) || byString(a.guid, b.guid);
  const alertsByGuid = signal<ReadonlyMap<string, AlertView>>(new Map());
  const foldersByGuid = signal<ReadonlyMap<string, FolderView>>(new Map());
  const store: ViewStore = {
    seq: signal(-1),
    session: signal(INITIAL_SESSION),
    connection: signal(INITIAL_CONNECTION),
    channels: channelsView,
    channelIndex: indexView,
    channelsPending: signal(false),
    channelGroups: computed(() => {
      const { index } = indexView.value;
      return CHANNEL_GROUPS.flatMap((group) => {
        const entries = [...index.group(group)];
        return entries.length ? [{ group, label: CHANNEL_GROUP_LABELS[group], entries }] : [];
      });
    }),
    preferences: signal(INITIAL_PREFERENCES),
    conversationAddress: signal(null),
    conversationMeta: signal(null),
    messagesByGuid,
    messages: computed(() =>
      [...messagesByGuid.value.values()].sort((a, b) => byString(a.sortKey, b.sortKey) || byString(a.guid, b.guid)),
    ),
    typing: signal(new Map()),
    usersByGuid,
    users: computed(() =>
      [...usersByGuid.value.values()].sort(
        (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || byString(a.guid, b.guid),
      ),
    ),
    threadMeta: signal(null),
    threadParent: signal(null),
    threadRepliesByGuid,
    threadReplies: computed(() => [...threadRepliesByGuid.value.values()].sort(bySortKey)),
    flaggedMeta: signal(INITIAL_FLAGGED_META),
    flaggedByGuid,
    flagged: computed(() => [...flaggedByGuid.value.values()].sort((a, b) => bySortKey(b, a))),
    messageSettings: signal(INITIAL_MESSAGE_SETTINGS),
    alertsByGuid,
    alerts: computed(() => [...alertsByGuid.value.values()].sort((a, b) => b.created - a.created || byString(a.guid, b.guid))),
    activeAlertCount: computed(() => {
      let n = 0;
      for (const a of alertsByGuid.value.values()) if (!a.dismissed) n++;
      return n;
    }),
    toasts: signal([]),
    notifications: signal(INITIAL_NOTIFICATIONS),
    channelNotify: signal(new Map()),
    sound: signal(null),
    popover: signal(null),
    mfaResets: signal([]),
    people: signal(INITIAL_PEOPLE),
    search: signal(INITIAL_SEARCH),
    foldersByGuid,
    folders: computed(() => [...foldersByGuid.value.values()].sort((a, b) => byString(a.sortKey, b.sortKey))),
    teamDirectory: signal(INITIAL_TEAM_DIRECTORY),
    teamMembers: signal(new Map()),
  };
  internals.set(store, { recent: new RecentConversations(), channelMap, index, channelsView, indexView, cached: null, showing: null });
  return store;
}

/**
 * The messages of the last few conversations left, as they were shown: switching back to one paints
 * them at once while the worker's patch (a moment later) brings what changed since. A cache of views
 * the UI already had, not state.
 */
class RecentConversations {
  static readonly SIZE = 8;
  readonly #byAddress = new Map<string, readonly MessageView[]>();
  keep(address: string, messages: readonly MessageView[]): void {
    this.#byAddress.delete(address);
    this.#byAddress.set(address, messages);
    if (this.#byAddress.size > RecentConversations.SIZE) this.#byAddress.delete(this.#byAddress.keys().next().value!);
  }
  get(address: string): readonly MessageView[] | undefined {
    return this.#byAddress.get(address);
  }
  clear(): void {
    this.#byAddress.clear();
  }
}

/** The messages last shown for a conversation that is no longer the worker's open one, if any. */
export function recentMessages(store: ViewStore, address: string): readonly MessageView[] | undefined {
  return internals.get(store)?.recent.get(address);
}

/** Applies a channels diff (or snapshot) to the map and the sorted index, in place. */
function applyChannels(own: Internals, diff: RecordsDiff<ChannelEntryView> | undefined, reset: boolean): void {
  const { channelMap, index } = own;
  if (reset) {
    channelMap.clear();
    for (const entry of diff?.put ?? []) channelMap.set(entry.address, entry);
    index.reset(channelMap.values());
  } else if (diff) {
    for (const address of diff.remove) {
      const previous = channelMap.get(address);
      if (!previous) continue;
      channelMap.delete(address);
      index.remove(previous);
    }
    for (const entry of diff.put) {
      index.upsert(channelMap.get(entry.address), entry);
      channelMap.set(entry.address, entry);
    }
  } else {
    return;
  }
  own.channelsView.value = new MapView(channelMap);
  own.indexView.value = { index };
}

/** What a provisional snapshot (the stored sidebar's text and the connection) may hold besides its views. */
const PROVISIONAL_KEYS = new Set(['seq', 'reset', 'cachedViews', 'connection', 'perf']);

/**
 * Whether `sent` is a provisional snapshot of the text the store shows, with nothing else in it: on a cold
 * start the core's first patch repeats the worker's early one (a reset of every view, only its seq differs),
 * and applying it again re-rendered the whole app (~20–30 ms for a heavy user's sidebar) just before the
 * first paint.
 */
function sameProvisional(store: ViewStore, showing: string, sent: ViewPatch): boolean {
  if (!sent.reset || sent.cachedViews !== showing) return false;
  for (const key of Object.keys(sent)) if (!PROVISIONAL_KEYS.has(key)) return false;
  const now = store.connection.value;
  const next = sent.connection;
  return next !== undefined && next.socket === now.socket && next.resyncing === now.resyncing && next.unsent === now.unsent && Object.keys(next).length === Object.keys(now).length;
}

/**
 * A cold start's first snapshot may carry the stored sidebar as text (ViewPatch.cachedViews). The same text
 * comes twice on a cold start — early, from the worker's entry, then in the core's first patch — and the
 * second time it is not parsed again: its entries are the same objects, so the rows showing them stay as
 * they are.
 */
function expandCached(own: Internals, sent: ViewPatch): ViewPatch {
  if (sent.cachedViews === undefined) {
    // The core's real snapshot: the stored sidebar will not come again, nor need its parsed entries be kept.
    if (sent.reset) own.cached = null;
    return sent;
  }
  if (own.cached?.text === sent.cachedViews) {
    const { cachedViews: _same, ...rest } = sent;
    const { session, preferences, channels } = own.cached.patch;
    return { ...rest, session, preferences, channels };
  }
  const { patch, dropped } = expandCachedViews(sent);
  if (dropped) console.warn(`Plaza could not show the stored sidebar: ${dropped}; the conversations show once the data is read.`);
  else own.cached = { text: sent.cachedViews, patch };
  return patch;
}

function applyDiff<R>(
  current: ReadonlyMap<string, R>,
  diff: RecordsDiff<R>,
  keyOf: (record: R) => string,
  replace: boolean,
): ReadonlyMap<string, R> {
  const next = replace ? new Map<string, R>() : new Map(current);
  if (!replace) for (const key of diff.remove) next.delete(key);
  for (const record of diff.put) next.set(keyOf(record), record);
  return next;
}

/**
 * Applies one patch from the worker. `reset` replaces every view (fields the
 * patch leaves out go back to empty); otherwise only the fields present change.
 * All writes happen in one batch, so components never see half a patch.
 */
export function applyPatch(store: ViewStore, sent: ViewPatch): void {
  const own = internals.get(store)!;
  if (own.showing !== null && sameProvisional(store, own.showing, sent)) {
    // The core's provisional snapshot after the worker's early one: the same views, so nothing to render again.
    store.seq.value = sent.seq;
    return;
  }
  const patch = expandCached(own, sent);
  own.showing = sent.reset && sent.cachedViews !== undefined && own.cached?.text === sent.cachedViews ? sent.cachedViews : null;
  batch(() => {
    const reset = patch.reset;
    store.seq.value = patch.seq;

    if (patch.session) store.session.value = patch.session;
    else if (reset) store.session.value = INITIAL_SESSION;

    if (patch.connection) store.connection.value = patch.connection;
    else if (reset) store.connection.value = INITIAL_CONNECTION;

    // The sort first, so the entries of this patch are placed in the new order.
    if (patch.preferences) {
      store.preferences.value = patch.preferences;
      own.index.setOrder(orderOf(patch.preferences.sort));
    } else if (reset) {
      store.preferences.value = INITIAL_PREFERENCES;
      own.index.setOrder(orderOf(INITIAL_PREFERENCES.sort));
    }
    if (patch.channels || reset) applyChannels(own, patch.channels, reset);
    if (patch.channelsPending !== undefined) store.channelsPending.value = patch.channelsPending;
    else if (reset) store.channelsPending.value = false;
    else if (patch.preferences) own.indexView.value = { index: own.index };

    if (patch.users) store.usersByGuid.value = applyDiff(store.usersByGuid.value, patch.users, (u) => u.guid, reset);
    else if (reset) store.usersByGuid.value = new Map();

    const conversation = patch.conversation;
    if (conversation) {
      // Another conversation's diff can never extend this one's messages.
      const replace = reset || conversation.reset || conversation.address !== store.conversationAddress.value;
      const leaving = store.conversationAddress.value;
      if (leaving !== null && conversation.address !== leaving) own.recent.keep(leaving, store.messages.value);
      store.conversationAddress.value = conversation.address;
      store.conversationMeta.value = conversation.meta;
      store.messagesByGuid.value =
        conversation.address === null
          ? new Map()
          : applyDiff(store.messagesByGuid.value, conversation.messages, (m) => m.guid, replace);
    } else if (reset) {
      own.recent.clear();
      store.conversationAddress.value = null;
      store.conversationMeta.value = null;
      store.messagesByGuid.value = new Map();
    }

    if (patch.typing) {
      const next = reset ? new Map<string, readonly string[]>() : new Map(store.typing.value);
      for (const [address, names] of Object.entries(patch.typing)) {
        if (names.length === 0) next.delete(address);
        else next.set(address, names);
      }
      store.typing.value = next;
    } else if (reset) {
      store.typing.value = new Map();
    }

    const thread = patch.thread;
    if (thread) {
      store.threadMeta.value = thread.meta;
      store.threadParent.value = thread.parent;
      store.threadRepliesByGuid.value = thread.meta === null ? new Map() : applyDiff(store.threadRepliesByGuid.value, thread.replies, (m) => m.guid, reset || thread.reset);
    } else if (reset) {
      store.threadMeta.value = null;
      store.threadParent.value = null;
      store.threadRepliesByGuid.value = new Map();
    }

    if (patch.flagged) {
      store.flaggedMeta.value = patch.flagged.meta;
      store.flaggedByGuid.value = applyDiff(store.flaggedByGuid.value, patch.flagged.messages, (m) => m.guid, reset || patch.flagged.reset);
    } else if (reset) {
      store.flaggedMeta.value = INITIAL_FLAGGED_META;
      store.flaggedByGuid.value = new Map();
    }

    if (patch.messageSettings) store.messageSettings.value = patch.messageSettings;
    else if (reset) store.messageSettings.value = INITIAL_MESSAGE_SETTINGS;
    if (patch.alerts) store.alertsByGuid.value = applyDiff(store.alertsByGuid.value, patch.alerts, (a) => a.guid, reset);
    else if (reset) store.alertsByGuid.value = new Map();

    if (patch.toasts) store.toasts.value = patch.toasts;
    else if (reset) store.toasts.value = [];

    if (patch.notifications) store.notifications.value = patch.notifications;
    else if (reset) store.notifications.value = INITIAL_NOTIFICATIONS;

    if (patch.channelNotify) store.channelNotify.value = applyDiff(store.channelNotify.value, patch.channelNotify, (c) => c.address, reset);
    else if (reset) store.channelNotify.value = new Map();

    if (patch.sound !== undefined) store.sound.value = patch.sound;
    else if (reset) store.sound.value = null;

    if (patch.popover !== undefined) store.popover.value = patch.popover;
    else if (reset) store.popover.value = null;

    if (patch.mfaResets) store.mfaResets.value = patch.mfaResets;
    else if (reset) store.mfaResets.value = [];
    if (patch.people) store.people.value = patch.people;
    else if (reset) store.people.value = INITIAL_PEOPLE;

    if (patch.search) store.search.value = patch.search;
    else if (reset) store.search.value = INITIAL_SEARCH;

    if (patch.folders) store.foldersByGuid.value = applyDiff(store.foldersByGuid.value, patch.folders, (f) => f.guid, reset);
    else if (reset) store.foldersByGuid.value = new Map();

    if (patch.teamDirectory) store.teamDirectory.value = patch.teamDirectory;
    else if (reset) store.teamDirectory.value = INITIAL_TEAM_DIRECTORY;

    if (patch.teamMembers) {
      const next = reset ? new Map<string, TeamMembersView>() : new Map(store.teamMembers.value);
      for (const [address, view] of Object.entries(patch.teamMembers)) {
        if (view) next.set(address, view);
        else next.delete(address);
      }
      store.teamMembers.value = next;
    } else if (reset) {
      store.teamMembers.value = new Map();
    }
  });
}
