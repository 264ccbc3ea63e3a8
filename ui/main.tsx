/**
 * Page entry. The worker starts first, from this small chunk, while the
 * browser is still fetching and compiling React and the app (mount.tsx):
 * on a cold start the worker reads the stored sidebar in parallel — and
 * posts it before its core has even loaded (core-worker/early-views.ts) —
 * and the first patches wait in a queue until the app is there to apply them.
 */
import { connectCore } from './client/connect-core';
import { registerServiceWorker } from './client/service-worker';
import type { ViewPatch } from '../protocol/views';

const early: ViewPatch[] = [];
let deliver: ((patch: ViewPatch) => void) | null = null;
const show = (patch: ViewPatch): void => (deliver ? deliver(patch) : void early.push(patch));
/** Whether a patch of the core has come: the worker's early sidebar is shown only before the first. */
let coreSpoke = false;
const core = connectCore((cachedViews) => {
  if (!coreSpoke) show({ seq: 0, reset: true, cachedViews, connection: { socket: 'connecting', resyncing: false, unsent: 0 } });
});
void core.$subscribe((patch) => {
  coreSpoke = true;
  show(patch);
});

void import('./mount').then(({ mount }) => {
  deliver = mount(core);
  for (const patch of early.splice(0)) deliver(patch);
});

registerServiceWorker();
