/**
 * All projections together, and the one fold that drives them. Order matters:
 * `unread`, `channels` and `notify` read the message store as it was before
 * the event, so they run before `messages`; `messages` reads the threads as
 * they were (the reply before a deleted one); `threads`, `flagged` and
 * `reading` read the message store as it is after; `notify` and `mfa` ask
 * whether an alert is new, so they run before `alerts`.
 */
import type { Envelope } from '../protocol/events';
import { applyAlerts, cloneAlerts, createAlerts, type AlertsState } from './alerts';
import { applyChannels, cloneChannels, createChannels, type ChannelsState } from './channels';
import { createDiscardingChangeSet, type ChangeSet } from './changes';
import { applyConnection, cloneConnection, createConnection, type ConnectionState } from './connection';
import { applyContext, createContext, type ContextState } from './context';
import { applyFlagged, createFlagged, type FlaggedState } from './flagged';
import { applyFolders, createFolders, type FoldersState } from './folders';
import { applyMessageSettings, createMessageSettings, type MessageSettingsState } from './message-settings';
import { applyMessages, cloneStore, createMessages, type MessageStore, type MessagesState } from './messages';
import { applyPreferences, createPreferences, type PreferencesState } from './preferences';
import { isRestorable, restoreSnapshot } from './snapshot';
import { applyOutbox, createOutbox, type OutboxProjection } from './outbox';
import { applyMfa, createMfa, type MfaState } from './mfa';
import { applyNotify, createNotify, type NotifyState } from './notify';
import { applyPopover, createPopover, type PopoverState } from './popover';
import { applyPeople, createPeople, type PeopleState } from './people';
import { applyPresence, createPresence, type PresenceState } from './presence';
import { applyReading, createReading, type ReadingState } from './reading';
import { applySearch, createSearch, type SearchState } from './search';
import { applySession, cloneSession, createSession, type SessionState } from './session';
import { applyTeams, createTeams, type TeamsState } from './teams';
import { applyThreads, createThreads, type ThreadsState } from './threads';
import { applyToasts, cloneToasts, createToasts, type ToastsState } from './toasts';
import { applyTyping, cloneTyping, createTyping, type TypingState } from './typing';
import { applyUnread, cloneUnread, createUnread, type UnreadState } from './unread';

export interface Projections {
  session: SessionState;
  channels: ChannelsState;
  unread: UnreadState;
  messages: MessagesState;
  typing: TypingState;
  connection: ConnectionState;
  preferences: PreferencesState;
  outbox: OutboxProjection;
  threads: ThreadsState;
  flagged: FlaggedState;
  reading: ReadingState;
  messageSettings: MessageSettingsState;
  presence: PresenceState;
  people: PeopleState;
  search: SearchState;
  /** The window around a search hit the open conversation shows, if any. */
  context: ContextState;
  alerts: AlertsState;
  toasts: ToastsState;
  notify: NotifyState;
  popover: PopoverState;
  mfa: MfaState;
  folders: FoldersState;
  teams: TeamsState;
  /** seq of the last envelope folded in. */
  seq: number;
}

export function createProjections(): Projections {
  return {
    session: createSession(),
    channels: createChannels(),
    unread: createUnread(),
    messages: createMessages(),
    typing: createTyping(),
    connection: createConnection(),
    preferences: createPreferences(),
    outbox: createOutbox(),
    threads: createThreads(),
    flagged: createFlagged(),
    reading: createReading(),
    messageSettings: createMessageSettings(),
    presence: createPresence(),
    people: createPeople(),
    search: createSearch(),
    context: createContext(),
    alerts: createAlerts(),
    toasts: createToasts(),
    notify: createNotify(),
    popover: createPopover(),
    mfa: createMfa(),
    folders: createFolders(),
    teams: createTeams(),
    seq: 0,
  };
}

/** A deep copy of plain data (objects, arrays, Maps, Sets): what structuredClone does, without needing a platform. */
function copyData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyData) as T;
  if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, copyData(v)])) as T;
  if (value instanceof Set) return new Set([...value].map(copyData)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyData(v)])) as T;
}

/**
 * Projections copied field by field beside their folds (records and maps copied, the values in them
 * shared: folds replace values rather than change them): the ones a heavy user's state is made of, and
 * those whose copy must carry an index kept outside the state (typing's expiry queue). Every other
 * projection — including any added later — is small and copied whole by `copyData`.
 */
