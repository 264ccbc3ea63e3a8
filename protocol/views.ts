/**
 * The view types that cross from the worker to the UI. They are what the
 * screens render, already decided: grouping, sort keys, merged authors, safe
 * links and posting rights are computed in the worker, never in React.
 * All of them are structured-clone-safe (epoch ms, no class instances).
 */
import type { Etype, MessagePart } from './entities';
import type { SidebarSort, SidebarTab, SocketState, ToastSpec } from './events';
import type { AlertAction, AlertBehaviour } from './rules/alerts';
import type { MuteKind, NotificationSettings, SoundKind } from './rules/notifications';
import type { CustomStatusView, PeopleView, PresenceLabel, UserDetailsView } from './views-people';
import type { SearchView } from './views-search';
import type { FolderView, TeamDirectoryView, TeamFacts, TeamMembersView } from './views-teams';

export type { FolderView, InviteView, TeamDirectoryView, TeamFacts, TeamMemberView, TeamMembersView, TeamSummaryView } from './views-teams';

/** Sidebar groups, in the order the sidebar shows them. */
export const CHANNEL_GROUPS = ['company', 'announcement', 'team', 'department', 'direct', 'task'] as const;
export type ChannelGroup = (typeof CHANNEL_GROUPS)[number];
export const CHANNEL_GROUP_LABELS: Record<ChannelGroup, string> = {
  company: 'Company',
  announcement: 'Announcements',
  team: 'Teams',
  department: 'Departments',
  direct: 'Direct messages',
  task: 'Tasks',
};

export interface ChannelEntryView {
  address: string;
  name: string;
  group: ChannelGroup;
  etype: Etype;
  is_external: boolean;
  is_private: boolean;
  unread: number;
  /** Unread messages that mention the user (or everyone): "mentions first". */
  mentions: number;
  /** Last message preview: at most 250 characters, emoji short codes expanded. */
  preview: string;
  last_message_ts: number | null;
  /** Order within the group; compare as strings. */
  sortKey: string;
  canPost: boolean;
  /** Why the composer is disabled, when canPost is false. */
  postingBlockedReason: string | null;
  /** For a direct message: the other person (presence and status are shown by their UserView). */
  target_user_guid: string | null;
  /** The folder the sidebar shows it in (a folder the user has), or null: shown in its group. */
  folder: string | null;
  /** What the user may do with it as a team or department; null for other kinds. */
  team: TeamFacts | null;
}

export interface ReactionView {
  content: string;
  count: number;
  mine: boolean;
  /** Who reacted, in the order they did (user guids; the signed-in user's too). */
  users: string[];
  /** Spoken name of the emoji ("thumbs up"), or the content itself when unknown. */
  name: string;
}

/**
 * A part as rendered: a video conference carries its access code already
 * grouped 3-3-rest (spec 1 §5); text has emoji short codes expanded; unsafe
 * links are text.
 */
export type MessagePartView = Exclude<MessagePart, { type: 'video_conference' }> | { type: 'video_conference'; token: string; access_code: string };

/** A file a message shares: its name, its size in bytes and its link, as far as the message says. */
export interface FileView {
  name: string;
  size: number | null;
  link: string | null;
}

