/**
 * The core worker's main part, loaded by its entry (worker.ts) once the first reads have begun: builds the
 * core with browser I/O, records the session (on by default, bounded, stored in IndexedDB), and exposes the
 * API to the UI through Comlink on the endpoint the entry hands it (it holds messages that came meanwhile).
 */
import * as Comlink from 'comlink';
import { CORE_WORKER_NAME_PREFIX } from '../protocol/core-api';
import { appName } from './app-name';
import { browserDeps, lazyStorage, settleAfterMicrotasks, webLockLiveRecordings, webLockLiveTabs } from './browser-deps';
import { createCore } from './core';
import type { EarlyReads } from './early-views';
import { createSessionRecording } from './session-recording';
import { createIdbRecordingStore, createIdbStorage } from './storage-idb';
import { announceGoneTabs } from './tab-gone';

export function startCoreWorker(early: EarlyReads, endpoint: Comlink.Endpoint): void {
  /** This tab's id, from the worker's name (ui/client/connect-core.ts): kept with the outbox entries it stores. */
  const tab = self.name.startsWith(CORE_WORKER_NAME_PREFIX) ? self.name.slice(CORE_WORKER_NAME_PREFIX.length) : undefined;
  const goneTabs = announceGoneTabs((self.navigator as Partial<WorkerNavigator>).locks, typeof BroadcastChannel === 'function' ? BroadcastChannel : undefined);
  const recording = createSessionRecording(browserDeps(lazyStorage(createIdbStorage(tab, webLockLiveTabs(tab), goneTabs, early))), {
    app: appName(),
    settle: settleAfterMicrotasks,
    store: createIdbRecordingStore(),
    // Other tabs' running recordings are never evicted (without Web Locks, only this tab's own).
    live: webLockLiveRecordings(),
  });
  const core = createCore(recording.deps);
  // attach() records the boot as the first input and starts the core.
  Comlink.expose(recording.attach(core), endpoint);
}
