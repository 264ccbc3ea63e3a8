/**
 * The baseline page (/bench-baseline/): the same React UI as Plaza — the same
 * App, components and view store — fed from a Redux Toolkit store on the main
 * thread through react-redux instead of from Plaza's worker. Built only by
 * `npm run bench` (bench/baseline/vite.config.ts), never shipped.
 */
import { StrictMode, useLayoutEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider, useSelector } from 'react-redux';
import { App } from '../../ui/App';
import { PlazaProvider } from '../../ui/client/core-context';
import { createMemoryRouter } from '../../ui/client/router';
import { applyPatch, createViewStore } from '../../ui/client/view-store';
import { createBaselineClient } from './client';
import { createBaselineStore, type BaselineState } from './state';
import { createViewDiffer, createViewSelectors } from './views';

const store = createBaselineStore();
const viewStore = createViewStore();
const selectors = createViewSelectors();
const diff = createViewDiffer();

// Paint probe: each socket message is timed from when it was queued on this thread to the first paint after it.
const queued: number[] = [];
const samples: { queuedAt: number; paintedAt: number }[] = [];
let frameAsked = false;
const onQueued = (queuedAt: number): void => {
  queued.push(queuedAt);
  if (frameAsked) return;
  frameAsked = true;
  requestAnimationFrame(() => {
    frameAsked = false;
    const paintedAt = performance.timeOrigin + performance.now();
    for (const q of queued.splice(0)) samples.push({ queuedAt: q, paintedAt });
    if (samples.length > 100_000) samples.splice(0, 50_000);
  });
};
const client = createBaselineClient(store, onQueued);
const router = createMemoryRouter('/');

let first = true;
/** react-redux: re-renders on every dispatch whose selected views changed, and hands the diff to the view store. */
function Bridge() {
  const state = useSelector((s: BaselineState) => s);
  const channels = useSelector(selectors.selectChannelViews);
  const users = useSelector(selectors.selectUsers);
  const messages = useSelector(selectors.selectMessages);
  const views = useMemo(() => ({ channels, users, messages }), [channels, users, messages]);
  useLayoutEffect(() => {
    const patch = diff(state, views, first);
    first = false;
    if (patch) applyPatch(viewStore, patch);
  }, [state, views]);
  return null;
}

Object.assign(window, {
  __baseline: {
    samples,
    navigate: (path: string) => router.navigate(path),
    unread: () => Object.fromEntries(Object.entries(store.getState().unread.byAddress).map(([a, u]) => [a, u.count])),
    signIn: (email: string, password: string) => client.api.$signIn(email, password),
    state: () => store.getState(),
  },
});

void client.boot().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <Bridge />
        <PlazaProvider store={viewStore} core={client.api} router={router}>
          <App />
        </PlazaProvider>
      </Provider>
    </StrictMode>,
  );
});
