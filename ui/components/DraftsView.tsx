/**
 * "Drafts": every text the user typed and has not sent — conversations' drafts and threads' replies, including
 * those of conversations no longer available and of deleted threads — most recently edited first, each with
 * where it was typed, to open there, copy or discard (UnsentTexts). So nothing typed is lost from sight, even
 * where the user never goes back.
 *
 * Plaza's choices where the spec says nothing: Open goes to the conversation, or to the thread when it is still
 * there, and puts the keyboard in that composer after the text; a reply whose thread was deleted opens its
 * conversation, where it is shown above the composer (DeletedThreadReplies). A draft of a conversation no longer
 * available, or a reply kept before its key named its conversation ("Unknown conversation"), has no Open: there
 * is nowhere to go on typing it. Discard is at once, as on a conversation's page.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import { usePlaza } from '../client/core-context';
import { listDrafts } from '../client/drafts-list';
import { conversationPath, threadPath } from '../client/router';
import { formatMessageTime } from './format-time';
import { UnsentTexts, type UnsentText } from './UnsentReply';
import { useDeletedMessages } from './use-deleted-messages';

/** How a draft's conversation is named once the channel list no longer has it (left, deleted, blocked). */
export const GONE_CONVERSATION_NAME = 'A conversation no longer available to you';

export function DraftsView() {
  useSignals();
  const { store, drafts, router } = usePlaza();
  const headingId = useId();
  const channels = store.channels.value;
  // As ConversationView: an empty channel list is one not loaded yet, and one still arriving may yet name it; neither is one the conversation left.
  const known = channels.size > 0 && !store.channelsPending.value;
  const nameOf = (address: string): string => channels.get(address)?.name ?? (known ? GONE_CONVERSATION_NAME : 'Conversation');
  const available = (address: string | null): address is string => address !== null && (!known || channels.has(address));
  const entries = listDrafts(drafts.byAddress.value, drafts.editedAt.value, nameOf);

  // Which threads were deleted only the core knows (its tombstones); until it answers, a thread counts as there
  // (opened, a deleted one says so and shows the reply, ThreadPanel.tsx).
  const asked = [...new Set(entries.flatMap((d) => (d.thread !== null && available(d.address) ? [d.thread] : [])))].sort().join(' ');
  const deleted = useDeletedMessages(asked);

  const items: UnsentText[] = entries.map((d) => {
    const where = d.address === null ? 'Unknown conversation' : nameOf(d.address);
    const threadGone = d.thread !== null && deleted.has(d.thread);
    const explanation = d.thread === null ? where : `${where}, reply in ${threadGone ? 'a deleted thread' : 'a thread'}`;
    const time = d.editedAt === null ? null : formatMessageTime(d.editedAt);
    const open = (): void => {
      if (!available(d.address)) return;
      const inThread = d.thread !== null && !threadGone;
      // The composer that shows the text takes the keyboard (Composer.tsx); a deleted thread's reply shows above the conversation's.
      drafts.resume(inThread ? d.key : d.address);
      router.navigate(inThread ? threadPath(d.address, d.thread!) : conversationPath(d.address));
    };
    return {
      key: d.key,
      explanation,
      text: d.text,
      ...(time && {
        detail: (
          <p className="hint">
            Edited{' '}
            <time dateTime={time.iso} title={time.full}>
              {time.label}
            </time>
          </p>
        ),
      }),
      ...(available(d.address) && { onOpen: open }),
    };
  });

  return (
    <section className="drafts" aria-labelledby={headingId}>
      <header className="conversation-header">
        <h1 id={headingId}>Drafts</h1>
      </header>
      <div className="drafts-scroller">
        {entries.length === 0 ? (
          <p className="empty drafts-empty" tabIndex={-1}>
            No drafts. What you type and do not send is kept here until you send or discard it.
          </p>
        ) : (
          <p className="hint drafts-hint">What you typed and have not sent, most recently edited first.</p>
        )}
        {/* The last one discarded, the keyboard goes to the empty state's text. */}
        <UnsentTexts
          items={items}
          shorten
          onDiscard={(key) => drafts.clear(key)}
          fallback={(list) => list.closest('.drafts')?.querySelector<HTMLElement>('.drafts-empty') ?? null}
        />
      </div>
    </section>
  );
}
