// Entry of the decoder thread (scripts/decoder-thread.ts). A worker thread does not load TypeScript by
// itself — not under `tsx` (tsx 4.23 on Node 20: ERR_UNKNOWN_FILE_EXTENSION for a .ts worker entry, though
// the worker inherits tsx's --import) nor inside Vitest — so this plain module registers tsx's require
// hook in the worker, then loads the TypeScript entry it was given. The require hook, rather than tsx's
// ESM loader (module.register), because it works in this thread: the ESM loader starts a hooks thread
// of its own first, and the decoder thread is worth more the sooner it starts.
//
// A bundled replay (esbuild, with the worker bundled beside it as decoder-thread-worker.ts) says its entry
// is `compiled`: that one is loaded as it is (Node reads a file of an unknown extension as CommonJS
// JavaScript), which saves the worker loading tsx (~30 ms) and transforming the bundle (~150 ms in all).
const { workerData } = require('node:worker_threads');

if (!workerData.compiled) require('tsx/cjs/api').register();
require(workerData.entry);
