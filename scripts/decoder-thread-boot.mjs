// Entry of the decoder thread (scripts/decoder-thread.ts). A worker thread does not load TypeScript by
// itself — not under `tsx` (tsx 4.23 on Node 20: ERR_UNKNOWN_FILE_EXTENSION for a .ts worker entry, though
// the worker inherits tsx's --import) nor inside Vitest — so this plain module registers tsx's loader in
// the worker, then imports the TypeScript entry it was given.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