export interface MessageView {
  guid: string;
  address: string;
  created: number;
  from_guid: string;
  author: string;
  isOwn: boolean;
  /** Parts to render as elements; unsafe hyperlinks were already turned into text. */
  parts: MessagePartView[];
  reactions: ReactionView[];
  is_urgent: boolean;
  /** The signed-in user's flag: 0 none, 1–12 a colour (protocol/flags.ts). */
  flag: number;
  reply_to: string | null;
  /** Replies in this message's thread, and when the last was posted (0 and null: no thread). */
  reply_count: number;
  last_reply_ts: number | null;
  /** The author, a channel admin or a company admin may delete it (the server decides the same way). */
  canDelete: boolean;
  /** A shared file, when the message carries one (spec 1 §3 file fields). */
  file: FileView | null;
  /** Same author as the previous message within 2 hours: rendered without a header (spec 1 §5). */
  continued: boolean;
  /** Order in the conversation; compare as strings. */
  sortKey: string;
  /**
   * 'sent': the server has it. The user's own posts not yet confirmed are 'sending' (queued, in
   * flight or retried while offline) or 'failed' (refused by the server: Retry or Delete).
   */
  delivery: 'sent' | 'sending' | 'failed';
  /** A deletion of this message waits to be confirmed by the server. */
  deleting: boolean;
  /** Why the post, or the deletion of this message, was refused. */
  error: string | null;
  /** The outbox entry behind 'sending'/'failed'/`deleting`/`error`, to retry or discard. */
  outboxId: string | null;
}

export interface ConversationMeta {
  address: string;
  /** Every page back to the first message is loaded. */
  isComplete: boolean;
  /** A page is being fetched. */
  loading: boolean;
  /** A failure to show next to the list (e.g. history could not be loaded). */
  error: string | null;
  /**
   * Where the "New messages" divider goes: before message `guid`, the first of `count` unread
   * when the conversation was opened. Kept while it stays open; null when nothing was unread.
   */
  newMessages: { guid: string; count: number } | null;
  /**
   * Set while the conversation shows the messages around a search hit instead
   * of its newest pages: the hit to scroll to and highlight, and whether more
   * messages exist on either side of the window.
   */
  context: { anchor: string; hasBefore: boolean; hasAfter: boolean } | null;
}

/** The open thread's state. */
export interface ThreadMeta {
  address: string;
  guid: string;
  loading: boolean;
  error: string | null;
  /** The thread's first message was deleted (or is not there): nothing to show. */
  gone: boolean;
}

/** A flagged message in the "Flagged messages" view: where it is, besides the message. */
export interface FlaggedMessageView extends MessageView {
  channelName: string;
}

export interface FlaggedMeta {
  /** The first page has arrived. */
  loaded: boolean;
  loading: boolean;
  isComplete: boolean;
  error: string | null;
}

/** The emoji picker's state (spec 3 §3 local message settings). */
export interface MessageSettingsView {
  /** 0 default, 1–5 (protocol/emoji.ts SKIN_TONES). */
  skinTone: number;
  /** The Recent list: the top 36 emoji by use count, in the chosen skin tone. */
  recent: string[];
}

export interface UserView {
  guid: string;
  name: string;
  email: string;
  /** Connection status label (spec 1 §4 mapping), 'Blocked' for a blocked user. */
  status: PresenceLabel;
  /** The selected custom status, shown instead of the automatic status; null when automatic or unknown. */
  customStatus: CustomStatusView | null;
  is_bot: boolean;
  /** Belongs to another company (a connection, or the other person of a direct message). */
  is_external: boolean;
  /** Profile details, once loaded (users/details). */
  details: UserDetailsView | null;
}

export interface SessionView {
  status: 'starting' | 'signed-out' | 'signed-in';
  user: { guid: string; name: string; email: string; is_company_admin: boolean } | null;
  /** Why the last session ended, to explain the sign-in page. */
  endedReason: 'signed-out' | 'unauthorized' | 'server-logout' | null;
  /** The server answered 418: the UI goes to the corporate landing page (spec 1 §8). */
  unconfirmed: boolean;
}

export interface ConnectionView {
  socket: SocketState;
  /**
   * The app shell's delayed-reload flag (spec 1 §2, §4), as a resync: after a long outage or a
   * time jump the core catches up instead of reloading the page; true until that has completed.
   */
  resyncing: boolean;
  /** Mutations waiting in the outbox (unsent posts, deletions, bookmarks), failed ones excluded. */
  unsent: number;
}

