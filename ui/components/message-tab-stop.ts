/**
 * The message log is one Tab stop, not hundreds. A conversation shows thousands of messages, each with a few
 * buttons (reactions, reply, flag, delete); were each a Tab stop, the composer would be hundreds of presses
 * away. So the log has a roving tab stop (the WAI-ARIA roving tabindex pattern, as Slack's message list):
 * one message is the log's active one — the newest on screen until the user moves — and only it, and the
 * controls inside it, are in the Tab order. ↑ and ↓ move between messages, Home and End to the first and last
 * loaded; Tab from a message enters its controls, then leaves the log. The other messages' controls stay
 * clickable, and focusing one (by pointer) makes its message the active one.
 *
 * A message outside the log (the thread panel, search) is not in a roving group: its controls are tabbable.
 */
import { createContext, useContext, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

/** Whether the message around a control is the one whose controls are in the Tab order. */
export const MessageTabStop = createContext(true);

/** A control inside a message: its tabIndex — out of the Tab order unless its message is the active one. */
export function useMessageTabIndex(): -1 | undefined {
  return useContext(MessageTabStop) ? undefined : -1;
}

/** The keys that move between messages in the log, and where each goes from `index` of `count`. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export interface MessageRoving {
  /** Index of the message the keyboard is on (the one last moved to or focused, else `start`'s); -1 if none. */
  chosenIndex: number;
  /** For the element around the messages (each an <article data-guid>). */
  listProps: {
    ref: RefObject<HTMLDivElement | null>;
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => void;
    onFocus: (e: FocusEvent<HTMLDivElement>) => void;
  };
}

/**
 * The roving tab stop over a list of messages: ↑ ↓ Home End on a focused message move the focus to another,
 * and focus arriving anywhere inside a message makes it the chosen one. The caller gives each message
 * `tabIndex={i === stop ? 0 : -1}`, the stop being `chosenIndex`, or its own default while that is -1.
 *
 * `reveal` brings a message that may not be rendered into view (a virtualized list): the focus then waits
 * until its article is there. Without it, focusing scrolls the message into view as browsers do.
 */
export function useMessageRoving(messages: readonly { guid: string }[], options: { start?: string | null; reveal?: (index: number) => void } = {}): MessageRoving {
  const ref = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const focusPending = useRef<string | null>(null);
  const guid = chosen ?? options.start ?? null;
  const chosenIndex = useMemo(() => (guid === null ? -1 : messages.findIndex((m) => m.guid === guid)), [messages, guid]);
  const { reveal } = options;

  // The message the keys moved to gets the focus once its article is rendered.
  useLayoutEffect(() => {
    const pending = focusPending.current;
    if (pending === null) return;
    const article = [...(ref.current?.querySelectorAll<HTMLElement>('article[data-guid]') ?? [])].find((el) => el.dataset.guid === pending);
    if (!article) return;
    focusPending.current = null;
    article.focus(reveal ? { preventScroll: true } : undefined);
  });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    const target = e.target as HTMLElement;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || target.tagName !== 'ARTICLE' || target.dataset.guid === undefined) return;
    const from = messages.findIndex((m) => m.guid === target.dataset.guid);
    const to = from < 0 ? null : rovingTarget(e.key, from, messages.length);
    if (to === null) return;
    e.preventDefault();
    const next = messages[to]!.guid;
    focusPending.current = next;
    setChosen(next);
    reveal?.(to);
  };
  const onFocus = (e: FocusEvent<HTMLDivElement>): void => {
    const inside = (e.target as HTMLElement).closest<HTMLElement>('article[data-guid]')?.dataset.guid;
    if (inside !== undefined && inside !== chosen && ref.current?.contains(e.target as Node)) setChosen(inside);
  };
  return { chosenIndex, listProps: { ref, onKeyDown, onFocus } };
}
