/**
 * Plaza's app-shell service worker (/sw.js, scope /), built by scripts/service-worker-plugin.ts in
 * production builds only. It lets Plaza open without a network: the page and its files come from a
 * cache precached at install, and the core paints from IndexedDB as at any cold start. It never
 * touches the REST API, the socket or anything not GET (policy.ts): the core's data is in IndexedDB.
 *
 * Updates: a new build's worker precaches, skips waiting and claims the open pages; its cache is named
 * by the build's version. Online, navigations always come from the network (navigation preload, so the
 * worker's start-up is not added to the page's), so a reload runs the newest build; the cached
 * index.html answers only when the network fails. The previous version's cache is kept until the next
 * activation (cachesToDelete), so a page still running it finds its files after a rebuild.
 */
import { assetsReferencedBy, CACHE_PREFIX, cachesToDelete, routeOf, SHELL_PATH } from './policy';

declare const self: ServiceWorkerGlobalScope;
/** Put in by the build: this build's version (a hash of its files) and the paths to precache. */
declare const __PLAZA_SHELL__: { version: string; files: string[] };

const SHELL = __PLAZA_SHELL__;
const CACHE = `${CACHE_PREFIX}${SHELL.version}`;
/** A record in each version's cache: when that version activated (epoch ms). Never a path the app asks for. */
const ACTIVATED_KEY = '/__plaza-shell/activated';

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === 'asset') event.respondWith(asset(event.request));
  else if (route === 'navigation') event.respondWith(navigation(event));
  // 'network': not intercepted; the browser fetches it as without a service worker.
});

async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  const listed = new Set(SHELL.files);
  await Promise.all(
    SHELL.files.map(async (path) => {
      if (await cache.match(path)) return; // an install tried again
      const hashed = path.startsWith('/assets/');
      // A hashed file unchanged since an earlier version is copied from its cache, not downloaded again;
      // otherwise the HTTP cache may answer for a hashed file (the page just loaded it), never for index.html.
      const response = (hashed ? await caches.match(path) : undefined) ?? (await fetch(path, { cache: hashed ? 'default' : 'no-cache' }));
      if (!response.ok) throw new Error(`Plaza's service worker could not precache ${path}: ${response.status}`);
      if (path === SHELL_PATH) {
        const missing = assetsReferencedBy(await response.clone().text()).filter((file) => !listed.has(file));
        if (missing.length) throw new Error(`index.html is of another build (it loads ${missing.join(', ')}): not installing`);
      }
      await cache.put(path, response);
    }),
  );
}

async function activate(): Promise<void> {
  await self.registration.navigationPreload?.enable();
  await (await caches.open(CACHE)).put(ACTIVATED_KEY, new Response(String(Date.now())));
  const names = await caches.keys();
  const activatedAt = new Map<string, number>();
  for (const name of names) {
    if (!name.startsWith(CACHE_PREFIX)) continue;
    const marker = await (await caches.open(name)).match(ACTIVATED_KEY);
    if (marker) activatedAt.set(name, Number(await marker.text()));
  }
  await Promise.all(cachesToDelete(names, CACHE, activatedAt).map((name) => caches.delete(name)));
  await self.clients.claim();
}

/** Cache first: this version's, then any kept version's (a page of the previous build), then the network. */
async function asset(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const cached = (await (await caches.open(CACHE)).match(path)) ?? (await caches.match(path));
  return cached ?? fetch(request);
}

/** The network (the navigation preload when there is one); this version's index.html when it fails. */
async function navigation(event: FetchEvent): Promise<Response> {
  try {
    const preloaded = (await event.preloadResponse) as Response | undefined;
    return preloaded ?? (await fetch(event.request));
  } catch (err) {
    const shell = (await (await caches.open(CACHE)).match(SHELL_PATH)) ?? (await caches.match(SHELL_PATH));
    if (shell) return shell;
    throw err;
  }
}
