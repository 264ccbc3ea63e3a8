/**
 * Tells the core when the page is going away or hidden ($pageHidden), so that what only its worker holds is stored
 * before the worker may end with the page: the event log is written in batches PERSIST_DELAY_MS apart
 * (core-worker/event-log.ts), and a folder collapsed just before a reload, or a tab closed, went with the batch.
 * The outbox (stored before it is sent) and drafts (localStorage, written as typed) need no such call.
 *
 * Three events, since none is enough alone: `beforeunload` comes first when the page is left (a reload, a link,
 * the tab closed), before the next page is even asked for, which gives the worker the navigation's time; it does
 * not come for a page the browser discards or freezes, and mobile browsers often skip it. `visibilitychange` to
 * hidden comes when the page is only hidden (another tab, the home screen), after which it may be discarded with no
 * other event. `pagehide` comes last, whenever the page goes. A call that finds nothing pending stores nothing.
 */
import type { CoreApi } from '../../protocol/core-api';

/** The part of the window page-end listens to (a fake in tests). */
export interface PageEndTarget {
  addEventListener(type: 'beforeunload' | 'pagehide', listener: () => void): void;
  removeEventListener(type: 'beforeunload' | 'pagehide', listener: () => void): void;
  readonly document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

/** Calls $pageHidden whenever the page is left or hidden; returns the unsubscribe. */
export function watchPageEnd(core: Pick<CoreApi, '$pageHidden'>, win: PageEndTarget = window): () => void {
  const doc = win.document;
  const store = (): void => void core.$pageHidden().catch(() => {});
  const onVisibility = (): void => {
    if (doc.visibilityState === 'hidden') store();
  };
  win.addEventListener('beforeunload', store);
  win.addEventListener('pagehide', store);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('beforeunload', store);
    win.removeEventListener('pagehide', store);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