const CLONERS: { [K in Exclude<keyof Projections, 'messages' | 'seq'>]?: (state: Projections[K]) => Projections[K] } = {
  session: cloneSession,
  channels: cloneChannels,
  unread: cloneUnread,
  typing: cloneTyping,
  connection: cloneConnection,
  alerts: cloneAlerts,
  toasts: cloneToasts,
};

/**
 * A copy of the projections later folds cannot change. With `shareStores`, message stores and the
 * tombstones are shared, not copied: the caller must copy a store before folding an event that
 * `storesWrittenBy` names, and the tombstones before one that `writesTombstones` does (copy-on-write;
 * core-worker/debug/timeline.ts). A `log.snapshot` event replaces whole projections rather than
 * writing into them, so it needs no copy.
 */
export function cloneProjections(p: Projections, options: { shareStores?: boolean } = {}): Projections {
  const byAddress = new Map<string, MessageStore>();
  for (const [address, store] of p.messages.byAddress) byAddress.set(address, options.shareStores ? store : cloneStore(store));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(p) as (keyof Projections)[]) {
    if (key === 'messages') continue;
    const clone = key === 'seq' ? undefined : (CLONERS[key] as ((state: unknown) => unknown) | undefined);
    copy[key] = clone ? clone(p[key]) : copyData(p[key]);
  }
  copy.messages = { ...p.messages, byAddress, deleted: options.shareStores ? p.messages.deleted : new Set(p.messages.deleted) } satisfies MessagesState;
  return copy as unknown as Projections;
}

/** Replaces every projection with a snapshot's, and marks everything changed. */
function applySnapshot(p: Projections, envelope: Envelope<Extract<Envelope['event'], { type: 'log.snapshot' }>>, changes: ChangeSet): void {
  const restored = isRestorable(envelope.event.snapshot) ? restoreSnapshot(envelope.event.snapshot) : createProjections();
  const open = p.session.openAddress;
  // Everything that was and everything that is now may have changed: both sides are marked.
  const mark = (q: Projections): void => {
    for (const address of q.messages.byAddress.keys()) {
      changes.messages.set(address, 'all');
      changes.conversationMeta.add(address);
    }
    for (const address of q.channels.byAddress.keys()) changes.channelNotify.add(address);
    for (const address of q.typing.byAddress.keys()) changes.typing.add(address);
    for (const guid of q.alerts.byGuid.keys()) changes.alerts.add(guid);
    for (const address of q.teams.panels.keys()) changes.teamMembers.add(address);
    for (const guid of q.presence.byGuid.keys()) changes.userGuids.add(guid);
    for (const guid of q.threads.byParent.keys()) changes.threads.add(guid);
  };
  mark(p);
  Object.assign(p, restored);
  mark(p);
  changes.session = changes.connection = changes.users = changes.allChannels = changes.preferences = true;
  changes.people = changes.search = changes.toasts = changes.folderTree = changes.teamDirectory = true;
  changes.threadOpen = changes.flagged = changes.messageSettings = changes.notify = changes.popover = changes.mfa = true;
  // Not `sound`: restoring state is no reason to play one.
  if (open !== p.session.openAddress) changes.openConversation = true;
}