/** The sidebar's preferences (spec 3 §3): tab, sort, and show_last per sort (null: all conversations); and the folders collapsed. */
export interface PreferencesView {
  tab: SidebarTab;
  sort: SidebarSort;
  showLast: { az: number | null; recent: number | null };
  /** The guids of the folders the user collapsed, on this device (projections/preferences.ts). Absent: none (and in a sidebar cache written before it existed). */
  collapsedFolders?: string[];
}

/** One row of the quick switcher, best match first. `matches` are the matched character positions in `name`. */
export type QuickSwitchItem =
  | { kind: 'conversation'; address: string; name: string; group: ChannelGroup; unread: number; mentions: number; matches: number[] }
  | { kind: 'person'; user_guid: string; name: string; email: string; matches: number[] };

export interface AlertView {
  guid: string;
  type: number;
  typeName: string;
  message: string;
  /** Epoch ms. */
  created: number;
  dismissed: boolean;
  /** What the user can do with it (spec 1 §9). */
  behaviour: AlertBehaviour;
  /** The conversation a 'go-to' alert leads to, when it names one (or the team it names). */
  address: string | null;
  /** The main button besides Dismiss ($runAlertAction), or null. */
  action: AlertAction | null;
  /** A two-factor reset request (16) that was cancelled (CAN): only Dismiss remains. */
  cancelled: boolean;
  /** 'error' for the error-refresh alert (1003). */
  tone: 'normal' | 'error';
}

/** Which mute is on and until when (epoch ms; null for always or none). */
export interface MuteView {
  kind: MuteKind | null;
  until: number | null;
}

/** A channel's notification state; only channels that differ from the default (on, not muted) are sent. */
export interface ChannelNotifyView {
  address: string;
  channel_on: boolean;
  mute: MuteView;
}

/** The unread badge (spec 3 §4.3): the title text and the icon's count. */
export interface BadgeView {
  /** Unread messages outside muted channels, plus unread email when enabled. */
  count: number;
  /** The icon's text: '' for none, '99+' above 99. */
  label: string;
  /** "(N) Plaza", with " *" while idle with unread messages. */
  title: string;
}

export interface NotificationsView {
  settings: NotificationSettings;
  /** The global mute ("Pause notifications"), which also mutes sounds. */
  pause: MuteView;
  badge: BadgeView;
}

/** A sound the UI should play now: a new `id` means play `kind` once. */
export interface SoundView {
  id: number;
  kind: SoundKind;
}

export interface PopoverView {
  id: string;
  title: string;
  body: string;
  kind: 'error' | 'info';
}

/** A pending two-factor reset request, for the admins' list and the person's own settings. */
export interface MfaResetView {
  target_user_guid: string;
  name: string;
  /** Epoch ms. */
  requested: number;
  /** Cancelled (CAN); it stays listed until its alert is dismissed (spec 1 §4). */
  cancelled: boolean;
  /** The signed-in user's own request. */
  own: boolean;
}

export interface ToastView {
  id: string;
  /** At most 30 characters (spec 3 §9). */
  title: string;
  body: string;
  kind: ToastSpec['kind'];
  /** The alert this toast announces, if any. */
  alertGuid: string | null;
  /** The conversation this toast is about (a new message), if any. */
  address: string | null;
}

/** Added/updated records by key, and removed keys (tldraw's RecordsDiff, minus history). */
export interface RecordsDiff<R> {
  put: R[];
  remove: string[];
}

/**
 * One coalesced update from the worker. The first patch a subscriber gets has
 * `reset: true` and carries everything; later ones carry only what changed.
 */
