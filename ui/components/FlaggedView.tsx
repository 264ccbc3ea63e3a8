/**
 * "Flagged messages": the user's flagged messages across conversations, newest first, each linking to where
 * it is. The list is one Tab stop (roving-tab-stop.ts), as a conversation's messages are.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useMemo, useState } from 'react';
import { usePlaza } from '../client/core-context';
import { conversationPath, threadPath } from '../client/router';
import { Link } from './Link';
import { MessageItem } from './MessageItem';
import { useRovingTabStop } from './roving-tab-stop';

export function FlaggedView() {
  useSignals();
  const { store, core } = usePlaza();
  const headingId = useId();
  const [page, setPage] = useState(0);
  const meta = store.flaggedMeta.value;
  const messages = store.flagged.value;
  const guids = useMemo(() => messages.map((m) => m.guid), [messages]);
  const { chosenIndex, listProps } = useRovingTabStop(guids);
  const stop = Math.max(chosenIndex, 0);

  useEffect(() => {
    void core.$loadFlagged(0);
  }, [core]);

  const more = (): void => {
    const next = page + 1;
    setPage(next);
    void core.$loadFlagged(next);
  };

  return (
    <section className="flagged" aria-labelledby={headingId}>
      <header className="conversation-header">
        <h1 id={headingId}>Flagged messages</h1>
      </header>
      {meta.error && (
        <p role="alert" className="error">
          {meta.error}
        </p>
      )}
      <div className="flagged-scroller">
        {meta.loaded && messages.length === 0 && <p className="empty">No flagged messages. Flag a message to find it here.</p>}
        {!meta.loaded && meta.loading && (
          <p className="empty" role="status">
            Loading flagged messages…
          </p>
        )}
        <div {...listProps}>
          <ul className="flagged-list" aria-label="Flagged messages">
            {messages.map((m, i) => (
              <li key={m.guid} className="flagged-item">
                <Link
                  className="flagged-where"
                  href={m.reply_to ? threadPath(m.address, m.reply_to) : conversationPath(m.address)}
                  tabIndex={i === stop ? undefined : -1}
                >
                  {m.reply_to ? `Reply in ${m.channelName}` : m.channelName}
                </Link>
                <MessageItem message={m} inThread tabIndex={i === stop ? 0 : -1} />
              </li>
            ))}
          </ul>
        </div>
        {meta.loaded && !meta.isComplete && (
          <button type="button" className="load-older" disabled={meta.loading} onClick={more}>
            {meta.loading ? 'Loading…' : 'Load more'}
          </button>
        )}
      </div>
    </section>
  );
}
