/**
 * Unsent replies to threads of this conversation whose first message was deleted while their panel was not
 * open (the open thread's panel shows its own): shown above the composer when the user comes to the
 * conversation, each to copy or discard. Plaza's choice: the reply waits where it was written rather than
 * moving into the conversation's own draft, where Enter would send it to everyone out of its context.
 * A reply kept before its key named the conversation (a legacy `thread:{guid}` key) shows in any conversation.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { usePlaza } from '../client/core-context';
import { threadDraftsIn } from '../client/drafts';
import { UnsentTexts } from './UnsentReply';
import { useDeletedMessages } from './use-deleted-messages';

export function DeletedThreadReplies({ address, openThread }: { address: string; openThread: string | null }) {
  useSignals();
  const { drafts, store } = usePlaza();
  const candidates = threadDraftsIn(drafts.byAddress.value, address).filter((d) => d.guid !== openThread);
  const asked = [...new Set(candidates.map((d) => d.guid))].sort().join(' ');
  // Only the core knows what was deleted. Asked when the question changes, and again when one of these threads'
  // first messages leaves the messages on show (deleted while the user is here).
  const messages = store.messages.value;
  const onShow = asked === '' ? '' : asked.split(' ').filter((guid) => messages.some((m) => m.guid === guid)).join(' ');
  const deleted = useDeletedMessages(asked, onShow);

  const shown = candidates
    .filter((d) => deleted.has(d.guid))
    .map((d) => ({ key: d.key, explanation: 'A thread you were replying to was deleted. Your unsent reply:', text: d.text }));
  // The last one discarded, the keyboard goes to the conversation's composer.
  return <UnsentTexts items={shown} onDiscard={(key) => drafts.clear(key)} fallback={(list) => list.closest('.conversation')?.querySelector<HTMLElement>('.composer textarea') ?? null} />;
}
