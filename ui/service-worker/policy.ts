/**
 * What the service worker does with a request, and which caches it keeps: pure functions, no
 * service-worker globals, so they are unit-tested in Node (tests/service-worker/policy.test.ts).
 */

/**
 * - `asset`: a hashed build file (/assets/…): cache first, from this version's cache or a previous one
 *   still kept, else the network. Its name changes with its content, so a cached copy is never stale.
 * - `navigation`: a page of the app (/, /c/…, /drafts, /debug/replay, …): the network, and the cached
 *   index.html only when the network fails.
 * - `network`: everything else — the REST API, the socket, other origins, anything not GET — is not
 *   intercepted at all: the browser fetches it as if there were no service worker, and nothing is cached.
 */
export type ShellRoute = 'asset' | 'navigation' | 'network';

/** The parts of a Request the decision reads. */
export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
}

/** Where the server answers with data, never with the app (server/app.ts API_PREFIXES, the socket). */
const NOT_THE_APP = /^\/(?:data|secure\/data|websocket)(?:\/|$)/;

/** Served at the root next to index.html; a navigation to it is never answered with the app. */
export const SERVICE_WORKER_PATH = '/sw.js';
export const SHELL_PATH = '/index.html';

export function routeOf(request: RequestFacts, origin: string): ShellRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  const path = url.pathname;
  if (NOT_THE_APP.test(path)) return 'network';
  if (path.startsWith('/assets/')) return 'asset';
  if (request.mode === 'navigate' && path !== SERVICE_WORKER_PATH) return 'navigation';
  return 'network';
}

/** Cache Storage names: one cache per build, named by the build's version. */
export const CACHE_PREFIX = 'plaza-shell-';

/**
 * The caches to delete when `current` activates. The cache of the version that was active before it
 * (the latest activation among the others) is kept: pages opened under that version may still ask for
 * its files — the core worker's script when the worker starts, mount.tsx's chunk, the debugger's
 * workers — and after a rebuild the server no longer has them. Older ones, and versions installed but
 * never activated, go. `activatedAt` has the activation time of each cache that has one.
 */
export function cachesToDelete(names: readonly string[], current: string, activatedAt: ReadonlyMap<string, number>): string[] {
  const others = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
  let previous: string | undefined;
  for (const name of others) {
    const at = activatedAt.get(name);
    if (at !== undefined && (previous === undefined || at > activatedAt.get(previous)!)) previous = name;
  }
  return others.filter((name) => name !== previous);
}

/**
 * The /assets/ files an index.html loads. Installing checks they are all in the precache list: an
 * index.html of a newer build (the server rebuilt between this script and that fetch) must not be
 * the shell of this version's cache, whose files it does not name.
 */
export function assetsReferencedBy(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
    const path = new URL(match[1]!, 'http://shell.invalid/').pathname;
    if (path.startsWith('/assets/')) found.add(path);
  }
  return [...found];
}
