/**
 * The UI's copy of the worker's views, as signals. It is filled ONLY by
 * applying ViewPatch values (the worker decides everything; this file only
 * keeps records by key and derives display order from the worker's sort keys).
 */
import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import {
  CHANNEL_GROUPS,
  type AlertView,
  CHANNEL_GROUP_LABELS,
  type ChannelEntryView,
  type ChannelGroup,
  type ConnectionView,
  type ConversationMeta,
  type FlaggedMessageView,
  type FlaggedMeta,
  type MessageSettingsView,
  type FolderView,
  type MessageView,
  type ThreadMeta,
  type RecordsDiff,
  type SessionView,
  type TeamDirectoryView,
  type TeamMembersView,
  type ToastView,
  type UserView,
  type ViewPatch,
} from '../../protocol/views';
import type { PeopleView } from '../../protocol/views-people';
import type { SearchView } from '../../protocol/views-search';

export interface ChannelGroupView {
  group: ChannelGroup;
  label: string;
  entries: ChannelEntryView[];
}

export interface ViewStore {
  /** seq of the last applied patch (-1 before the first). */
  seq: Signal<number>;
  session: Signal<SessionView>;
  connection: Signal<ConnectionView>;
  channels: Signal<ReadonlyMap<string, ChannelEntryView>>;
  /** Sidebar groups in CHANNEL_GROUPS order, entries by sortKey; empty groups omitted. */
  channelGroups: ReadonlySignal<ChannelGroupView[]>;
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

export const INITIAL_SESSION: SessionView = { status: 'starting', user: null, endedReason: null };
export const INITIAL_CONNECTION: ConnectionView = { socket: 'connecting' };
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

/** An empty store: session 'starting' until the worker's first (reset) patch arrives. */
export function createViewStore(): ViewStore {
  const channels = signal<ReadonlyMap<string, ChannelEntryView>>(new Map());
  const messagesByGuid = signal<ReadonlyMap<string, MessageView>>(new Map());
  const usersByGuid = signal<ReadonlyMap<string, UserView>>(new Map());
  const threadRepliesByGuid = signal<ReadonlyMap<string, MessageView>>(new Map());
  const flaggedByGuid = signal<ReadonlyMap<string, FlaggedMessageView>>(new Map());
  const bySortKey = (a: MessageView, b: MessageView): number => byString(a.sortKey, b.sortKey) || byString(a.guid, b.guid);
  const alertsByGuid = signal<ReadonlyMap<string, AlertView>>(new Map());
  const foldersByGuid = signal<ReadonlyMap<string, FolderView>>(new Map());
  return {
    seq: signal(-1),
    session: signal(INITIAL_SESSION),
    connection: signal(INITIAL_CONNECTION),
    channels,
    channelGroups: computed(() => {
      const buckets = new Map<ChannelGroup, ChannelEntryView[]>();
      for (const entry of channels.value.values()) {
        const bucket = buckets.get(entry.group);
        if (bucket) bucket.push(entry);
        else buckets.set(entry.group, [entry]);
      }
      const groups: ChannelGroupView[] = [];
      for (const group of CHANNEL_GROUPS) {
        const entries = buckets.get(group);
        if (!entries || entries.length === 0) continue;
        entries.sort((a, b) => byString(a.sortKey, b.sortKey) || byString(a.address, b.address));
        groups.push({ group, label: CHANNEL_GROUP_LABELS[group], entries });
      }
      return groups;
    }),
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
    people: signal(INITIAL_PEOPLE),
    search: signal(INITIAL_SEARCH),
    foldersByGuid,
    folders: computed(() => [...foldersByGuid.value.values()].sort((a, b) => byString(a.sortKey, b.sortKey))),
    teamDirectory: signal(INITIAL_TEAM_DIRECTORY),
    teamMembers: signal(new Map()),
  };
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
export function applyPatch(store: ViewStore, patch: ViewPatch): void {
  batch(() => {
    const reset = patch.reset;
    store.seq.value = patch.seq;

    if (patch.session) store.session.value = patch.session;
    else if (reset) store.session.value = INITIAL_SESSION;

    if (patch.connection) store.connection.value = patch.connection;
    else if (reset) store.connection.value = INITIAL_CONNECTION;

    if (patch.channels) store.channels.value = applyDiff(store.channels.value, patch.channels, (c) => c.address, reset);
    else if (reset) store.channels.value = new Map();

    if (patch.users) store.usersByGuid.value = applyDiff(store.usersByGuid.value, patch.users, (u) => u.guid, reset);
    else if (reset) store.usersByGuid.value = new Map();

    const conversation = patch.conversation;
    if (conversation) {
      // Another conversation's diff can never extend this one's messages.
      const replace = reset || conversation.reset || conversation.address !== store.conversationAddress.value;
      store.conversationAddress.value = conversation.address;
      store.conversationMeta.value = conversation.meta;
      store.messagesByGuid.value =
        conversation.address === null
          ? new Map()
          : applyDiff(store.messagesByGuid.value, conversation.messages, (m) => m.guid, replace);
    } else if (reset) {
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
