/**
 * The view types that cross from the worker to the UI. They are what the
 * screens render, already decided: grouping, sort keys, merged authors, safe
 * links and posting rights are computed in the worker, never in React.
 * All of them are structured-clone-safe (epoch ms, no class instances).
 */
import type { Etype, MessagePart } from './entities';
import type { SocketState, ToastSpec } from './events';
import type { AlertBehaviour } from './rules/alerts';

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
  /** Last message preview: at most 250 characters, emoji short codes expanded. */
  preview: string;
  last_message_ts: number | null;
  /** Order within the group; compare as strings. */
  sortKey: string;
  canPost: boolean;
  /** Why the composer is disabled, when canPost is false. */
  postingBlockedReason: string | null;
}

export interface ReactionView {
  content: string;
  count: number;
  mine: boolean;
}

export interface MessageView {
  guid: string;
  address: string;
  created: number;
  from_guid: string;
  author: string;
  isOwn: boolean;
  /** Parts to render as elements; unsafe hyperlinks were already turned into text. */
  parts: MessagePart[];
  reactions: ReactionView[];
  is_urgent: boolean;
  flag: number;
  reply_to: string | null;
  /** Same author as the previous message within 2 hours: rendered without a header (spec 1 §5). */
  continued: boolean;
  /** Order in the conversation; compare as strings. */
  sortKey: string;
}

export interface ConversationMeta {
  address: string;
  /** Every page back to the first message is loaded. */
  isComplete: boolean;
  /** A page is being fetched. */
  loading: boolean;
  /** A failure to show next to the list (e.g. history could not be loaded). */
  error: string | null;
}

export interface UserView {
  guid: string;
  name: string;
  email: string;
  /** Connection status label (spec 1 §4 mapping). */
  status: 'Active' | 'Idle' | 'Offline';
  is_bot: boolean;
}

export interface SessionView {
  status: 'starting' | 'signed-out' | 'signed-in';
  user: { guid: string; name: string; email: string; is_company_admin: boolean } | null;
  /** Why the last session ended, to explain the sign-in page. */
  endedReason: 'signed-out' | 'unauthorized' | 'server-logout' | null;
}

export interface ConnectionView {
  socket: SocketState;
}

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
  /** The conversation a 'go-to' alert leads to, when it names one. */
  address: string | null;
}

export interface ToastView {
  id: string;
  /** At most 30 characters (spec 3 §9). */
  title: string;
  body: string;
  kind: ToastSpec['kind'];
  /** The alert this toast announces, if any. */
  alertGuid: string | null;
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
  alerts?: RecordsDiff<AlertView>;
  /** The whole toast stack (at most 4, newest first) whenever it changed. */
  toasts?: ToastView[];
}
