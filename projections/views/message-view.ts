/** A message as the conversation, the thread panel and the flagged view show it. */
import { emojiEntry } from '../../protocol/emoji';
import type { Message, Reaction } from '../../protocol/entities';
import type { MessageView, ReactionView } from '../../protocol/views';
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

/** The view of one message; `previous` decides whether it merges with the one before. */
export function viewOfMessage(message: Message, previous: Message | undefined, viewer: Viewer): MessageView {
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
    continued: isContinuation(previous, message),
    sortKey: messageSortKey(message),
  };
}

/** The view of the message at `index` of a store or thread. */
export function messageView(store: OrderedMessages, index: number, viewer: Viewer): MessageView {
  const message = store.byGuid.get(store.order[index]!)!;
  const previous = index > 0 ? store.byGuid.get(store.order[index - 1]!) : undefined;
  return viewOfMessage(message, previous, viewer);
}