export interface ViewPatch {
  seq: number;
  reset: boolean;
  session?: SessionView;
  connection?: ConnectionView;
  channels?: RecordsDiff<ChannelEntryView>;
  /**
   * Whether more sidebar entries are on their way: a change to thousands (a new channel list, mark all read) is
   * spread over frames. Sent when it changes. While true, an address missing from `channels` may yet come, so
   * the UI must not take its absence for a conversation no longer available.
   */
  channelsPending?: boolean;
  users?: RecordsDiff<UserView>;
  /** The open conversation. `reset` replaces its messages (another channel was opened). */
  conversation?: {
    address: string | null;
    reset: boolean;
    meta: ConversationMeta | null;
    messages: RecordsDiff<MessageView>;
  };
  /** Names typing, per channel address; only changed channels appear, [] clears. */
  typing?: Record<string, string[]>;
  /** The open thread panel. `reset` replaces its replies (another thread was opened, or it closed). */
  thread?: {
    reset: boolean;
    meta: ThreadMeta | null;
    parent: MessageView | null;
    replies: RecordsDiff<MessageView>;
  };
  /** The "Flagged messages" view, newest message first by sortKey. */
  flagged?: { reset: boolean; meta: FlaggedMeta; messages: RecordsDiff<FlaggedMessageView> };
  messageSettings?: MessageSettingsView;
  /** Own status and statuses, directory search, connections, the bot's error: the whole view when it changed. */
  people?: PeopleView;
  /** In-channel and global search: the whole view when it changed. */
  search?: SearchView;
  alerts?: RecordsDiff<AlertView>;
  /** The whole toast stack (at most 4, newest first) whenever it changed. */
  toasts?: ToastView[];
  notifications?: NotificationsView;
  /** Per-channel notification states that differ from the default; a removed address is back to the default. */
  channelNotify?: RecordsDiff<ChannelNotifyView>;
  /** The latest sound decided by the worker (null: none yet). */
  sound?: SoundView | null;
  /** The popover on top (null: none). */
  popover?: PopoverView | null;
  /** Pending two-factor reset requests, whole, whenever they changed. */
  mfaResets?: MfaResetView[];
  folders?: RecordsDiff<FolderView>;
  /** The "Browse teams" directory, whole, whenever it changed. */
  teamDirectory?: TeamDirectoryView;
  /** Members panels by channel address, whole per team; null: that team's panel data is gone. */
  teamMembers?: Record<string, TeamMembersView | null>;
  preferences?: PreferencesView;
  /**
   * The sidebar as a cold start found it stored (core-worker/view-cache.ts), as the JSON text it is kept in:
   * `{ session, preferences, channels }`, standing for those three fields (the channels as `put`). Only in
   * the first snapshot of a cold start, before the log is read. Kept as text from IndexedDB to the page — a
   * heavy user's ~4,000 entries cost ~10 ms to deserialize at each of the two hops, and the page parses the
   * text in less than one (expandCachedViews).
   */
  cachedViews?: string;
  /**
   * Timing of this patch, for measuring (benchmarks, diagnostics), never for display: wall-clock epoch
   * ms (fractional) when it was sent and when the first change it carries was folded, and its size in
   * JSON characters (measured before `perf` was added). Absent when the core has no wall clock.
   */
  perf?: { sentAt: number; since: number; bytes: number };
}

/**
 * A patch with its `cachedViews` read into the fields they stand for; any other patch as it is. Text that is
 * not the cache's JSON (a damaged record) is left out, and `dropped` says why: the page then shows the
 * session starting until the real snapshot, a moment later.
 */
export function expandCachedViews(patch: ViewPatch): { patch: ViewPatch; dropped?: string } {
  if (patch.cachedViews === undefined) return { patch };
  const { cachedViews, ...rest } = patch;
  let views: unknown;
  try {
    views = JSON.parse(cachedViews);
  } catch (error) {
    return { patch: rest, dropped: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const { session, preferences, channels } = (typeof views === 'object' && views !== null ? views : {}) as Partial<Record<'session' | 'preferences' | 'channels', unknown>>;
  const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(session) || typeof (session as { status?: unknown }).status !== 'string' || !isObject(preferences) || !Array.isArray(channels) || !channels.every(isObject)) {
    return { patch: rest, dropped: 'not a sidebar cache ({ session, preferences, channels })' };
  }
  return { patch: { ...rest, session: session as SessionView, preferences: preferences as PreferencesView, channels: { put: channels as ChannelEntryView[], remove: [] } } };
}
