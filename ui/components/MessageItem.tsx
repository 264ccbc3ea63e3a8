/**
 * One message: author header (unless merged with the previous one), parts, its
 * flag, reaction chips (toggle the user's own), the thread summary, and the
 * actions — add a reaction, reply in thread, flag, delete (with a confirm step).
 * And what the outbox says about it: an own post still sending (no actions
 * yet), or refused (Retry, Delete); a deletion waiting, or refused (Retry,
 * Dismiss).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, useEffect, useId, useRef, useState } from 'react';
import { flagColour } from '../../protocol/flags';
import type { MessageView, ReactionView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { threadPath } from '../client/router';
import { Attachment } from './Attachment';
import { EmojiPicker } from './EmojiPicker';
import { FlagMenu } from './FlagMenu';
import { formatMessageTime } from './format-time';
import { MessageParts } from './MessageParts';
import { MessageTabStop, useMessageTabIndex } from './message-tab-stop';

export interface MessageItemProps {
  message: MessageView;
  /** Shown inside the thread panel: no "Reply in thread", no thread summary. */
  inThread?: boolean;
  /** The search hit the conversation was opened at. */
  highlighted?: boolean;
  /**
   * In a roving tab stop over messages (roving-tab-stop.ts): 0 for the list's chosen message, -1 for the
   * others, whose controls then leave the Tab order too. Unset outside such a list: the message itself is
   * not focusable and its controls are tabbable.
   */
  tabIndex?: 0 | -1;
  /**
   * Right after the "New messages" divider: shown with its author even when merged with the message before
   * (spec 1 §5), which is on the other side of the divider — often scrolled away, as after "Jump to first unread".
   */
  startsGroup?: boolean;
}

export const MessageItem = memo(function MessageItem({ message, inThread = false, highlighted = false, tabIndex, startsGroup = false }: MessageItemProps) {
  const { core } = usePlaza();
  const bodyId = useId();
  const time = formatMessageTime(message.created);
  const continued = message.continued && !startsGroup;
  const classes = ['message'];
  if (continued) classes.push('continued');
  if (message.isOwn) classes.push('own');
  if (message.is_urgent) classes.push('urgent');
  if (highlighted) classes.push('highlighted');
  if (message.delivery !== 'sent') classes.push(message.delivery);
  if (message.deleting) classes.push('deleting');
  const colour = flagColour(message.flag);
  const canReply = !inThread && message.reply_to === null;
  return (
    <article
      className={classes.join(' ')}
      aria-label={`${message.is_urgent ? 'Urgent: ' : ''}${message.author}, ${time.label}`}
      // Focused by the keyboard, the message reads its name and then its text.
      aria-describedby={bodyId}
      aria-current={highlighted ? 'true' : undefined}
      tabIndex={tabIndex}
      data-roving-row={tabIndex === undefined ? undefined : message.guid}
      data-roving-target={tabIndex === undefined ? undefined : true}
    >
      <MessageTabStop.Provider value={tabIndex !== -1}>
        {continued ? (
          <time className="gutter-time" dateTime={time.iso} title={time.full}>
            {time.clock}
          </time>
        ) : (
          <header className="message-header">
            <span className="author">{message.author}</span>
            <time dateTime={time.iso} title={time.full}>
              {time.label}
            </time>
          </header>
        )}
        {(message.is_urgent || colour) && (
          <div className="message-tags">
            {message.is_urgent && <span className="tag urgent-tag">Urgent</span>}
            {colour && (
              <span className={`tag flag-tag flag-${message.flag}`} role="img" aria-label={`Flagged ${colour}`} title={`Flagged ${colour}`}>
                ⚑ {colour}
              </span>
            )}
          </div>
        )}
        <div className="message-body" id={bodyId}>
          <MessageParts parts={message.parts} {...(message.isOwn ? {} : { onChoice: (code: string, label: string) => void core.$answerBot(message.address, code, label) })} />
        </div>
        {message.file && (
          <div>
            <Attachment file={message.file} />
          </div>
        )}
        {message.reactions.length > 0 && (
          <ul className="reactions" aria-label="Reactions">
            {message.reactions.map((r) => (
              <li key={r.content}>
                <ReactionChip address={message.address} guid={message.guid} reaction={r} />
              </li>
            ))}
          </ul>
        )}
        {canReply && message.reply_count > 0 && <ThreadSummary message={message} />}
        <OutboxStatus message={message} />
        {/* Not the server's yet, or on its way out: nothing to act on. */}
        {message.delivery === 'sent' && !message.deleting && <MessageActions message={message} canReply={canReply} />}
      </MessageTabStop.Provider>
    </article>
  );
});

