/**
 * The message log is one Tab stop, not hundreds (roving-tab-stop.ts): a conversation shows thousands of
 * messages, each with a few buttons (reactions, reply, flag, delete). The log's chosen message — the newest
 * on screen until the user moves — and the controls inside it are in the Tab order; the other messages'
 * controls are not, which is what this context tells them.
 *
 * A message outside a roving list (a thread's first message) is in none: its controls are tabbable.
 */
import { createContext, useContext } from 'react';

/** Whether the message around a control is the one whose controls are in the Tab order. */
export const MessageTabStop = createContext(true);

/** A control inside a message: its tabIndex — out of the Tab order unless its message is the active one. */
export function useMessageTabIndex(): -1 | undefined {
  return useContext(MessageTabStop) ? undefined : -1;
}
