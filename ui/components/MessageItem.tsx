/** One message: author header (unless merged with the previous one), parts, reactions, delete for own messages. */
import { memo, useEffect, useRef, useState } from 'react';
import type { MessageView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { formatBytes } from './dialog-helpers';
import { formatMessageTime } from './format-time';
import { MessageParts } from './MessageParts';

export const MessageItem = memo(function MessageItem({ message, highlighted = false }: { message: MessageView; highlighted?: boolean }) {
  const { core } = usePlaza();
  const time = formatMessageTime(message.created);
  const classes = ['message'];
  if (message.continued) classes.push('continued');
  if (message.isOwn) classes.push('own');
  if (message.is_urgent) classes.push('urgent');
  if (highlighted) classes.push('highlighted');
  return (
    <article className={classes.join(' ')} aria-label={`${message.author}, ${time.label}`} aria-current={highlighted ? 'true' : undefined}>
      {message.continued ? (
        <time className="gutter-time" dateTime={time.iso} title={time.full}>
          {time.clock}
        </time>
      ) : (
        <header className="message-header">
          <span className="author">{message.author}</span>
          <time dateTime={time.iso} title={time.full}>
            {time.label}
          </time>
          {message.is_urgent && <span className="tag urgent-tag">Urgent</span>}
        </header>
      )}
      <div className="message-body">
        <MessageParts parts={message.parts} {...(message.isOwn ? {} : { onChoice: (code: string, label: string) => void core.$answerBot(message.address, code, label) })} />
      </div>
      {message.file && (
        <p className="attachment">
          <span aria-hidden="true">📎</span> <span className="attachment-name">{message.file.name}</span>
          {message.file.size !== null && <span className="attachment-size"> ({formatBytes(message.file.size)})</span>}
        </p>
      )}
      {message.reactions.length > 0 && (
        <ul className="reactions" aria-label="Reactions">
          {message.reactions.map((r) => (
            <li key={r.content} className={r.mine ? 'reaction mine' : 'reaction'}>
              {r.content} {r.count}
            </li>
          ))}
        </ul>
      )}
      {message.isOwn && <DeleteControl address={message.address} guid={message.guid} />}
    </article>
  );
});

function DeleteControl({ address, guid }: { address: string; guid: string }) {
  const { core } = usePlaza();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    // Keyboard path: focus the safe choice when asking, and return to the trigger after.
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await core.$deleteMessage(address, guid);
    setBusy(false);
    if (result.ok) setConfirming(false);
    else setError(result.error.message);
  };

  return (
    <div className={confirming ? 'message-actions open' : 'message-actions'}>
      {confirming ? (
        <div role="group" aria-label="Confirm delete" className="confirm">
          <span>Delete this message?</span>
          <button type="button" className="danger" disabled={busy} onClick={() => void confirm()}>
            Delete
          </button>
          <button type="button" ref={cancelRef} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" ref={openRef} onClick={() => setConfirming(true)}>
          Delete message
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
