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
  type MessageView,
  type RecordsDiff,
  type SessionView,
  type ToastView,
  type UserView,
  type ViewPatch,
} from '../../protocol/views';

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
  alertsByGuid: Signal<ReadonlyMap<string, AlertView>>;
  /** Alerts newest first. */
  alerts: ReadonlySignal<AlertView[]>;
  /** How many alerts are not dismissed yet. */
  activeAlertCount: ReadonlySignal<number>;
  /** Toasts on screen, newest first (at most 4). */
  toasts: Signal<readonly ToastView[]>;
}

export const INITIAL_SESSION: SessionView = { status: 'starting', user: null, endedReason: null };
export const INITIAL_CONNECTION: ConnectionView = { socket: 'connecting' };

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** An empty store: session 'starting' until the worker's first (reset) patch arrives. */
export function createViewStore(): ViewStore {
  const channels = signal<ReadonlyMap<string, ChannelEntryView>>(new Map());
  const messagesByGuid = signal<ReadonlyMap<string, MessageView>>(new Map());
  const usersByGuid = signal<ReadonlyMap<string, UserView>>(new Map());
  const alertsByGuid = signal<ReadonlyMap<string, AlertView>>(new Map());
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
    alertsByGuid,
    alerts: computed(() => [...alertsByGuid.value.values()].sort((a, b) => b.created - a.created || byString(a.guid, b.guid))),
    activeAlertCount: computed(() => {
      let n = 0;
      for (const a of alertsByGuid.value.values()) if (!a.dismissed) n++;
      return n;
    }),
    toasts: signal([]),
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

    if (patch.alerts) store.alertsByGuid.value = applyDiff(store.alertsByGuid.value, patch.alerts, (a) => a.guid, reset);
    else if (reset) store.alertsByGuid.value = new Map();

    if (patch.toasts) store.toasts.value = patch.toasts;
    else if (reset) store.toasts.value = [];
  });
}
