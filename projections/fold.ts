/**
 * All projections together, and the one fold that drives them. Order matters:
 * `unread`, `channels` and `notify` read the message store as it was before
 * the event, so they run before `messages`; `messages` reads the threads as
 * they were (the reply before a deleted one); `threads`, `flagged` and
 * `reading` read the message store as it is after; `notify` and `mfa` ask
 * whether an alert is new, so they run before `alerts`.
 */
import type { Envelope } from '../protocol/events';
import { applyAlerts, createAlerts, type AlertsState } from './alerts';
import { applyChannels, createChannels, type ChannelsState } from './channels';
import { createChangeSet, type ChangeSet } from './changes';
import { applyConnection, createConnection, type ConnectionState } from './connection';
import { applyContext, createContext, type ContextState } from './context';
import { applyFlagged, createFlagged, type FlaggedState } from './flagged';
import { applyFolders, createFolders, type FoldersState } from './folders';
import { applyMessageSettings, createMessageSettings, type MessageSettingsState } from './message-settings';
import { applyMessages, createMessages, type MessagesState } from './messages';
import { applyOutbox, createOutbox, type OutboxProjection } from './outbox';
import { applyMfa, createMfa, type MfaState } from './mfa';
import { applyNotify, createNotify, type NotifyState } from './notify';
import { applyPopover, createPopover, type PopoverState } from './popover';
import { applyPeople, createPeople, type PeopleState } from './people';
import { applyPresence, createPresence, type PresenceState } from './presence';
import { applyReading, createReading, type ReadingState } from './reading';
import { applySearch, createSearch, type SearchState } from './search';
import { applySession, createSession, type SessionState } from './session';
import { applyTeams, createTeams, type TeamsState } from './teams';
import { applyThreads, createThreads, type ThreadsState } from './threads';
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

/** Folds one envelope into every projection, noting what changed. */
export function applyEnvelope(p: Projections, envelope: Envelope, changes: ChangeSet): void {
  if (envelope.seq <= p.seq) return; // already folded: replaying a log tail is idempotent
  const me = p.session.user?.target_user_guid;
  applySession(p.session, envelope, changes);
  applyUnread(p.unread, envelope, changes, me, p.messages);
  applyChannels(p.channels, envelope, changes, p.messages);
  // Before messages and alerts: it asks whether a message or an alert is new.
  applyNotify(p.notify, envelope, changes, { me: p.session.user, openAddress: p.session.openAddress, channels: p.channels, messages: p.messages, alerts: p.alerts });
  applyMessages(p.messages, envelope, changes, p.threads);
  applyThreads(p.threads, envelope, changes, p.messages);
  applyFlagged(p.flagged, envelope, changes, p.messages, p.threads);
  applyReading(p.reading, envelope, changes, me, p);
  applyMessageSettings(p.messageSettings, envelope, changes);
  applyTyping(p.typing, envelope, changes);
  applyConnection(p.connection, envelope, changes);
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
  const changes = createChangeSet();
  for (const envelope of envelopes) applyEnvelope(p, envelope, changes);
  return p;
}