/** The message's place in the outbox: sending, deleting, or refused with the ways out. */
function OutboxStatus({ message }: { message: MessageView }) {
  const { core } = usePlaza();
  const errorId = useId();
  const tabIndex = useMessageTabIndex();
  if (message.delivery === 'sending') return <p className="delivery-status">Sending…</p>;
  if (message.deleting) return <p className="delivery-status">Deleting…</p>;
  if (message.error === null || message.outboxId === null) return null;
  const id = message.outboxId;
  const failedPost = message.delivery === 'failed';
  return (
    <div className="delivery-failed" role="group" aria-label={failedPost ? 'Message not sent' : 'Message not deleted'} aria-describedby={errorId}>
      <p id={errorId} role="alert">
        {failedPost ? 'Not sent' : 'Not deleted'}: {message.error}
      </p>
      <button type="button" tabIndex={tabIndex} onClick={() => void core.$retryOutbox(id)}>
        Retry
      </button>
      <button type="button" className={failedPost ? 'danger' : undefined} tabIndex={tabIndex} onClick={() => void core.$discardOutbox(id)}>
        {failedPost ? 'Delete' : 'Dismiss'}
      </button>
    </div>
  );
}

/** "Alice Anders, Bob Brown and you": who reacted, the signed-in user as "you". */
function useReactorNames(users: string[]): string {
  useSignals();
  const { store } = usePlaza();
  const me = store.session.value.user?.guid;
  const names = users.map((g) => (g === me ? 'you' : (store.usersByGuid.value.get(g)?.name ?? 'someone')));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function ReactionChip({ address, guid, reaction }: { address: string; guid: string; reaction: ReactionView }) {
  const { core } = usePlaza();
  const who = useReactorNames(reaction.users);
  const tabIndex = useMessageTabIndex();
  const label = `${reaction.name}, ${reaction.count} ${reaction.count === 1 ? 'reaction' : 'reactions'} by ${who}`;
  return (
    <button
      type="button"
      className={reaction.mine ? 'reaction mine' : 'reaction'}
      aria-pressed={reaction.mine}
      tabIndex={tabIndex}
      aria-label={label}
      title={label}
      onClick={() => void core.$toggleReaction(address, guid, reaction.content)}
    >
      {reaction.content} {reaction.count}
    </button>
  );
}

function ThreadSummary({ message }: { message: MessageView }) {
  const { router } = usePlaza();
  const tabIndex = useMessageTabIndex();
  const last = message.last_reply_ts !== null ? formatMessageTime(message.last_reply_ts).label : null;
  const text = `${message.reply_count} ${message.reply_count === 1 ? 'reply' : 'replies'}`;
  return (
    <button type="button" className="thread-summary" tabIndex={tabIndex} onClick={() => router.navigate(threadPath(message.address, message.guid))}>
      {text}
      {last && <span className="thread-last">, last reply {last}</span>}
    </button>
  );
}

function MessageActions({ message, canReply }: { message: MessageView; canReply: boolean }) {
  const { core, router } = usePlaza();
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reactRef = useRef<HTMLButtonElement>(null);
  const tabIndex = useMessageTabIndex();

  const react = async (emoji: string): Promise<void> => {
    setError(null);
    // Picking an emoji the user already reacted with would remove it: adding is what the picker means.
    if (message.reactions.some((r) => r.content === emoji && r.mine)) return;
    const result = await core.$toggleReaction(message.address, message.guid, emoji);
    if (!result.ok) setError(result.error.message);
  };

  return (
    <div role="group" aria-label="Message actions" className={picking || confirming ? 'message-actions open' : 'message-actions'}>
      <button type="button" ref={reactRef} aria-haspopup="dialog" tabIndex={tabIndex} onClick={() => setPicking(true)}>
        Add reaction
      </button>
      {canReply && (
        <button type="button" tabIndex={tabIndex} onClick={() => router.navigate(threadPath(message.address, message.guid))}>
          Reply in thread
        </button>
      )}
      <FlagMenu address={message.address} guid={message.guid} flag={message.flag} />
      {message.canDelete && <DeleteControl message={message} onConfirming={setConfirming} />}
      {picking && (
        <EmojiPicker
          label="Add reaction"
          onPick={(emoji) => void react(emoji)}
          onClose={() => {
            setPicking(false);
            reactRef.current?.focus();
          }}
        />
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  );
}

function DeleteControl({ message, onConfirming }: { message: MessageView; onConfirming(on: boolean): void }) {
  const { core } = usePlaza();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const tabIndex = useMessageTabIndex();

  useEffect(() => {
    // Keyboard path: focus the safe choice when asking, and return to the trigger after.
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
    onConfirming(confirming);
  }, [confirming, onConfirming]);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await core.$deleteMessage(message.address, message.guid);
    setBusy(false);
    if (result.ok) setConfirming(false);
    else setError(result.error.message);
  };

  const question =
    message.reply_count > 0 && message.reply_to === null
      ? `Delete this message and its ${message.reply_count} ${message.reply_count === 1 ? 'reply' : 'replies'}?`
      : message.isOwn
        ? 'Delete this message?'
        : `Delete this message by ${message.author}?`;

  return (
    <>
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm delete"
          className="confirm"
          onKeyDown={(e) => {
            // Escape takes back the question, as it closes a dialog — not the thread panel around it.
            if (e.key !== 'Escape') return;
            e.preventDefault();
            e.stopPropagation();
            setConfirming(false);
          }}
        >
          <span>{question}</span>
          <button type="button" className="danger" disabled={busy} tabIndex={tabIndex} onClick={() => void confirm()}>
            Delete
          </button>
          <button type="button" ref={cancelRef} tabIndex={tabIndex} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" ref={openRef} tabIndex={tabIndex} onClick={() => setConfirming(true)}>
          Delete message
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </>
  );
}
