/** A message as the conversation, the thread panel and the flagged view show it. */
import { emojiEntry } from '../../protocol/emoji';
import type { Message, Reaction, User } from '../../protocol/entities';
import type { OutboxEntry } from '../../protocol/outbox';
import type { FileView, MessageView, ReactionView } from '../../protocol/views';
import { safeParts } from './text';

/** Consecutive messages from one author within this window are merged visually (spec 1 §5). */
export const MERGE_WINDOW_MS = 2 * 60 * 60 * 1000;

/** Display order as a string: zero-padded creation time, then guid. */
export function messageSortKey(m: Pick<Message, 'created' | 'guid'>): string {
  return `${String(m.created).padStart(15, '0')}:${m.guid}`;
}

export function isContinuation(previous: Message | undefined, message: Message): boolean {
  return previous !== undefined && previous.from_guid === message.from_guid && message.created - previous.created <= MERGE_WINDOW_MS;
}

function reactionViews(reactions: readonly Reaction[], me: string | undefined): ReactionView[] {
  const byContent = new Map<string, ReactionView>();
  for (const r of reactions) {
    let view = byContent.get(r.content);
    if (!view) byContent.set(r.content, (view = { content: r.content, count: 0, mine: false, users: [], name: emojiEntry(r.content)?.name ?? r.content }));
    if (view.users.includes(r.target_user_guid)) continue;
    view.count++;
    view.users.push(r.target_user_guid);
    view.mine ||= r.target_user_guid === me;
  }
  return [...byContent.values()];
}

/** The file a message shares (spec 1 §3 file fields), if it shares one. */
export function fileView(message: Message): FileView | null {
  if (!message.file_guid && !message.file_name) return null;
  return { name: message.file_name ?? 'file', size: message.file_size ?? null, link: message.file_link ?? null };
}

export function authorName(m: Pick<Message, 'from_first_name' | 'from_last_name'>): string {
  return `${m.from_first_name} ${m.from_last_name}`.trim() || 'Unknown user';
}

/** Who is looking: the signed-in user, and whether they moderate this conversation (channel or company admin). */
export interface Viewer {
  me: string | undefined;
  moderates: boolean;
}

/** Messages in display order, as a store or a thread holds them. */
export interface OrderedMessages {
  byGuid: ReadonlyMap<string, Message>;
  order: readonly string[];
}

/** Unsent posts sort after every message the server has, in queue order. */
export function pendingSortKey(entry: Pick<OutboxEntry, 'queuedAt' | 'id'>): string {
  return `~${String(entry.queuedAt).padStart(15, '0')}:${entry.id}`;
}

/**
 * The view of one message; `previous` decides whether it merges with the one before; `deletion`
 * is a deletion of it still in the outbox (waiting, or refused).
 */
export function viewOfMessage(message: Message, previous: Message | undefined, viewer: Viewer, deletion?: OutboxEntry<'delete'>): MessageView {
  const isOwn = message.from_guid === viewer.me;
  return {
    guid: message.guid,
    address: message.address,
    created: message.created,
    from_guid: message.from_guid,
    author: authorName(message),
    isOwn,
    parts: safeParts(message.parts),
    reactions: reactionViews(message.reactions, viewer.me),
    is_urgent: message.is_urgent,
    flag: message.flag,
    reply_to: message.reply_to,
    reply_count: message.reply_count,
    last_reply_ts: message.last_reply_ts,
    canDelete: isOwn || viewer.moderates,
    file: fileView(message),
    continued: isContinuation(previous, message),
    sortKey: messageSortKey(message),
    delivery: 'sent',
    deleting: deletion?.state === 'pending',
    error: deletion?.error ?? null,
    outboxId: deletion?.id ?? null,
  };
}

/** The view of the message at `index` of a store or thread. */
export function messageView(store: OrderedMessages, index: number, viewer: Viewer, deletion?: OutboxEntry<'delete'>): MessageView {
  const message = store.byGuid.get(store.order[index]!)!;
  const previous = index > 0 ? store.byGuid.get(store.order[index - 1]!) : undefined;
  return viewOfMessage(message, previous, viewer, deletion);
}

/**
 * An unsent post of the user's, shown where it will appear: after the messages the server
 * has, merged with the message before it like any other (spec 1 §5).
 */
export function pendingPostView(entry: OutboxEntry<'post'>, me: User | null, previous: Pick<Message, 'from_guid' | 'created'> | undefined): MessageView {
  const from_guid = me?.target_user_guid ?? '';
  return {
    guid: entry.id,
    address: entry.address,
    created: entry.queuedAt,
    from_guid,
    author: me ? authorName({ from_first_name: me.first_name, from_last_name: me.last_name }) : 'You',
    isOwn: true,
    parts: safeParts(entry.payload.parts),
    reactions: [],
    is_urgent: entry.payload.is_urgent,
    flag: 0,
    reply_to: entry.payload.reply_to,
    file: null,
    reply_count: 0,
    last_reply_ts: null,
    // Not the server's yet: nothing to delete there (a refused one is discarded instead).
    canDelete: false,
    continued: previous !== undefined && previous.from_guid === from_guid && entry.queuedAt - previous.created <= MERGE_WINDOW_MS,
    sortKey: pendingSortKey(entry),
    delivery: entry.state === 'failed' ? 'failed' : 'sending',
    deleting: false,
    error: entry.error,
    outboxId: entry.id,
  };
}