/** Folds one envelope into every projection, noting what changed. */
export function applyEnvelope(p: Projections, envelope: Envelope, changes: ChangeSet): void {
  if (envelope.seq <= p.seq) return; // already folded: replaying a log tail is idempotent
  const type = envelope.event.type;
  if (type === 'log.snapshot') {
    applySnapshot(p, envelope as Envelope<Extract<Envelope['event'], { type: 'log.snapshot' }>>, changes);
    p.seq = envelope.seq;
    return;
  }
  // Shortcuts for the commonest events of a busy workspace — the socket's TYP, MSG, REA and DEL frames: only
  // the folds that can act on the event run, in applyEveryFold's order and called as it calls them; every
  // other fold would look at it and do nothing (a 23-way switch, for most of a heavy user's events).
  // `notify`, `alerts` and `toasts` judge every envelope's time (mutes, alerts and toasts expire), so every
  // shortcut has them. Any other event takes the general path. tests/projections/fold-shortcuts.test.ts
  // holds each shortcut to the folds' sources (a fold that names the event, or acts on every event, must be
  // in it) and to the general path on hostile logs.
  const me = p.session.user?.target_user_guid;
  switch (type) {
    case 'typing.started':
      applyNotify(p.notify, envelope, changes, p);
      applyTyping(p.typing, envelope, changes);
      applyAlerts(p.alerts, envelope, changes);
      applyToasts(p.toasts, envelope, changes);
      break;
    case 'message.received':
      applyUnread(p.unread, envelope, changes, me, p.messages);
      applyChannels(p.channels, envelope, changes, p.messages);
      applyNotify(p.notify, envelope, changes, p);
      applyMessages(p.messages, envelope, changes, p.threads);
      applyThreads(p.threads, envelope, changes, p.messages);
      applyFlagged(p.flagged, envelope, changes, p.messages, p.threads);
      applyTyping(p.typing, envelope, changes);
      applyOutbox(p.outbox, envelope, changes);
      applyContext(p.context, envelope, changes);
      applyAlerts(p.alerts, envelope, changes);
      applyToasts(p.toasts, envelope, changes);
      break;
    case 'reactions.changed':
      applyNotify(p.notify, envelope, changes, p);
      applyMessages(p.messages, envelope, changes, p.threads);
      applyThreads(p.threads, envelope, changes, p.messages);
      applyFlagged(p.flagged, envelope, changes, p.messages, p.threads);
      applyContext(p.context, envelope, changes);
      applyAlerts(p.alerts, envelope, changes);
      applyToasts(p.toasts, envelope, changes);
      break;
    case 'message.deleted':
      applyUnread(p.unread, envelope, changes, me, p.messages);
      applyChannels(p.channels, envelope, changes, p.messages);
      applyNotify(p.notify, envelope, changes, p);
      applyMessages(p.messages, envelope, changes, p.threads);
      applyThreads(p.threads, envelope, changes, p.messages);
      applyFlagged(p.flagged, envelope, changes, p.messages, p.threads);
      applyReading(p.reading, envelope, changes, me, p);
      applySearch(p.search, envelope, changes);
      applyContext(p.context, envelope, changes);
      applyAlerts(p.alerts, envelope, changes);
      applyToasts(p.toasts, envelope, changes);
      break;
    default:
      return applyEveryFold(p, envelope, changes);
  }
  p.seq = envelope.seq;
}

/** Folds one envelope into every projection in turn (applyEnvelope's general path, the reference its shortcuts are held to). */
export function applyEveryFold(p: Projections, envelope: Envelope, changes: ChangeSet): void {
  const me = p.session.user?.target_user_guid;
  applySession(p.session, envelope, changes);
  applyUnread(p.unread, envelope, changes, me, p.messages);
  applyChannels(p.channels, envelope, changes, p.messages);
  // Before messages and alerts: it asks whether a message or an alert is new.
  applyNotify(p.notify, envelope, changes, p);
  applyMessages(p.messages, envelope, changes, p.threads);
  applyThreads(p.threads, envelope, changes, p.messages);
  applyFlagged(p.flagged, envelope, changes, p.messages, p.threads);
  applyReading(p.reading, envelope, changes, me, p);
  applyMessageSettings(p.messageSettings, envelope, changes);
  applyTyping(p.typing, envelope, changes);
  applyConnection(p.connection, envelope, changes);
  applyPreferences(p.preferences, envelope, changes);
  applyOutbox(p.outbox, envelope, changes);
  applyPresence(p.presence, envelope, changes);
  applyPeople(p.people, envelope, changes);
  applySearch(p.search, envelope, changes);
  applyContext(p.context, envelope, changes);
  applyMfa(p.mfa, envelope, changes, me, p.alerts);
  applyAlerts(p.alerts, envelope, changes);
  applyToasts(p.toasts, envelope, changes);
  applyPopover(p.popover, envelope, changes);
  applyFolders(p.folders, envelope, changes);
  applyTeams(p.teams, envelope, changes);
  p.seq = envelope.seq;
}

/** The from-scratch path: a fresh state folded from a whole log. */
export function foldAll(envelopes: Iterable<Envelope>): Projections {
  const p = createProjections();
  // Nobody reads what changed (folds only write it): a change set that keeps nothing spares collecting
  // every message guid touched in the log — a reloading heavy user's whole log, at boot.
  const changes = createDiscardingChangeSet();
  for (const envelope of envelopes) applyEnvelope(p, envelope, changes);
  return p;
}
