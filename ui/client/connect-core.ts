/**
 * The only place that knows the core runs in a Web Worker reached through
 * Comlink. Everything else in the UI sees a plain CoreApi.
 */
import * as Comlink from 'comlink';
import { CORE_WORKER_NAME_PREFIX, isEarlyViewsMessage, type CoreApi, type PatchListener } from '../../protocol/core-api';
import { TAB_ID } from './tab-id';

/**
 * Starts the core worker and returns its API; listeners are proxied so the worker can call back.
 * `onEarlyViews` gets the stored sidebar's JSON text if the worker read one before its core loaded
 * (core-worker/early-views.ts), once.
 */
export function connectCore(onEarlyViews?: (text: string) => void): CoreApi {
  const worker = new Worker(new URL('../../core-worker/worker.ts', import.meta.url), { type: 'module', name: `${CORE_WORKER_NAME_PREFIX}${TAB_ID}` });
  if (onEarlyViews) {
    const early = (event: MessageEvent): void => {
      if (!isEarlyViewsMessage(event.data)) return;
      worker.removeEventListener('message', early);
      onEarlyViews(event.data.plazaEarlyViews);
    };
    worker.addEventListener('message', early);
  }
  const remote = Comlink.wrap<CoreApi>(worker);
  // A function cannot be structured-cloned: the patch listener crosses as a proxy the worker calls back through.
  const subscribe: CoreApi['$subscribe'] = (listener: PatchListener) => remote.$subscribe(Comlink.proxy(listener));
  // Every other `$` method is forwarded as it is; anything else (e.g. `then`) is not part of the API.
  return new Proxy({} as CoreApi, {
    get(_target, name) {
      if (name === '$subscribe') return subscribe;
      if (typeof name !== 'string' || !name.startsWith('$')) return undefined;
      return (...args: unknown[]) => (remote as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[name]!(...args);
    },
  });
}
