/** Sign-in, the 400/403/404/413 edges, the socket's auth and connection frames, and static files. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../protocol/rest/endpoints';
import { LoginResponse } from '../../protocol/rest/session';
import { startHarness, socketUrl, upgradeStatus, wrapSocket, sleep, type Harness } from './helpers';

let h: Harness;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'plaza-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Plaza</title>');
  writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'assets', 'app-abc123.css'), 'body{}');
  writeFileSync(join(tmpdir(), 'plaza-secret.txt'), 'secret');
  h = await startHarness({ staticDir });
});
afterAll(async () => {
  await h?.server.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('sign-in', () => {
  it('returns a session and the user for the right password', async () => {
    const res = await h.call('login', { email: 'Alice@Acme.test ', password: 'plaza-demo' });
    expect(res.status).toBe(200);
    const parsed = LoginResponse.parse(res.body);
    expect(parsed.user).toMatchObject({ name: 'Alice Anders', email: 'alice@acme.test', is_company_admin: true });
  });

  it('answers 401 with the spec text for a wrong password or unknown email', async () => {
    for (const body of [
      { email: 'alice@acme.test', password: 'wrong' },
      { email: 'nobody@acme.test', password: 'plaza-demo' },
    ]) {
      const res = await h.call('login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ isOk: false, message: 'The email or password is incorrect.' });
    }
  });

  it('answers 400 with per-field results for a bad body or bad JSON', async () => {
    const res = await h.call('login', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.isOk).toBe(false);
    expect(res.body.results.email).toEqual({ isOk: false, message: 'Invalid email address' });
    expect(res.body.results.password.isOk).toBe(false);
    const bad = await h.call('login', '{"email":');
    expect(bad.status).toBe(400);
    expect(bad.body.results.body.isOk).toBe(false);
    expect(h.logs.some((l) => l.includes('/data/login') && l.includes('400'))).toBe(true);
  });
});

describe('secure calls', () => {
  it('answer 403 Not signed in without headers or with a wrong token', async () => {
    const alice = await h.login('alice@acme.test');
    for (const session of [undefined, { ...alice, auth_token: 'x'.repeat(43) }, { ...alice, login_guid: 'nope' }]) {
      const res = await h.call('channelsList', {}, session);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ isOk: false, message: 'Not signed in' });
    }
  });

  it('answer 400 for a body failing the request schema', async () => {
    const alice = await h.login('alice@acme.test');
    const res = await h.call('history', { page: -1 }, alice);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.results)).toEqual(expect.arrayContaining(['page', 'address']));
    expect(res.body.message).toContain('page');
  });

  it('answer 404 for an unknown path, 405 for GET, 413 past 1 MB', async () => {
    const alice = await h.login('alice@acme.test');
    const unknown = await fetch(`${h.server.url}/secure/data/confirmed/corporate/nothing`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    const get = await fetch(h.server.url + endpoints.channelsList.path);
    expect(get.status).toBe(405);
    const big = await fetch(h.server.url + endpoints.post.path, {
      method: 'POST',
      headers: { 'x-login-guid': alice.login_guid, 'x-auth-token': alice.auth_token },
      body: JSON.stringify({ address: 'a', json: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('signing out ends the session: 403 afterwards and OUT on its socket', async () => {
    const bob = await h.login('bob@acme.test');
    const socket = await h.socket(bob);
    const closed = new Promise<number>((r) => socket.ws.once('close', (code) => r(code)));
    await h.server.signOut(bob.login_guid);
    await socket.next('OUT');
    await closed;
    expect((await h.call('channelsList', {}, bob)).status).toBe(403);
  });
});

describe('sign-out', () => {
  it('logout ends the calling session only: 403 afterwards, OUT on its sockets (its other tabs), other sessions untouched', async () => {
    const tab = await h.login('carol@acme.test');
    const other = await h.login('carol@acme.test');
    const tabs = [await h.socket(tab), await h.socket(tab)];
    const otherSocket = await h.socket(other);
    expect(await h.call('logout', {}, tab)).toEqual({ status: 200, body: { isOk: true } });
    for (const socket of tabs) await socket.next('OUT');
    expect((await h.call('channelsList', {}, tab)).status).toBe(403);
    expect((await h.call('logout', {}, tab)).status).toBe(403);
    expect((await h.call('ping', {}, other)).status).toBe(200);
    expect(otherSocket.count('OUT')).toBe(0);
    otherSocket.close();
  });
});

describe('socket', () => {
  it('answers a failed authentication with HTTP 403 and no socket', async () => {
    const url = socketUrl(h.server.url);
    expect(await upgradeStatus(url)).toBe(403);
    expect(await upgradeStatus(`${url}?login_guid=a&auth_token=b`)).toBe(403);
    expect(await upgradeStatus(url, { 'x-login-guid': 'a', 'x-auth-token': 'b' })).toBe(403);
  });

  it('accepts the query parameters and answers CHK with ACK', async () => {
    const carol = await h.login('carol@acme.test');
    const ws = new WebSocket(`${socketUrl(h.server.url)}?login_guid=${carol.login_guid}&auth_token=${carol.auth_token}`);
    const socket = await wrapSocket(ws);
    socket.send('CHK {"check":42}');
    expect(await socket.next('ACK')).toEqual({ check: 42, n: 0 }); // no sequenced frame sent yet
    socket.close();
  });

  it('logs and ignores invalid frames without closing', async () => {
    const carol = await h.login('carol@acme.test');
    const socket = await h.socket(carol);
    socket.send('garbage');
    socket.send('XYZ {}');
    socket.send('TYP {"address":');
    socket.send('DEV {"device_guid":""}');
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    socket.send('CHK {"check":"still-here"}');
    expect(await socket.next('ACK')).toEqual({ check: 'still-here', n: 0 });
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    expect(h.logs.filter((l) => l.includes('socket frame rejected')).length).toBeGreaterThanOrEqual(5);
    expect(h.logs.some((l) => l.includes('XYZ unknown frame code'))).toBe(true);
    socket.close();
  });

  it('reports presence from sockets and DEV/IDL in users/list', async () => {
    const dave = await h.login('dave@acme.test');
    const alice = await h.login('alice@acme.test');
    const state = async () => {
      const res = await h.ok('usersList', {}, alice);
      return res.users.find((u: any) => u.target_user_guid === dave.user_guid).connection_state;
    };
    expect(await state()).toBe('offline');
    const socket = await h.socket(dave);
    socket.send('DEV {"device_guid":"d1","is_idle":false}');
    socket.send('CHK {"check":1}');
    await socket.next('ACK');
    expect(await state()).toBe('active');
    socket.send('IDL {"is_idle":true}');
    socket.send('CHK {"check":2}');
    await socket.next('ACK', (d) => d.check === 2);
    expect(await state()).toBe('idle');
    const closed = new Promise((r) => socket.ws.once('close', r));
    socket.close();
    await closed;
    await sleep(50);
    expect(await state()).toBe('offline');
  });
});

describe('static files', () => {
  it('serves files with types, immutable assets, SPA fallback, and nothing outside the root', async () => {
    const asset = await fetch(`${h.server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await fetch(`${h.server.url}/assets/app-abc123.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
    // The landing page a 418 leads to is the app's, though its path starts like the API's (/secure/data).
    for (const route of ['/', '/login', '/conversations/abc', '/secure/confirmed/corporate/landing']) {
      const page = await fetch(h.server.url + route);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<title>Plaza</title>');
    }
    expect((await fetch(`${h.server.url}/assets/missing.js`)).status).toBe(404);
    const unknownApi = await fetch(`${h.server.url}/secure/data/no_such_call`, { method: 'POST', body: '{}' });
    expect([unknownApi.status, await unknownApi.json()]).toEqual([404, { isOk: false, message: 'Not found' }]);
    // Raw requests: fetch would normalise the dot segments before they reach the server.
    for (const evil of ['/../plaza-secret.txt', '/assets/../../plaza-secret.txt', '/%2e%2e/plaza-secret.txt', '/assets/..%2f..%2fplaza-secret.txt']) {
      const res = await rawGet(h.server.port, evil);
      expect(res.body).not.toContain('secret');
    }
  });
});

function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
