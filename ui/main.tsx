/** Page entry: start the core worker, mirror its views into signals, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { connectCore } from './client/connect-core';
import { PlazaProvider } from './client/core-context';
import { applyPatch, createViewStore } from './client/view-store';

const core = connectCore();
const store = createViewStore();
void core.$subscribe((patch) => applyPatch(store, patch));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <PlazaProvider store={store} core={core}>
      <App />
    </PlazaProvider>
  </StrictMode>,
);
