/** Renders the app: mirrors the worker's views into signals (view-store) and mounts React. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CoreApi } from '../protocol/core-api';
import type { ViewPatch } from '../protocol/views';
import { App } from './App';
import { PlazaProvider } from './client/core-context';
import { keepFocusAcrossDisabling } from './client/focus-keeper';
import { createPatchStats } from './client/patch-stats';
import { applyPatch, createViewStore } from './client/view-store';

/** Mounts the app on #root; returns what to call with each patch from the worker. */
export function mount(core: CoreApi): (patch: ViewPatch) => void {
  const store = createViewStore();
  const stats = createPatchStats();
  // Diagnostics for the console and the benchmarks: patch timings, and the unread counts the UI holds.
  Object.assign(window, {
    __plazaPerf: {
      patches: stats,
      unread: () => Object.fromEntries([...store.channels.value.values()].map((c) => [c.address, c.unread])),
    },
  });
  keepFocusAcrossDisabling();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <PlazaProvider store={store} core={core}>
        <App />
      </PlazaProvider>
    </StrictMode>,
  );
  return (patch) => stats.record(patch, () => applyPatch(store, patch));
}
