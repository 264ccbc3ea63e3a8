/** The open conversation: its name, the message log, who is typing, the composer, and the open thread beside it. */
import { useComputed, useSignals } from '@preact/signals-react/runtime';
import { memo, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { MessageView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { threadDraftsIn } from '../client/drafts';
import { recentMessages } from '../client/view-store';
import { ChannelNotifyMenu } from './ChannelNotifyMenu';
import { ChannelSearchPanel } from './ChannelSearchPanel';
import { Composer } from './Composer';
import { DeletedThreadReplies } from './DeletedThreadReplies';
import { MessageList } from './MessageList';
import { StatusBadge } from './StatusBadge';
import { TeamActions } from './TeamActions';
import { ThreadPanel } from './ThreadPanel';
import { TypingIndicator } from './TypingIndicator';
import { UnsentTexts, type UnsentText } from './UnsentReply';

const NO_MESSAGES: MessageView[] = [];
const NOBODY: readonly string[] = [];

/** Memoized: the shell re-rendering (the connection state, a shortcut's highlight) leaves it alone. */
export const ConversationView = memo(function ConversationView({ address, thread = null }: { address: string; thread?: string | null }) {
  useSignals();
  const { store, core } = usePlaza();
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
  // A direct message shows the other person's status (spec 3 §4.1).
  const peer = entry?.target_user_guid ? store.usersByGuid.value.get(entry.target_user_guid) : undefined;
  const [searching, setSearching] = useState(store.search.value.channel?.address === address);
  /** The search panel is open because the conversation's search was kept, not because the user opened it now. */
  const [searchRestored, setSearchRestored] = useState(searching);
  // Read through a computed: the size of the channel map must not re-render this view on every sidebar change.
  // Not while the list is empty (not loaded yet) or still arriving (thousands of entries spread over frames).
  const gone = useComputed(() => !store.channels.value.has(address) && store.channels.value.size > 0 && !store.channelsPending.value).value;
  // Gone while open — removed from the team, the team deleted, blocked — the composer (or whatever had the
  // keyboard) went with it and the browser left the focus on the document: it goes to the notice saying why.
  const goneRef = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (gone && (active === null || active === document.body)) goneRef.current?.focus();
  }, [gone]);

  // The route says which thread is open; the worker loads it (null closes it).
  useEffect(() => {
    if (thread !== null || store.threadMeta.peek() !== null) void core.$openThread(address, thread);
  }, [core, store, address, thread]);

  return (
    <div className={thread ? 'conversation-with-thread' : 'conversation-only'}>
      <section className="conversation" aria-labelledby={headingId}>
        <header className="conversation-header">
          <h1 id={headingId}>{entry?.name ?? 'Conversation'}</h1>
          {peer && <StatusBadge status={peer.status} customStatus={peer.customStatus} />}
          {entry?.team && <TeamActions entry={entry} />}
          {!gone && (
            <button
              type="button"
              className="search-toggle"
              aria-expanded={searching}
              onClick={() => {
                setSearchRestored(false);
                setSearching((v) => !v);
              }}
            >
              Search in conversation
            </button>
          )}
          {!gone && <ChannelNotifyMenu address={address} />}
        </header>
        {/* Left, deleted, or blocked from its company: the channel list no longer has it, so nothing more is loaded. */}
        {gone ? (
          <>
            <p ref={goneRef} role="status" className="notice gone-notice" tabIndex={-1}>
              This conversation is no longer available to you.
            </p>
            <UnsentHere address={address} />
          </>
        ) : (
          <>
            {searching && <ChannelSearchPanel address={address} focusOnOpen={!searchRestored} onClose={() => setSearching(false)} />}
            <MessageList address={address} messages={messages} meta={meta} />
            <TypingIndicator names={typing} />
            <DeletedThreadReplies address={address} openThread={thread} />
            <Composer address={address} entry={entry} />
          </>
        )}
      </section>
      {thread && !gone && <ThreadPanel key={thread} address={address} guid={thread} entry={entry} />}
    </div>
  );
});

/**
 * What the user had typed in a conversation no longer available to them (left, deleted, blocked from its
 * company): its unsent message and its threads' unsent replies, each to copy or discard. The drafts stay stored
 * until the user discards them — the app never drops typed text — and this page, where the conversation's
 * link still leads, and the Drafts page (DraftsView.tsx) are where they can be reached.
 */
function UnsentHere({ address }: { address: string }) {
  useSignals();
  const { drafts } = usePlaza();
  const all = drafts.byAddress.value;
  const own = all[address];
  const items: UnsentText[] = own === undefined ? [] : [{ key: address, explanation: 'Your unsent message in this conversation:', text: own }];
  // Only replies whose key names this conversation (a legacy key says nowhere; DeletedThreadReplies shows those).
  for (const d of threadDraftsIn(all, address)) if (d.address === address) items.push({ key: d.key, explanation: 'Your unsent reply in one of its threads:', text: d.text });
  // The last one discarded, the keyboard goes to the notice.
  return <UnsentTexts items={items} onDiscard={(key) => drafts.clear(key)} fallback={(list) => list.closest('.conversation')?.querySelector<HTMLElement>('.gone-notice') ?? null} />;
}
