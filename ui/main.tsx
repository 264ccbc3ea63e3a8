/**
 * Page entry. The worker starts first, from this small chunk, while the
 * browser is still fetching and compiling React and the app (mount.tsx):
 * on a cold start the worker reads the stored sidebar in parallel, and its
 * first patches wait in a queue until the app is there to apply them.
 */
import { connectCore } from './client/connect-core';
import { registerServiceWorker } from './client/service-worker';
import type { ViewPatch } from '../protocol/views';

const core = connectCore();
const early: ViewPatch[] = [];
let deliver: ((patch: ViewPatch) => void) | null = null;
void core.$subscribe((patch) => (deliver ? deliver(patch) : early.push(patch)));

void import('./mount').then(({ mount }) => {
  deliver = mount(core);
  for (const patch of early.splice(0)) deliver(patch);
});

registerServiceWorker();
