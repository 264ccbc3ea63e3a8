/** The dedicated Web Worker: builds the core with browser I/O and exposes its API to the UI through Comlink. */
import * as Comlink from 'comlink';
import { browserDeps, lazyStorage } from './browser-deps';
import { createCore } from './core';
import { createIdbStorage } from './storage-idb';

const core = createCore(browserDeps(lazyStorage(createIdbStorage())));
Comlink.expose(core.api);
void core.start();
