/** Test helpers: a server per test file, sign-in, REST calls and a socket that records frames. */
import pg from 'pg';
import WebSocket from 'ws';
import { createPlazaServer, type PlazaServer, type PlazaServerOptions } from '../../server/app';
import { AUTH_HEADERS, endpoints, type EndpointName, type RequestOf } from '../../protocol/rest/endpoints';
import { decodeDownFrame, type DownFrame } from '../../protocol/frames/down';
import { DEMO_PASSWORD } from '../../server/seed';

export interface Session {
  login_guid: string;
  auth_token: string;
  user_guid: string;
  email: string;
}

export interface Harness {
  server: PlazaServer;
  logs: string[];
  login(email: string, password?: string): Promise<Session>;
  /** A raw call: status and parsed JSON body. */
  call(name: EndpointName, body: unknown, session?: Session): Promise<{ status: number; body: any }>;
  /** A call expected to succeed (status 200, isOk true). */
  ok<N extends EndpointName>(name: N, body: RequestOf<N>, session: Session): Promise<any>;
  socket(session: Session): Promise<TestSocket>;
  channelByName(session: Session, name: string): Promise<any>;
}

/**
 * When the suite runs as the `server-on-postgres` project (vite.config.ts), a server
 * without its own storage options gets a fresh database on the test PostgreSQL.
 */
async function storageFor(options: PlazaServerOptions): Promise<{ databaseUrl?: string; drop?: () => Promise<void> }> {
  const admin = process.env.PLAZA_SERVER_DB === 'postgres' ? process.env.PLAZA_TEST_DATABASE_URL : undefined;
  if (!admin || options.databaseUrl || options.dataDir) return {};
  const name = `plaza_suite_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function startHarness(options: PlazaServerOptions = {}): Promise<Harness> {
  const logs: string[] = [];
  const storage = await storageFor(options);
  const started = await createPlazaServer({ port: 0, log: (l) => logs.push(l), ...options, ...(storage.databaseUrl ? { databaseUrl: storage.databaseUrl } : {}) });
  const server: PlazaServer = storage.drop
    ? { ...started, close: async () => (await started.close(), await storage.drop!()) }
    : started;
  const call = async (name: EndpointName, body: unknown, session?: Session) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (session) {
      headers[AUTH_HEADERS.loginGuid] = session.login_guid;
      headers[AUTH_HEADERS.authToken] = session.auth_token;
    }
    const { path, method } = endpoints[name];
    const res = await fetch(server.url + path, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const harness: Harness = {
    server,
    logs,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await call('login', { email, password });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { login_guid: res.body.login_guid, auth_token: res.body.auth_token, user_guid: res.body.user.target_user_guid, email };
    },
    async ok(name, body, session) {
      const res = await call(name, body, session);
      if (res.status !== 200 || res.body?.isOk !== true) throw new Error(`${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    socket: (session) => openSocket(server.url, session),
    async channelByName(session, name) {
      const list = await harness.ok('channelsList', {}, session);
      const found = list.channels.find((c: any) => c.name === name);
      if (!found) throw new Error(`no channel ${name} for ${session.email}`);
      return found;
    },
  };
  return harness;
}

export interface TestSocket {
  ws: WebSocket;
  frames: DownFrame[];
  /** Raw texts, as sent by the server. */
  raw: string[];
  send(text: string): void;
  /** Resolves with the first recorded (or future) frame matching. */
  next<C extends DownFrame['code']>(code: C, match?: (data: Extract<DownFrame, { code: C }>['data']) => boolean, timeoutMs?: number): Promise<Extract<DownFrame, { code: C }>['data']>;
  count(code: DownFrame['code'], match?: (data: any) => boolean): number;
  close(): void;
}

export function socketUrl(baseUrl: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/websocket/messages`;
}

export function openSocket(baseUrl: string, session: Session): Promise<TestSocket> {
  const ws = new WebSocket(socketUrl(baseUrl), {
    headers: { [AUTH_HEADERS.loginGuid]: session.login_guid, [AUTH_HEADERS.authToken]: session.auth_token },
  });
  return wrapSocket(ws);
}

export function wrapSocket(ws: WebSocket): Promise<TestSocket> {
  const frames: DownFrame[] = [];
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    const text = data.toString();
    raw.push(text);
    const decoded = decodeDownFrame(text);
    if (decoded.ok === true) frames.push(decoded.value);
    for (const w of [...waiters]) w();
  });
  const socket: TestSocket = {
    ws,
    frames,
    raw,
    send: (text) => ws.send(text),
    next(code, match = () => true, timeoutMs = 3_000) {
      const find = () => frames.find((f) => f.code === code && match(f.data as never))?.data as never;
      return new Promise((resolve, reject) => {
        const hit = find();
        if (hit) return resolve(hit);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${code} frame within ${timeoutMs} ms; got ${raw.join(' | ')}`));
        }, timeoutMs);
        const check = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
      });
    },
    count: (code, match = () => true) => frames.filter((f) => f.code === code && match(f.data)).length,
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

/** Resolves with the HTTP status the server answered an upgrade with (rejects if it upgraded). */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('open', () => {
      ws.close();
      reject(new Error('the socket opened'));
    });
    ws.on('error', () => {});
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const textJson = (t: string) => JSON.stringify([{ type: 'text', text: t }]);

/** Signs in the four demo people. */
export async function loginDemo(h: Harness): Promise<{ alice: Session; bob: Session; carol: Session; dave: Session }> {
  const [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => h.login(`${n}@acme.test`)));
  return { alice: alice!, bob: bob!, carol: carol!, dave: dave! };
}
