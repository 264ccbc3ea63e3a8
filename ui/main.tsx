/** Page entry: start the core worker, mirror its views into signals, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectCore } from './client/connect-core';
import { PlazaProvider } from './client/core-context';
import { createPatchStats } from './client/patch-stats';
import { applyPatch, createViewStore } from './client/view-store';

const core = connectCore();
const store = createViewStore();
const stats = createPatchStats();
void core.$subscribe((patch) => stats.record(patch, () => applyPatch(store, patch)));
// Diagnostics for the console and the benchmarks: patch timings, and the unread counts the UI holds.
Object.assign(window, {
  __plazaPerf: {
    patches: stats,
    unread: () => Object.fromEntries([...store.channels.value.values()].map((c) => [c.address, c.unread])),
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <PlazaProvider store={store} core={core}>
      <App />
    </PlazaProvider>
  </StrictMode>,
);
