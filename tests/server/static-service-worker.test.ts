/** The service worker's file as the server serves it (server/static-files.ts), without a database. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../server/static-files';

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plaza-sw-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Plaza</title>');
  server = createServer((req, res) => serveStatic(dir, req, res, new URL(req.url ?? '/', 'http://localhost').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('/sw.js', () => {
  it('is served as JavaScript that the browser revalidates, from the root (its scope is the whole app)', async () => {
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const res = await fetch(`${base}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    rmSync(join(dir, 'sw.js'));
  });

  it('is a 404 when the build has none, not index.html: a browser then unregisters the installed one', async () => {
    const res = await fetch(`${base}/sw.js`);
    expect(res.status).toBe(404);
    // Pages still get index.html.
    expect((await fetch(`${base}/drafts`)).headers.get('content-type')).toContain('text/html');
  });
});
