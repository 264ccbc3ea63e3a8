/**
 * All projections together, and the one fold that drives them. Order matters:
 * `unread` and `channels` read the message store as it was before the event,
 * so they run before `messages`.
 */
import type { Envelope } from '../protocol/events';
import { applyAlerts, cloneAlerts, createAlerts, type AlertsState } from './alerts';
import { applyChannels, cloneChannels, createChannels, type ChannelsState } from './channels';
import { createChangeSet, type ChangeSet } from './changes';
import { applyConnection, cloneConnection, createConnection, type ConnectionState } from './connection';
import { applyMessages, cloneStore, createMessages, type MessageStore, type MessagesState } from './messages';
import { applySession, cloneSession, createSession, type SessionState } from './session';
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
  alerts: AlertsState;
  toasts: ToastsState;
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
    alerts: createAlerts(),
    toasts: createToasts(),
    seq: 0,
  };
}

/**
 * A copy of the projections later folds cannot change. With `shareStores`, message stores are
 * shared, not copied: the caller must replace a store with `cloneStore` before folding an event that
 * `storesWrittenBy` names (copy-on-write; core-worker/debug/timeline.ts).
 */
export function cloneProjections(p: Projections, options: { shareStores?: boolean } = {}): Projections {
  const byAddress = new Map<string, MessageStore>();
  for (const [address, store] of p.messages.byAddress) byAddress.set(address, options.shareStores ? store : cloneStore(store));
  return {
    session: cloneSession(p.session),
    channels: cloneChannels(p.channels),
    unread: cloneUnread(p.unread),
    messages: { byAddress },
    typing: cloneTyping(p.typing),
    connection: cloneConnection(p.connection),
    alerts: cloneAlerts(p.alerts),
    toasts: cloneToasts(p.toasts),
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
  applyMessages(p.messages, envelope, changes);
  applyTyping(p.typing, envelope, changes);
  applyConnection(p.connection, envelope, changes);
  applyAlerts(p.alerts, envelope, changes);
  applyToasts(p.toasts, envelope, changes);
  p.seq = envelope.seq;
}

/** The from-scratch path: a fresh state folded from a whole log. */
export function foldAll(envelopes: Iterable<Envelope>): Projections {
  const p = createProjections();
  const changes = createChangeSet();
  for (const envelope of envelopes) applyEnvelope(p, envelope, changes);
  return p;
}
