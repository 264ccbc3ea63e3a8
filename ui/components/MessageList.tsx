/**
 * The virtualized message log. Rows are measured (dynamic heights); the view
 * follows new messages while the user is at the bottom and keeps its place
 * when older pages are prepended (the virtualizer's anchorTo: 'end'). While
 * the conversation shows the window around a search hit (meta.context), it
 * scrolls to the hit and highlights it, pages the window either way, and
 * offers to jump back to the newest messages.
 *
 * The log is one Tab stop with arrow keys between its messages (roving-tab-stop.ts). The active message
 * is kept rendered while scrolled out of view (the virtualizer's range extractor), so the keyboard's place
 * survives scrolling and the log always has its stop.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ConversationMeta, MessageView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { MessageItem } from './MessageItem';
import { useRangeKeeping, useRovingTabStop } from './roving-tab-stop';
import { LIST_COLLAPSES_QUERY, useMediaQuery } from './narrow-layout';
import { useToastDock } from './toast-dock';
import { fallbackRect, observeRectWithFallback } from './virtual-rect';

const LOAD_OLDER_WITHIN_PX = 80;

export interface MessageListProps {
  address: string;
  messages: readonly MessageView[];
  /** Null until the worker has opened this conversation. */
  meta: ConversationMeta | null;
}

