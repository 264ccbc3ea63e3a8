/** The thread panel beside a conversation (in its place, in a narrow window): the thread's first message, its replies, and a reply composer. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChannelEntryView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { threadDraftsIn } from '../client/drafts';
import { conversationPath } from '../client/router';
import { Composer } from './Composer';
import { useReturnFocus } from './dialog-helpers';
import { MessageItem } from './MessageItem';
import { THREAD_TAKES_OVER_QUERY, useMediaQuery } from './narrow-layout';
import { useRovingTabStop } from './roving-tab-stop';
import { UnsentReply } from './UnsentReply';
import { useToastDock } from './toast-dock';

export function ThreadPanel({ address, guid, entry }: { address: string; guid: string; entry: ChannelEntryView | undefined }) {
  useSignals();
  const { store, router, drafts } = usePlaza();
  const headingId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const meta = store.threadMeta.value;
  // Until the worker has switched, the store may hold another thread: show none of it.
  // A reply's guid in the address opens the thread it belongs to (the worker answers with that thread).
  const current = meta?.address === address && (meta.guid === guid || store.threadRepliesByGuid.value.has(guid));
  const parent = current ? store.threadParent.value : null;
  const replies = current ? store.threadReplies.value : [];
  // The replies are one Tab stop (roving-tab-stop.ts): the reply the address names, else the newest.
  const replyGuids = useMemo(() => replies.map((m) => m.guid), [replies]);
  const roving = useRovingTabStop(replyGuids, { start: guid });
  const replyStop = roving.chosenIndex >= 0 ? roving.chosenIndex : replies.length - 1;
  // Deleted (by anyone, often someone else over the socket) while the user was replying: the reply they had
  // typed stays on show here, to copy or discard. Closed without a choice, the conversation shows it instead.
  const gone = current && meta.gone;
  // Not loading it: the error says why (the core loads it again once reconnected), and "Loading…" would be untrue.
  const failed = current && meta.error !== null && !meta.loading;
  const unsent = gone ? threadDraftsIn(drafts.byAddress.value, address).filter((d) => d.guid === meta.guid) : [];

  // Closed, the focus goes back to what opened the thread (its message's Reply in thread, or the replies count) —
  // or, that message deleted, to the conversation's messages, where it was.
  const panelRef = useRef<HTMLElement>(null);
  useReturnFocus(panelRef, () => document.querySelector<HTMLElement>('.message-log [data-roving-target][tabindex="0"]'));
  // Opened, the keyboard comes to Close thread — unless already in the panel: its reply composer, opened from the
  // Drafts page to go on with a reply, took it first.
  useEffect(() => {
    if (!panelRef.current?.contains(document.activeElement)) closeRef.current?.focus();
  }, [guid]);
  // The control with the keyboard went away outside the replies (the first message's Delete, as it is deleted, then
  // the message itself): the keyboard stays in the panel, on Close thread — or, the thread deleted while the user
  // was replying, on the unsent reply's Copy, which tells a screen reader why the composer went.
  // (The replies keep their own: roving-tab-stop.ts.)
  const focused = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (focused.current === null || focused.current.isConnected || (active !== null && active !== document.body)) return;
    focused.current = null;
    (panelRef.current?.querySelector<HTMLElement>('.unsent-reply button') ?? closeRef.current)?.focus();
  });
  // In a narrow window the thread takes over the conversation's area (narrow-layout.ts). Toasts then show over its
  // replies, as they do over the conversation's messages; and a window narrowed while the keyboard was in the
  // conversation (its composer, a message) would leave it on something hidden: it comes to Close thread, as when
  // the thread opens. (What was typed there stays: the conversation is hidden, not unmounted.)
  const takesOver = useMediaQuery(THREAD_TAKES_OVER_QUERY);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  useToastDock(scroller, takesOver);
  const tookOver = useRef(takesOver);
  useEffect(() => {
    if (takesOver === tookOver.current) return;
    tookOver.current = takesOver;
    const active = document.activeElement;
    const conversation = panelRef.current?.parentElement?.querySelector('.conversation');
    if (takesOver && (active === null || active === document.body || conversation?.contains(active))) closeRef.current?.focus();
  }, [takesOver]);
  // Follow new replies. (A block body: Chromium's scrollIntoView may return a Promise, which must not become the effect's cleanup.)
  useEffect(() => {
    void endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [replies.length]);

  const close = (): void => router.navigate(conversationPath(address));

  return (
    <aside
      ref={panelRef}
      className="thread-panel"
      aria-labelledby={headingId}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) close();
      }}
      onFocus={(e) => {
        focused.current = e.target;
      }}
      onBlur={(e) => {
        if (!panelRef.current?.contains(e.relatedTarget as Node | null)) focused.current = null;
      }}
    >
      <header className="thread-header">
        <h2 id={headingId}>Thread</h2>
        <button type="button" ref={closeRef} onClick={close}>
          Close thread
        </button>
      </header>
      {current && meta.error && (
        <p role="alert" className="error">
          {meta.error}
        </p>
      )}
      {gone ? (
        unsent.length > 0 ? (
          <div className="thread-scroller" ref={setScroller}>
            {unsent.map((d) => (
              <UnsentReply key={d.key} explanation="This thread was deleted. Your unsent reply:" text={d.text} onDiscard={() => drafts.clear(d.key)} />
            ))}
          </div>
        ) : (
          <p className="empty">This thread was deleted.</p>
        )
      ) : !parent ? (
        !failed && (
          <p className="empty" role="status">
            Loading thread…
          </p>
        )
      ) : (
        <div className="thread-scroller" ref={setScroller}>
          <MessageItem message={parent} inThread />
          <p className="thread-count">
            {replies.length} {replies.length === 1 ? 'reply' : 'replies'}
          </p>
          <div {...roving.listProps} role="log" aria-label="Replies" className="thread-replies">
            {replies.map((m, i) => (
              <MessageItem key={m.guid} message={m} inThread tabIndex={i === replyStop ? 0 : -1} />
            ))}
          </div>
          <div ref={endRef} />
        </div>
      )}
      {parent && current && !gone && <Composer address={address} entry={entry} replyTo={meta.guid} />}
    </aside>
  );
}
