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
import { createContext, useContext } from 'react';

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