/** Memoized: it re-renders when its messages or metadata change, not when the rest of the page does. */
export const MessageList = memo(function MessageList({ address, messages, meta }: MessageListProps) {
  const { core } = usePlaza();
  const scrollRef = useRef<HTMLDivElement>(null);
  // Toasts show over the log, not over the composer below it or the conversation's header above (ToastStack).
  useToastDock(scrollRef);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The older page being fetched, if any: a second ask waits for it rather than fetching another. */
  const loadingOlder = useRef<Promise<void> | null>(null);

  // The roving tab stop; opened at a search hit, the hit is where the keyboard starts. The virtualizer
  // brings a message moved to into view (it is declared below; this runs on a key press, after render).
  const anchor = meta?.context?.anchor ?? null;
  const guids = useMemo(() => messages.map((m) => m.guid), [messages]);
  const { chosenIndex, listProps, focusKey } = useRovingTabStop(guids, { start: anchor, reveal: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) });
  const rangeExtractor = useRangeKeeping(chosenIndex);

  // In a narrow window a message's actions wrap onto a second row (styles.css), which can reach below a short message:
  // room under the newest one keeps its actions whole inside the log instead of cut off at its bottom edge.
  const endRoom = useMediaQuery(LIST_COLLAPSES_QUERY) ? 32 : 0;
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => (messages[i]?.continued ? 28 : 64),
    getItemKey: (i) => messages[i]?.guid ?? i,
    overscan: 8,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 48,
    initialRect: fallbackRect(),
    observeElementRect: observeRectWithFallback,
    rangeExtractor,
    paddingEnd: endRoom,
    scrollPaddingEnd: endRoom,
  });

  const context = meta?.context ?? null;
  const canLoadOlder = meta !== null && (context ? context.hasBefore : !meta.isComplete);
  const loadOlder = useCallback((): Promise<void> => {
    if (loadingOlder.current) return loadingOlder.current;
    if (!meta || meta.loading) return Promise.resolve();
    if (meta.context ? !meta.context.hasBefore : meta.isComplete) return Promise.resolve();
    const load = async (): Promise<void> => {
      setLoadError(null);
      try {
        const result = meta.context ? await core.$loadContext(address, 'before') : await core.$loadOlder(address);
        if (!result.ok) setLoadError(result.error.message);
      } finally {
        loadingOlder.current = null;
      }
    };
    loadingOlder.current = load();
    return loadingOlder.current;
  }, [core, address, meta]);

  const [loadingNewer, setLoadingNewer] = useState(false);
  const loadNewer = async (): Promise<void> => {
    setLoadingNewer(true);
    setLoadError(null);
    const result = await core.$loadContext(address, 'after');
    setLoadingNewer(false);
    if (!result.ok) setLoadError(result.error.message);
  };

  // The "New messages" divider: before the first message that was unread when the conversation opened.
  const divider = meta?.newMessages ?? null;
  const dividerIndex = divider ? messages.findIndex((m) => m.guid === divider.guid) : -1;
  // With more unread messages than the loaded pages hold, the worker's divider stands before the oldest one
  // loaded until older pages come (projections/reading.ts): the jump loads them first, as far as the divider
  // moves, then goes there — not to the middle of the unread part.
  const jumping = useRef<{ askedAt: number | null } | null>(null);
  const [jumpTick, setJumpTick] = useState(0);
  const jumpToFirstUnread = (): void => {
    jumping.current = { askedAt: null };
    setJumpTick((n) => n + 1);
  };

  // Opening a search hit: scroll to it (once per hit). Leaving the hit: back to the newest message.
  const startedAtEnd = useRef(false);
  const shownAnchor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (anchor === null) {
      if (shownAnchor.current !== null && messages.length > 0) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
      shownAnchor.current = null;
      return;
    }
    if (shownAnchor.current === anchor) return;
    const index = messages.findIndex((m) => m.guid === anchor);
    if (index < 0) return;
    shownAnchor.current = anchor;
    startedAtEnd.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
    // Opened from a page that went (global search's hit, its button gone with it), the keyboard was left on the
    // document: it goes to the hit, to read and act on. Focus kept elsewhere (a conversation's search panel,
    // whose hits stay) is left alone.
    const active = document.activeElement;
    if (active === null || active === document.body) focusKey(anchor);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focusKey is new each render; the anchor decides.
  }, [anchor, messages, virtualizer]);

  // Start at the newest message once the conversation has messages and its newest page is in (messages heard
  // live before opening must not fix the place before the page arrives). The "New messages" divider marks where
  // the unread part begins, and "Jump to first unread" goes there.
  const pageLoading = meta?.loading ?? true;
  useLayoutEffect(() => {
    if (startedAtEnd.current || messages.length === 0 || pageLoading || anchor !== null) return;
    startedAtEnd.current = true;
    virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [messages.length, virtualizer, pageLoading, anchor]);

  // The jump is offered until the divider has been on screen: then the user has seen where the unread part begins
  // (a short unread part is on screen at once, as the conversation opens at its newest message). Not while the
  // divider stands before the oldest message loaded and older pages may hold earlier unread ones: the jump loads them.
  const [dividerElement, setDividerElement] = useState<HTMLElement | null>(null);
  const [seenDivider, setSeenDivider] = useState<string | null>(null);
  const dividerGuid = divider?.guid ?? null;
  useLayoutEffect(() => {
    const root = scrollRef.current;
    // Without IntersectionObserver (jsdom) nothing is known to be on screen, and the jump stays offered. Once
    // seen, the divider needs no more watching.
    if (!dividerElement || !root || dividerGuid === null || seenDivider === dividerGuid || typeof IntersectionObserver === 'undefined') return;
    // Not before the list has gone to its newest message (or a search hit): until then its top shows.
    if (!startedAtEnd.current) return;
    // On screen as it is rendered (a short unread part, the conversation opened at its newest message): known
    // before the first paint, so the button does not flash; the observer, whose first report comes a frame later,
    // then sees the divider scrolled to.
    const shown = dividerElement.getBoundingClientRect();
    const view = root.getBoundingClientRect();
    if (view.height > 0 && shown.bottom > view.top && shown.top < view.bottom) setSeenDivider(dividerGuid);
    const observer = new IntersectionObserver((entries) => {
      if (startedAtEnd.current && entries.some((entry) => entry.isIntersecting)) setSeenDivider(dividerGuid);
    }, { root });
    observer.observe(dividerElement);
    return () => observer.disconnect();
  }, [dividerElement, dividerGuid, seenDivider, pageLoading, messages.length]);
  const offerJump = divider !== null && dividerIndex >= 0 && (seenDivider !== divider.guid || (dividerIndex === 0 && canLoadOlder));

  // The user's own new message brings the view down even when scrolled up.
  const last = messages[messages.length - 1];
  const lastGuid = useRef(last?.guid);
  useEffect(() => {
    if (last && last.guid !== lastGuid.current && last.isOwn) virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    lastGuid.current = last?.guid;
  }, [last, messages.length, virtualizer]);

  // When the loaded page does not fill the viewport there is no scroll to trigger loading: load on.
  // (Only with real layout: clientHeight is 0 in jsdom.) Not after a failure: that would retry on every render;
  // the user retries with "Load older messages".
  const failed = Boolean(meta?.error ?? loadError);
  useEffect(() => {
    const el = scrollRef.current;
    if (el && canLoadOlder && !failed && !meta?.loading && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) void loadOlder();
  });

  // "Jump to first unread": while the divider stands before the oldest message loaded and older ones exist,
  // it may not be the first unread yet — load on, a page at a time as each comes in, then go there.
  const metaLoading = meta?.loading ?? false;
  useLayoutEffect(() => {
    if (jumping.current === null) return;
    if (dividerIndex < 0) {
      jumping.current = null;
      return;
    }
    // A page that could not be loaded (the error shows, with "Load older messages") ends the loading, not the jump.
    if (dividerIndex === 0 && canLoadOlder && !failed) {
      const again = (): void => setJumpTick((n) => n + 1);
      // A page in flight (a scroll to the top asked for it) is waited for; then one more page per page arrived.
      if (metaLoading) return;
      if (loadingOlder.current) return void loadingOlder.current.then(again);
      if (jumping.current.askedAt === messages.length) return;
      jumping.current.askedAt = messages.length;
      void loadOlder().then(again);
      return;
    }
    jumping.current = null;
    virtualizer.scrollToIndex(dividerIndex, { align: 'start' });
    // The keyboard goes with the view, to the first unread message (the jump's button goes once the divider shows).
    focusKey(messages[dividerIndex]!.guid);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- focusKey is new each render; the jump decides.
  }, [jumpTick, dividerIndex, canLoadOlder, failed, metaLoading, messages.length, loadOlder, virtualizer]);

  const onScroll = (): void => {
    const el = scrollRef.current;
    if (el && canLoadOlder && el.scrollTop < LOAD_OLDER_WITHIN_PX) void loadOlder();
  };

  const error = meta?.error ?? loadError;
  const items = virtualizer.getVirtualItems();
  // Until the user picks a message, the stop is the newest one on screen (the last when nothing is measured yet).
  const tabStopIndex = chosenIndex >= 0 ? chosenIndex : Math.min(virtualizer.range?.endIndex ?? messages.length - 1, messages.length - 1);

  return (
    <div className="message-pane">
      {context && (
        <div className="context-bar" role="status">
          Showing messages around a search result.{' '}
          <button type="button" onClick={() => void core.$closeContext(address)}>
            Jump to latest messages
          </button>
        </div>
      )}
      {canLoadOlder && (
        <button type="button" className="load-older" disabled={meta.loading} onClick={() => void loadOlder()}>
          {meta.loading ? 'Loading older messages…' : 'Load older messages'}
        </button>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {offerJump && divider && (
        <button type="button" className="jump-unread" onClick={jumpToFirstUnread}>
          Jump to first unread ({divider.count} new)
        </button>
      )}
      <div ref={scrollRef} className="message-scroller" onScroll={onScroll}>
        {meta?.isComplete && messages.length === 0 && <p className="empty">No messages yet. Say hello!</p>}
        <div
          {...listProps}
          role="log"
          aria-label="Messages"
          className="message-log"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const message = messages[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="message-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {message.guid === divider?.guid && (
                  <div ref={setDividerElement} role="separator" aria-label="New messages" className="new-messages">
                    <span>New messages</span>
                  </div>
                )}
                <MessageItem
                  message={message}
                  highlighted={message.guid === anchor}
                  tabIndex={item.index === tabStopIndex ? 0 : -1}
                  startsGroup={message.guid === divider?.guid}
                />
              </div>
            );
          })}
        </div>
      </div>
      {context?.hasAfter && (
        <button type="button" className="load-newer" disabled={loadingNewer} onClick={() => void loadNewer()}>
          {loadingNewer ? 'Loading newer messages…' : 'Load newer messages'}
        </button>
      )}
    </div>
  );
});
