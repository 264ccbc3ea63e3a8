/** The service worker's decisions (ui/service-worker/policy.ts): which requests it answers, which caches it keeps. */
import { describe, expect, it } from 'vitest';
import { assetsReferencedBy, cachesToDelete, routeOf, type RequestFacts } from '../../ui/service-worker/policy';

const ORIGIN = 'http://127.0.0.1:8080';
const get = (path: string, mode = 'cors'): RequestFacts => ({ method: 'GET', url: ORIGIN + path, mode });
const page = (path: string): RequestFacts => get(path, 'navigate');

describe('routeOf', () => {
  it('answers every page of the app, whatever its path, as a navigation', () => {
    for (const path of ['/', '/login?destination=%2Fdrafts', '/c/company%3Aacme', '/c/team%3Adesign/thread/abc', '/drafts', '/flagged', '/debug/replay', '/people', '/search?q=launch', '/no/such/page', '/secure/confirmed/corporate/landing']) {
      expect(routeOf(page(path), ORIGIN), path).toBe('navigation');
    }
  });

  it('answers the hashed build files from the cache, whoever asks (page, core worker, debugger)', () => {
    for (const path of ['/assets/index-Ch6bl07l.js', '/assets/worker-BIZ55vbd.js', '/assets/index-B3cYKsWC.css', '/assets/mount-VeATWbVv.js.map']) {
      expect(routeOf(get(path), ORIGIN), path).toBe('asset');
      expect(routeOf({ ...get(path), mode: 'same-origin' }, ORIGIN), path).toBe('asset');
    }
  });

  it('never intercepts the REST API, the socket, the service worker itself or another origin', () => {
    for (const path of ['/data/login', '/data', '/secure/data/confirmed/corporate/messages/history', '/secure/data', '/websocket/messages', '/websocket/messages?x=1']) {
      expect(routeOf(get(path), ORIGIN), path).toBe('network');
      expect(routeOf(page(path), ORIGIN), `${path} as a page`).toBe('network');
    }
    expect(routeOf(get('/sw.js'), ORIGIN)).toBe('network');
    expect(routeOf(page('/sw.js'), ORIGIN)).toBe('network');
    expect(routeOf(get('/index.html'), ORIGIN)).toBe('network');
    expect(routeOf({ method: 'GET', url: 'https://cdn.example.com/assets/x.js', mode: 'cors' }, ORIGIN)).toBe('network');
    expect(routeOf({ method: 'GET', url: 'http://127.0.0.1:5173/', mode: 'navigate' }, ORIGIN)).toBe('network');
  });

  it('never intercepts anything but GET', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS']) {
      expect(routeOf({ method, url: `${ORIGIN}/assets/index-Ch6bl07l.js`, mode: 'cors' }, ORIGIN), method).toBe('network');
      expect(routeOf({ method, url: `${ORIGIN}/drafts`, mode: 'navigate' }, ORIGIN), method).toBe('network');
      expect(routeOf({ method, url: `${ORIGIN}/secure/data/confirmed/corporate/messages/post`, mode: 'cors' }, ORIGIN), method).toBe('network');
    }
  });
});

describe('cachesToDelete', () => {
  it('keeps the current version and the one active before it, deletes older ones and ones never activated', () => {
    const names = ['plaza-shell-v1', 'plaza-shell-v2', 'plaza-shell-v3', 'plaza-shell-v4', 'plaza-shell-v5', 'someone-else'];
    const activatedAt = new Map([
      ['plaza-shell-v1', 100],
      ['plaza-shell-v2', 300],
      ['plaza-shell-v3', 200],
      ['plaza-shell-v5', 400],
    ]);
    expect(cachesToDelete(names, 'plaza-shell-v5', activatedAt).sort()).toEqual(['plaza-shell-v1', 'plaza-shell-v3', 'plaza-shell-v4']);
  });

  it('deletes nothing at the first activation, and keeps a lone previous version', () => {
    expect(cachesToDelete(['plaza-shell-a'], 'plaza-shell-a', new Map([['plaza-shell-a', 1]]))).toEqual([]);
    expect(cachesToDelete(['plaza-shell-a', 'plaza-shell-b'], 'plaza-shell-b', new Map([['plaza-shell-a', 1]]))).toEqual([]);
  });
});

describe('assetsReferencedBy', () => {
  it('finds the files a built index.html loads', () => {
    const html = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-Ch6bl07l.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-B3cYKsWC.css">
    <link rel="icon" href="https://example.com/favicon.ico"></head><body><a href="/drafts">x</a></body></html>`;
    expect(assetsReferencedBy(html).sort()).toEqual(['/assets/index-B3cYKsWC.css', '/assets/index-Ch6bl07l.js']);
  });
});
