/**
 * The dedicated Web Worker's entry: a few kilobytes, so that a cold start's first reads begin at once. It
 * starts them (early-views.ts: the stored sidebar goes to the page as soon as it is read), then loads the
 * core (core-main.ts), which exposes the API to the UI through Comlink. Messages the page sends meanwhile
 * are held and handed to Comlink when it listens, in order.
 */
import type { Endpoint } from 'comlink';
import { startEarlyViews } from './early-views';

const held: MessageEvent[] = [];
let deliver: ((event: MessageEvent) => void) | null = null;
self.addEventListener('message', (event) => {
  const message = event as MessageEvent;
  if (deliver) deliver(message);
  else held.push(message);
});

/** The worker's own scope as Comlink's endpoint, but for one listener that first gets the messages held. */
const endpoint: Endpoint = {
  postMessage: (message: unknown, transfer?: Transferable[]) => self.postMessage(message, transfer ?? []),
  addEventListener(_type: string, listener: EventListenerOrEventListenerObject) {
    const call = typeof listener === 'function' ? listener : (event: Event) => listener.handleEvent(event);
    deliver = (event) => call(event);
    for (const event of held.splice(0)) call(event);
  },
  removeEventListener() {
    deliver = null;
  },
};

const early = startEarlyViews((message) => self.postMessage(message));
// Not awaited at the top level: the core's chunk imports what this one holds (idb, early-views.ts), and would wait for it.
void import('./core-main').then(
  ({ startCoreWorker }) => startCoreWorker(early, endpoint),
  (error: unknown) => {
    // The page's calls would wait forever: say why in the console (the chunk could not be fetched, say after a rebuild while offline).
    console.error('[plaza-core] The core could not be loaded:', error);
    throw error;
  },
);
