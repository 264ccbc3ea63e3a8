/**
 * Turns what the folds changed into view patches for the UI: a snapshot for a
 * new subscriber, then small diffs, coalesced so the UI gets at most one
 * update per animation frame. Views are derived here from the projections;
 * records the UI already has are not sent again.
 */
import { channelEntryView } from '../projections/views/channel-view';
import { indexOfMessage } from '../projections/messages';
import { messageView } from '../projections/views/message-view';
import { userView } from '../projections/views/user-view';
import { createChangeSet, isEmpty, type ChangeSet } from '../projections/changes';
import type { Projections } from '../projections/fold';
import type { PatchListener } from '../protocol/core-api';
import type { ChannelEntryView, ConversationMeta, MessageView, SessionView, ViewPatch } from '../protocol/views';
import type { FrameScheduler } from './ports';

/** Core state that is not in the log: whether boot finished, and in-flight or failed history loads. */
export interface RuntimeState {
  booted: boolean;
  signedIn: boolean;
  loadingHistory: Set<string>;
  historyError: Map<string, string>;
}

export interface Publisher {
  /** The change set folds write into until the next flush. */
  readonly changes: ChangeSet;
  subscribe(listener: PatchListener): void;
  /** Schedules a flush for the next frame. */
  schedule(): void;
  /** Sends pending changes now (tests, and before a reset). */
  flush(): void;
  /** Replaces the projections (another user's log was loaded): every subscriber gets a new snapshot. */
  reset(projections: Projections): void;
  /** Marks the open conversation's metadata as changed (runtime loading/error state). */
  touchMeta(address: string): void;
  /** Largest patch sent after a snapshot, in JSON characters (benchmarks and tests). */
  readonly stats: { patches: number; largestDiff: number };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createPublisher(options: { projections: () => Projections; runtime: RuntimeState; scheduleFrame: FrameScheduler }): Publisher {
  const { runtime } = options;
  let changes = createChangeSet();
  let listeners: PatchListener[] = [];
  let cancelFrame: (() => void) | null = null;
  let seq = 0;
  // What the UI holds, so unchanged records are not resent.
  let sentChannels = new Map<string, ChannelEntryView>();
  let sentUsers = new Set<string>();
  let sentOpen: string | null = null;
  const stats = { patches: 0, largestDiff: 0 };

  const sessionView = (p: Projections): SessionView => {
    const user = p.session.user;
    return {
      status: !runtime.booted ? 'starting' : runtime.signedIn && p.session.active ? 'signed-in' : 'signed-out',
      user: user ? { guid: user.target_user_guid, name: user.name || `${user.first_name} ${user.last_name}`.trim(), email: user.email ?? '', is_company_admin: user.is_company_admin } : null,
      endedReason: p.session.endedReason,
    };
  };

  const metaView = (p: Projections, address: string): ConversationMeta => {
    const store = p.messages.byAddress.get(address);
    return {
      address,
      isComplete: store?.isComplete ?? false,
      loading: runtime.loadingHistory.has(address),
      error: runtime.historyError.get(address) ?? null,
    };
  };

  const allMessages = (p: Projections, address: string): MessageView[] => {
    const store = p.messages.byAddress.get(address);
    if (!store) return [];
    const me = p.session.user?.target_user_guid;
    return store.order.map((_, i) => messageView(store, i, me));
  };

  const build = (p: Projections, reset: boolean): ViewPatch => {
    const c = changes;
    const patch: ViewPatch = { seq: ++seq, reset };
    if (reset || c.session) patch.session = sessionView(p);
    if (reset || c.connection) patch.connection = { socket: p.connection.socket };

    // Channels: entries that changed, compared with what the UI already has.
    const addresses = reset || c.allChannels ? new Set([...p.channels.byAddress.keys(), ...sentChannels.keys()]) : c.channels;
    if (reset) sentChannels = new Map();
    const put: ChannelEntryView[] = [];
    const remove: string[] = [];
    for (const address of addresses) {
      const record = p.channels.byAddress.get(address);
      if (!record) {
        if (sentChannels.delete(address)) remove.push(address);
        continue;
      }
      const view = channelEntryView(record, p.unread.byAddress.get(address), p.session.user);
      const sent = sentChannels.get(address);
      if (sent === undefined || !same(sent, view)) {
        sentChannels.set(address, view);
        put.push(view);
      }
    }
    if (reset || put.length || remove.length) patch.channels = { put, remove };

    if (reset || c.users) {
      const users = [...p.session.usersByGuid.values()].filter((u) => u.target_user_guid !== p.session.user?.target_user_guid);
      const next = new Set(users.map((u) => u.target_user_guid));
      patch.users = { put: users.map(userView), remove: reset ? [] : [...sentUsers].filter((g) => !next.has(g)) };
      sentUsers = next;
    }

    // The open conversation: everything when it changed, else only touched messages.
    const open = p.session.openAddress;
    if (reset || open !== sentOpen) {
      patch.conversation = { address: open, reset: true, meta: open ? metaView(p, open) : null, messages: { put: open ? allMessages(p, open) : [], remove: [] } };
      sentOpen = open;
    } else if (open) {
      const touched = c.messages.get(open);
      const metaChanged = c.conversationMeta.has(open);
      if (touched === 'all') {
        patch.conversation = { address: open, reset: true, meta: metaView(p, open), messages: { put: allMessages(p, open), remove: [] } };
      } else if (touched || metaChanged) {
        const store = p.messages.byAddress.get(open);
        const me = p.session.user?.target_user_guid;
        const messages = { put: [] as MessageView[], remove: [] as string[] };
        for (const guid of touched ?? []) {
          const index = store ? indexOfMessage(store, guid) : -1;
          if (store && index >= 0) messages.put.push(messageView(store, index, me));
          else messages.remove.push(guid);
        }
        patch.conversation = { address: open, reset: false, meta: metaView(p, open), messages };
      }
    }

    const typingAddresses = reset ? p.typing.byAddress.keys() : c.typing;
    for (const address of typingAddresses) {
      const typists = p.typing.byAddress.get(address);
      (patch.typing ??= {})[address] = typists ? [...typists.values()].map((t) => t.name).sort() : [];
    }
    return patch;
  };

  const send = (patch: ViewPatch, toListeners: PatchListener[]): void => {
    stats.patches++;
    if (!patch.reset) stats.largestDiff = Math.max(stats.largestDiff, JSON.stringify(patch).length);
    for (const listener of toListeners) listener(patch);
  };

  const flush = (): void => {
    cancelFrame?.();
    cancelFrame = null;
    if (isEmpty(changes) || listeners.length === 0) {
      changes = createChangeSet();
      return;
    }
    const patch = build(options.projections(), false);
    changes = createChangeSet();
    const hasContent = Object.keys(patch).some((k) => k !== 'seq' && k !== 'reset');
    if (hasContent) send(patch, listeners);
  };

  const snapshotAll = (): void => {
    changes = createChangeSet();
    send(build(options.projections(), true), listeners);
  };

  return {
    get changes() {
      return changes;
    },
    subscribe(listener) {
      flush();
      listeners = [listener];
      // One UI at a time: a reloaded page replaces its predecessor's listener.
      snapshotAll();
    },
    schedule() {
      if (cancelFrame || listeners.length === 0) return;
      cancelFrame = options.scheduleFrame(() => {
        cancelFrame = null;
        flush();
      });
    },
    flush,
    reset() {
      cancelFrame?.();
      cancelFrame = null;
      sentChannels = new Map();
      sentUsers = new Set();
      sentOpen = null;
      if (listeners.length) snapshotAll();
      else changes = createChangeSet();
    },
    touchMeta(address) {
      changes.conversationMeta.add(address);
    },
    stats,
  };
}
