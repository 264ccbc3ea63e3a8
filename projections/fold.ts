/**
 * All projections together, and the one fold that drives them. Order matters:
 * `unread` and `channels` read the message store as it was before the event,
 * so they run before `messages`.
 */
import type { Envelope } from '../protocol/events';
import { applyAlerts, createAlerts, type AlertsState } from './alerts';
import { applyChannels, createChannels, type ChannelsState } from './channels';
import { createChangeSet, type ChangeSet } from './changes';
import { applyConnection, createConnection, type ConnectionState } from './connection';
import { applyContext, createContext, type ContextState } from './context';
import { applyFolders, createFolders, type FoldersState } from './folders';
import { applyMessages, createMessages, type MessagesState } from './messages';
import { applyPreferences, createPreferences, type PreferencesState } from './preferences';
import { isRestorable, restoreSnapshot } from './snapshot';
import { applyPeople, createPeople, type PeopleState } from './people';
import { applyPresence, createPresence, type PresenceState } from './presence';
import { applySearch, createSearch, type SearchState } from './search';
import { applySession, createSession, type SessionState } from './session';
import { applyTeams, createTeams, type TeamsState } from './teams';
import { applyToasts, createToasts, type ToastsState } from './toasts';
import { applyTyping, createTyping, type TypingState } from './typing';
import { applyUnread, createUnread, type UnreadState } from './unread';

export interface Projections {
  session: SessionState;
  channels: ChannelsState;
  unread: UnreadState;
  messages: MessagesState;
  typing: TypingState;
  connection: ConnectionState;
  preferences: PreferencesState;
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
    preferences: createPreferences(),
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

/** Replaces every projection with a snapshot's, and marks everything changed. */
function applySnapshot(p: Projections, envelope: Envelope<Extract<Envelope['event'], { type: 'log.snapshot' }>>, changes: ChangeSet): void {
  const restored = isRestorable(envelope.event.snapshot) ? restoreSnapshot(envelope.event.snapshot) : createProjections();
  const open = p.session.openAddress;
  // Everything that was and everything that is now may have changed: both sides are marked.
  const mark = (q: Projections): void => {
    for (const address of q.messages.byAddress.keys()) changes.messages.set(address, 'all');
    for (const address of q.typing.byAddress.keys()) changes.typing.add(address);
    for (const guid of q.alerts.byGuid.keys()) changes.alerts.add(guid);
    for (const address of q.teams.panels.keys()) changes.teamMembers.add(address);
    for (const guid of q.presence.byGuid.keys()) changes.userGuids.add(guid);
  };
  mark(p);
  Object.assign(p, restored);
  mark(p);
  changes.session = changes.connection = changes.users = changes.allChannels = changes.preferences = true;
  changes.people = changes.search = changes.toasts = changes.folderTree = changes.teamDirectory = true;
  if (open !== p.session.openAddress) changes.openConversation = true;
}

/** Folds one envelope into every projection, noting what changed. */
export function applyEnvelope(p: Projections, envelope: Envelope, changes: ChangeSet): void {
  if (envelope.seq <= p.seq) return; // already folded: replaying a log tail is idempotent
  if (envelope.event.type === 'log.snapshot') {
    applySnapshot(p, envelope as Envelope<Extract<Envelope['event'], { type: 'log.snapshot' }>>, changes);
    p.seq = envelope.seq;
    return;
  }
  const me = p.session.user?.target_user_guid;
  applySession(p.session, envelope, changes);
  applyUnread(p.unread, envelope, changes, me, p.messages);
  applyChannels(p.channels, envelope, changes, p.messages);
  applyMessages(p.messages, envelope, changes);
  applyTyping(p.typing, envelope, changes);
  applyConnection(p.connection, envelope, changes);
  applyPreferences(p.preferences, envelope, changes);
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
