/**
 * The event log's vocabulary. Every input the core accepts (socket frame, REST
 * response, user intent, timer tick) becomes one or more of these, appended to
 * the log in an envelope; projections are folds over them.
 *
 * Events are built inside the core from input that was already validated at
 * the edge, so they are plain TypeScript types, not schemas: the log is our own
 * data, stamped with LOG_SCHEMA_VERSION, and a log of another version is
 * discarded and refetched rather than migrated (it is a cache of the server).
 * Events are structured-clone-safe and never carry secrets (tokens, passwords).
 */
import type { Alert, Channel, Message, Reaction, User } from './entities';
import type { PeopleEvent } from './events-people';
import type { SearchEvent } from './events-search';
import type { TeamEvent } from './events-teams';

/** Bump when an event's shape changes; older logs are then dropped and rebuilt from the server. */
export const LOG_SCHEMA_VERSION = 2;

export const SOURCES = ['socket', 'rest', 'intent', 'timer', 'system'] as const;
export type EventSource = (typeof SOURCES)[number];

export const SOCKET_STATES = ['connecting', 'online', 'offline'] as const;
export type SocketState = (typeof SOCKET_STATES)[number];

/** A short notice shown in the toast stack (spec 1 §8 toast texts). */
export interface ToastSpec {
  /** Unique per toast; closing and expiry refer to it. */
  id: string;
  title: string;
  body?: string;
  /** 'promotion' stays 60 s, the rest 5 s (spec 1 §9). */
  kind: 'info' | 'success' | 'error' | 'promotion';
  /** An alert this toast announces, to open it from the toast. */
  alert_guid?: string;
}

export interface Bookmark {
  guid: string;
  created: number;
}

/** Spec 3 §3 local message settings kept by the worker: skin tone (0 default, 1–5) and emoji use counts. */
export interface MessageSettings {
  selected_skin_tone: number;
  /** Base emoji (no skin tone) → how often it was used and when last (epoch ms). */
  emoji_stats: Record<string, { count: number; last: number }>;
}

/** A thread: the conversation it is in and the guid of its first message. */
export interface ThreadRef {
  address: string;
  guid: string;
}

export type DomainEvent =
  /** The user signed in, or a stored session was resumed. */
  | { type: 'session.started'; user: User }
  /** The session ended: signed out, refused by the server (403) or closed by an OUT frame. */
  | { type: 'session.ended'; reason: 'signed-out' | 'unauthorized' | 'server-logout' }
  /** The company directory (users/list). Replaces what was known. */
  | { type: 'users.listed'; users: User[] }
  /** The full channel list (channels/list). Replaces what was known, unread counts included. */
  | { type: 'channels.listed'; channels: Channel[] }
  /** One channel appeared or changed (CHA, conversations/start). */
  | { type: 'channel.upserted'; channel: Channel }
  /** The user lost a channel (CHA remove). */
  | { type: 'channel.removed'; address: string }
  /** A page of history (messages/history); page 0 is the newest. */
  | { type: 'history.loaded'; address: string; page: number; page_size: number; messages: Message[] }
  /** A message arrived (MSG frame or the post response). Idempotent by guid. */
  | { type: 'message.received'; message: Message }
  /** A message was deleted (DEL frame or the user's own deletion). */
  | { type: 'message.deleted'; address: string; guid: string; from_guid?: string; created?: number; reply_to?: string | null }
  /** A message's reactions changed (REA frame, or the react/reaction-delete response): the full list. */
  | { type: 'reactions.changed'; address: string; guid: string; reactions: Reaction[] }
  /** The user added (on) or removed a reaction, applied at once; undone by the opposite event if the server refuses. */
  | { type: 'reaction.toggled'; address: string; guid: string; user_guid: string; content: string; on: boolean }
  /** The user opened a thread panel (null: closed it). */
  | { type: 'thread.opened'; thread: ThreadRef | null }
  /** A whole thread arrived (messages/thread): its first message and its replies, oldest first. */
  | { type: 'thread.loaded'; address: string; parent: Message; replies: Message[] }
  /** The user's flag on a message (0: none); set at once on the user's intent, by a FAV frame, or undone on failure. */
  | { type: 'flag.set'; address: string; guid: string; flag: number }
  /** A page of the user's flagged messages across conversations (history with is_favorites). */
  | { type: 'flagged.loaded'; page: number; page_size: number; messages: Message[] }
  /** The local message settings stored for this user were read at start. */
  | { type: 'message_settings.loaded'; settings: MessageSettings }
  /** The user used an emoji (a reaction, or one inserted from the picker): counts toward the Recent list. */
  | { type: 'emoji.used'; emoji: string }
  /** The user chose a skin tone for emoji (0 default, 1–5). */
  | { type: 'skin_tone.selected'; tone: number }
  /** The user brought a conversation into view (null: none). */
  | { type: 'channel.opened'; address: string | null }
  /** The user has seen a channel up to `bookmark`: unread is set to `unread` (spec 1 §4). */
  | { type: 'channel.viewed'; address: string; unread: number; bookmark: Bookmark | null }
  /** Someone is typing in a channel (TYP frame). Expires 5 s after the envelope time. */
  | { type: 'typing.started'; address: string; user_guid: string; name: string }
  /** The socket's state changed. */
  | { type: 'connection.changed'; state: SocketState }
  /** The latest alerts (last_alerts). Replaces the server's alerts; client-side alerts (1000+) stay. */
  | { type: 'alerts.listed'; alerts: Alert[] }
  /** An alert arrived (ALR frame) or the client raised one of its own (types 1000+). Idempotent by guid. */
  | { type: 'alert.received'; alert: Alert }
  /** Alerts were dismissed: by the user (after the server call), on another device (ALD), or settled. */
  | { type: 'alerts.dismissed'; guids: string[] }
  /** A client-side alert no longer applies (e.g. back online) and is removed. */
  | { type: 'alert.cleared'; guid: string }
  /** A toast appears; it expires by envelope time (5 s, promotions 60 s). */
  | { type: 'toast.shown'; toast: ToastSpec }
  /** The user closed a toast. */
  | { type: 'toast.closed'; id: string }
  /** Time passed; folds expire what is due at the envelope time. */
  | { type: 'clock.ticked' }
  | PeopleEvent
  | SearchEvent
  | TeamEvent;

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Every event travels in an envelope: its place in the log, when it happened, and where it came from. */
export interface Envelope<E extends DomainEvent = DomainEvent> {
  /** 1-based, gapless, strictly increasing position in the log. */
  seq: number;
  /** Epoch ms from the core's injected clock: the only time a fold may read. */
  at: number;
  source: EventSource;
  event: E;
}

/** Exhaustiveness check for switches over event types: a missing case is a compile error. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
