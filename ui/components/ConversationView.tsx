/** The open conversation: its name, the message log, who is typing, and the composer. */
import { useComputed, useSignals } from '@preact/signals-react/runtime';
import { memo, useId } from 'react';
import type { MessageView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { recentMessages } from '../client/view-store';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import { TypingIndicator } from './TypingIndicator';

const NO_MESSAGES: MessageView[] = [];
const NOBODY: readonly string[] = [];

/** Memoized: the shell re-rendering (the connection state, a shortcut's highlight) leaves it alone. */
export const ConversationView = memo(function ConversationView({ address }: { address: string }) {
  useSignals();
  const { store } = usePlaza();
  const headingId = useId();
  // Only this conversation's entry: other channels' changes (a burst elsewhere) do not re-render it.
  const entry = useComputed(() => store.channels.value.get(address)).value;
  // Until the worker has switched, the store still holds the previous conversation: show none of it —
  // but a conversation left a moment ago shows its messages as they were, until the worker's arrive.
  const isOpen = store.conversationAddress.value === address;
  const meta = isOpen ? store.conversationMeta.value : null;
  const messages = isOpen ? store.messages.value : (recentMessages(store, address) ?? NO_MESSAGES);
  // This conversation's typists only: typing elsewhere (a burst) must not re-render the message list.
  const typing = useComputed(() => store.typing.value.get(address) ?? NOBODY).value;

  return (
    <section className="conversation" aria-labelledby={headingId}>
      <header className="conversation-header">
        <h1 id={headingId}>{entry?.name ?? 'Conversation'}</h1>
      </header>
      <MessageList address={address} messages={messages} meta={meta} />
      <TypingIndicator names={typing} />
      <Composer address={address} entry={entry} />
    </section>
  );
});
