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
import type { OutboxEntry } from './outbox';
import type { Mute, NotificationSettings } from './rules/notifications';
import type { PeopleEvent } from './events-people';
import type { SearchEvent } from './events-search';
import type { TeamEvent } from './events-teams';

/**
 * Bump when an event's or a snapshot's shape changes; older logs are then dropped and rebuilt from
 * the server. 2: projection snapshots (log.snapshot), unread mentions, preferences, message eviction.
 */
export const LOG_SCHEMA_VERSION = 2;

export const SOURCES = ['socket', 'rest', 'intent', 'timer', 'system'] as const;
export type EventSource = (typeof SOURCES)[number];

export const SOCKET_STATES = ['connecting', 'online', 'offline'] as const;
export type SocketState = (typeof SOCKET_STATES)[number];

/** The sidebar's local settings (spec 3 §3 local message settings `sidebar {tab, sort, show_last}`). */
export const SIDEBAR_TABS = ['all', 'unread'] as const;
export type SidebarTab = (typeof SIDEBAR_TABS)[number];
export const SIDEBAR_SORTS = ['az', 'recent'] as const;
export type SidebarSort = (typeof SIDEBAR_SORTS)[number];

/**
 * A snapshot of every projection at `seq`, as plain JSON-safe data (projections/snapshot.ts builds and
 * reads it; its shape is the projections' own business, versioned by `v` and LOG_SCHEMA_VERSION).
 */
export interface SnapshotPayload {
  v: number;
  data: unknown;
}

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
  /** A conversation this toast is about (a new message), to open it from the toast. */
  address?: string;
}

/** A modal notice with an Ok button (spec 1 §2: the 'Bot Error' popover). */
export interface PopoverSpec {
  /** Unique per popover; closing refers to it. */
  id: string;
  title: string;
  body: string;
  kind: 'error' | 'info';
}

/** A pending two-factor reset request (spec 1 §4, §6). */
export interface MfaResetEntry {
  target_user_guid: string;
  name: string;
  requested: number;
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
  | { type: 'message.deleted'; address: string; guid: string; from_guid?: string; created?: number; reply_to?: string | null; change_seq?: number }
  /** A message's reactions changed (REA frame, or the react/reaction-delete response): the full list. */
  | { type: 'reactions.changed'; address: string; guid: string; reactions: Reaction[]; change_seq?: number }
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
  /** The notification settings and the user's mutes (notifications/global). Replaces what was known. */
  | { type: 'notification-settings.loaded'; settings: NotificationSettings; mutes: Mute[] }
  /** Channels' notifications were turned on or off (notifications/channel, notifications/channels). */
  | { type: 'channel-notifications.changed'; channels: { address: string; channel_on: boolean }[] }
  /** A mute changed (notifications/mute): a channel's, or the global one (`address` null). */
  | { type: 'mute.changed'; mute: Mute }
  /** The page became seen (visible and focused) or not: the badge's idle star, sounds for the open conversation. */
  | { type: 'attention.changed'; attentive: boolean }
  /** What the UI runs on: sounds are muted on mobile (spec 1 §9). */
  | { type: 'device.described'; mobile: boolean }
  /** The pending two-factor reset requests the user may see (totp/admin_reset_requests). Replaces what was known. */
  | { type: 'mfa-resets.listed'; requests: MfaResetEntry[] }
  /** A pending two-factor reset request was cancelled (CAN frame). */
  | { type: 'mfa-reset.cancelled'; target_user_guid: string }
  /** The server's and the latest release's versions (env_data), compared with this client's. */
  | { type: 'version.checked'; client_version: string; server_version: string; latest_release: string }
  /** A popover appears (e.g. 'Bot Error'); it stays until closed. */
  | { type: 'popover.shown'; popover: PopoverSpec }
  /** The user closed a popover (Ok). */
  | { type: 'popover.closed'; id: string }
  /** Time passed; folds expire what is due at the envelope time. */
  | { type: 'clock.ticked' }
  /**
   * Every projection as it was at this envelope's seq: the log's prefix up to here was compacted into
   * it. Folding it replaces all state, so a log that starts with one folds like the full log did.
   */
  | { type: 'log.snapshot'; snapshot: SnapshotPayload }
  /** Cached messages of these channels were dropped to bound memory; opening one fetches its history again. */
  | { type: 'messages.evicted'; addresses: string[] }
  /** The UI settings stored on the server (spec 3 §3 settings_json msg_sorting): show_last per sort (null: all). */
  | { type: 'ui-settings.changed'; msg_sorting: { az: { show_last: number | null }; recent: { show_last: number | null } } }
  /** The user changed the sidebar's tab (all or unread only) or sort (a–z or recent). Stored in the user's log. */
  | { type: 'sidebar.changed'; tab?: SidebarTab; sort?: SidebarSort }
  /** The user closed (collapsed) or opened one of their folders in the sidebar. Stored in the user's log, like the tab and sort. */
  | { type: 'sidebar.folder_collapsed'; guid: string; collapsed: boolean }
  /** The clock jumped (sleep, clock change) by `by` ms more than the check period: a resync is due (spec 1 §4). */
  | { type: 'clock.jumped'; by: number }
  /** Catch-up applied every message change up to `cursor` (messages/changes; docs/protocol.md "Exact catch-up"). */
  | { type: 'sync.advanced'; cursor: number }
  /** Too far behind to catch up change by change: message stores are dropped (refetched when opened), the cursor starts at `cursor`. */
  | { type: 'messages.reset'; cursor: number }
  /** A catch-up finished: messages, channel list and directory agree with the server. Clears the resync flag. */
  | { type: 'sync.completed' }
  /** The server answered 418: the account must be confirmed first (spec 1 §8: the landing page). */
  | { type: 'session.unconfirmed' }
  /** A secure call succeeded again after a 418. */
  | { type: 'session.confirmed' }
  /** A mutation was queued in the outbox (stored before it is sent). */
  | { type: 'outbox.queued'; entry: OutboxEntry }
  /** The server refused an outbox entry (4xx): it stays, failed, until retried or discarded. */
  | { type: 'outbox.failed'; id: string; error: string }
  /** The user asked to send a failed entry again. */
  | { type: 'outbox.retried'; id: string }
  /** An entry left the outbox: delivered, discarded by the user, refused without keeping, or superseded by a newer one. */
  | { type: 'outbox.removed'; id: string; reason: 'sent' | 'discarded' | 'refused' | 'superseded' }
  /** At start: the stored outbox, merged with what the log held (an entry in either is kept; delivery is idempotent). */
  | { type: 'outbox.restored'; entries: OutboxEntry[] }
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
