/**
 * Narrow windows, where the shell's fixed 17rem sidebar leaves too little room for a conversation and its open
 * thread side by side.
 *
 * The choice (the spec says nothing of narrow windows): as Slack does below its breakpoint, the open thread then
 * takes over the conversation's area — the conversation is hidden, not unmounted, so what was typed in its composer,
 * its Urgent box, its scroll position and its roving tab stop all stay — and Close thread (or Escape) brings it back,
 * with the keyboard on what opened the thread. Below 800 px the two side by side had the conversation's Send under the
 * thread panel and the thread's Reply past the window's edge (at 640 px: 213 px for the conversation, 172 px for the
 * thread); at 800 px and wider both still fit (300 and 245 px), so wide layouts are as before. The sidebar stays:
 * it is how people move between conversations, and the thread is one step away from the conversation it belongs to.
 *
 * The same width is in styles.css (`.conversation-with-thread`): keep the two together.
 */
import { useSyncExternalStore } from 'react';

/** The windows in which an open thread takes over the conversation's area. */
export const THREAD_TAKES_OVER_QUERY = '(width < 800px)';

/**
 * The windows in which the conversation list is a panel behind the header's "Conversations" button (list-panel.ts)
 * instead of a column beside the page. Below 720 px the 17rem sidebar left the page too little: at 640 px 385 px,
 * where a team admin's conversation header took three lines and a message's text ran in a narrow column; at 360 px
 * 105 px, and the page scrolled 128 px sideways. A phone upright (360–430 px) or small ones on their side (640–700 px)
 * give the conversation the whole width, as Slack's and Teams' apps do; a tablet upright (768 px) and wider keep the sidebar, as before.
 * The same width is in styles.css (the "Narrow windows: the conversation list as a panel" rules): keep the two together.
 */
export const LIST_COLLAPSES_QUERY = '(width < 720px)';

/** Whether `query` matches now, re-rendering when that changes; false where there is no layout (jsdom has no matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
