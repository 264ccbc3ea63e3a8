/**
 * All projections together, and the one fold that drives them. Order matters:
 * `unread` and `channels` read the message store as it was before the event,
 * so they run before `messages`; `messages` reads the threads as they were
 * (the reply before a deleted one); `threads`, `flagged` and `reading` read
 * the message store as it is after.
 */
import type { Envelope } from '../protocol/events';
import { applyAlerts, cloneAlerts, createAlerts, type AlertsState } from './alerts';
import { applyChannels, cloneChannels, createChannels, type ChannelsState } from './channels';
import { createChangeSet, type ChangeSet } from './changes';
import { applyConnection, cloneConnection, createConnection, type ConnectionState } from './connection';
import { applyContext, createContext, type ContextState } from './context';
import { applyFlagged, createFlagged, type FlaggedState } from './flagged';
import { applyFolders, createFolders, type FoldersState } from './folders';
import { applyMessageSettings, createMessageSettings, type MessageSettingsState } from './message-settings';
import { applyMessages, cloneStore, createMessages, type MessageStore, type MessagesState } from './messages';
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
 * A copy of the projections later folds cannot change. The projections a heavy user's state is made
 * of are copied field by field beside their folds (records and maps copied, the values in them shared:
 * folds replace values rather than change them); the others are small and copied whole. With
 * `shareStores`, message stores and the tombstones are shared, not copied: the caller must copy a
 * store before folding an event that `storesWrittenBy` names, and the tombstones before one that
 * `writesTombstones` does (copy-on-write; core-worker/debug/timeline.ts).
 */
export function cloneProjections(p: Projections, options: { shareStores?: boolean } = {}): Projections {
  const byAddress = new Map<string, MessageStore>();
  for (const [address, store] of p.messages.byAddress) byAddress.set(address, options.shareStores ? store : cloneStore(store));
  const { threads, flagged, reading, messageSettings, presence, people, search, context, folders, teams } = p;
  return {
    session: cloneSession(p.session),
    channels: cloneChannels(p.channels),
    unread: cloneUnread(p.unread),
    messages: { byAddress, deleted: options.shareStores ? p.messages.deleted : new Set(p.messages.deleted) },
    typing: cloneTyping(p.typing),
    connection: cloneConnection(p.connection),
    alerts: cloneAlerts(p.alerts),
    toasts: cloneToasts(p.toasts),
    ...copyData({ threads, flagged, reading, messageSettings, presence, people, search, context, folders, teams }),
    seq: p.seq,
  };
}

/** Folds one envelope into every projection, noting what changed. */
export function applyEnvelope(p: Projections, envelope: Envelope, changes: ChangeSet): void {
  if (envelope.seq <= p.seq) return; // already folded: replaying a log tail is idempotent
  const me = p.session.user?.target_user_guid;
  applySession(p.session, envelope, changes);
  applyUnread(p.unread, envelope, changes, me, p.messages);
  applyChannels(p.channels, envelope, changes, p.messages);
  applyMessages(p.messages, envelope, changes, p.threads);
  applyThreads(p.threads, envelope, changes, p.messages);
  applyFlagged(p.flagged, envelope, changes, p.messages, p.threads);
  applyReading(p.reading, envelope, changes, me, p);
  applyMessageSettings(p.messageSettings, envelope, changes);
  applyTyping(p.typing, envelope, changes);
  applyConnection(p.connection, envelope, changes);
  applyPresence(p.presence, envelope, changes);
  applyPeople(p.people, envelope, changes);
  applySearch(p.search, envelope, changes);
  applyContext(p.context, envelope, changes);
  applyAlerts(p.alerts, envelope, changes);
  applyToasts(p.toasts, envelope, changes);
  applyFolders(p.folders, envelope, changes);
  applyTeams(p.teams, envelope, changes);
  p.seq = envelope.seq;
}

/** The from-scratch path: a fresh state folded from a whole log. */
export function foldAll(envelopes: Iterable<Envelope>): Projections {
  const p = createProjections();
  const changes = createChangeSet();
  for (const envelope of envelopes) applyEnvelope(p, envelope, changes);
  return p;
}
