/** A message as the conversation view shows it. */
import type { Message, Reaction } from '../../protocol/entities';
import type { MessageView, ReactionView } from '../../protocol/views';
import type { MessageStore } from '../messages';
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
    const view = byContent.get(r.content) ?? { content: r.content, count: 0, mine: false };
    view.count++;
    view.mine ||= r.target_user_guid === me;
    byContent.set(r.content, view);
  }
  return [...byContent.values()];
}

export function authorName(m: Pick<Message, 'from_first_name' | 'from_last_name'>): string {
  return `${m.from_first_name} ${m.from_last_name}`.trim() || 'Unknown user';
}

/** The view of the message at `index` of a store. */
export function messageView(store: MessageStore, index: number, me: string | undefined): MessageView {
  const message = store.byGuid.get(store.order[index]!)!;
  const previous = index > 0 ? store.byGuid.get(store.order[index - 1]!) : undefined;
  return {
    guid: message.guid,
    address: message.address,
    created: message.created,
    from_guid: message.from_guid,
    author: authorName(message),
    isOwn: message.from_guid === me,
    parts: safeParts(message.parts),
    reactions: reactionViews(message.reactions, me),
    is_urgent: message.is_urgent,
    flag: message.flag,
    reply_to: message.reply_to,
    file: message.file_guid || message.file_name ? { name: message.file_name ?? 'file', size: message.file_size ?? null, link: message.file_link ?? null } : null,
    continued: isContinuation(previous, message),
    sortKey: messageSortKey(message),
  };
}
