/** The Plaza workspace server: REST under /data and /secure/data, the socket, and the built client. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_HEADERS, endpoints, type EndpointName } from '../protocol/rest/endpoints';
import { createWelcomeBot, type BotTimers } from './bot/welcome-bot';
import { openDatabase, type Database } from './db';
import { HttpRejection, readJsonBody, reject, sendJson, validationRejection } from './http-util';
import { migrate } from './migrations';
import { createPresence } from './presence';
import type { ServerVersions } from './routes/context';
import { login, MESSAGES, ROUTES, secureHandlers } from './routes/index';
import { seedDemo } from './seed';
import { SocketHub } from './socket-hub';
import { serveStatic } from './static-files';
import { findSessionUser, revokeSession } from './user-store';

export interface PlazaServerOptions {
  /** PGlite data directory; undefined keeps the database in memory. */
  dataDir?: string;
  /** A PostgreSQL connection string (DATABASE_URL); used instead of PGlite when given. */
  databaseUrl?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The built client (dist/); without it GET / explains how to build. */
  staticDir?: string;
  /** Seed the demo company into an empty database (default true). */
  seed?: boolean;
  log?: (line: string) => void;
  /** What env_data reports; defaults to this build's version for both (no upgrade alert). */
  versions?: ServerVersions;
  /** The welcome bot's timers (tests run its typing delays instantly); real timers by default. */
  botTimers?: BotTimers;
}

export interface PlazaServer {
  url: string;
  port: number;
  db: Database;
  /** The socket hub (benchmarks push frames through it). */
  hub: SocketHub;
  /** Resolves when the welcome bot has said everything queued (tests). */
  botSettled(): Promise<void>;
  /** Ends a session: later calls get 403, its sockets get OUT and close. */
  signOut(loginGuid: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The REST API's paths: /data/… (sign-in) and /secure/data/… (everything else). Every other path is the app's:
 * /secure/confirmed/corporate/landing, the page a 418 sends people to (spec 1 §8), is one of the client's routes.
 */
const API_PREFIXES = ['/data/', '/secure/data/'];

export async function createPlazaServer(options: PlazaServerOptions = {}): Promise<PlazaServer> {
  const log = options.log ?? (() => {});
  const host = options.host ?? '127.0.0.1';
  const db = await openDatabase({ url: options.databaseUrl, dataDir: options.dataDir });
  try {
    const applied = await migrate(db);
    if (applied.length) log(`database migrated: ${applied.join(', ')}`);
    if ((options.seed ?? true) && (await seedDemo(db))) log('database seeded with the Acme demo');
  } catch (err) {
    await db.close();
    throw err;
  }

  const hub = new SocketHub(db, log);
  const presence = createPresence(db, hub, log);
  const bot = createWelcomeBot({ db, hub, log, ...(options.botTimers ? { timers: options.botTimers } : {}) });
  const deps = { db, hub, presence, bot, log, ...(options.versions ? { versions: options.versions } : {}) };
  const handlers = secureHandlers(deps);

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const name = ROUTES.get(path);
    if (!name) throw reject(404, MESSAGES.notFound);
    const endpoint = endpoints[name];
    if (req.method !== endpoint.method) throw new HttpRejection(405, { isOk: false, message: `Use ${endpoint.method}.` });
    const user = endpoint.secure
      ? await findSessionUser(db, req.headers[AUTH_HEADERS.loginGuid], req.headers[AUTH_HEADERS.authToken])
      : undefined;
    if (endpoint.secure && !user) throw reject(403, MESSAGES.notSignedIn);
    const raw = await readJsonBody(req);
    const parsed = endpoint.request.safeParse(raw);
    if (!parsed.success) throw validationRejection(parsed.error);
    const body = parsed.data as never;
    // A user was found, so the login guid header is a string (findSessionUser checked it).
    const session = { login_guid: req.headers[AUTH_HEADERS.loginGuid] as string };
    const result = user ? await handlers[name as Exclude<EndpointName, 'login'>](user, body, session) : await login(deps, body);
    sendJson(res, 200, result);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (!API_PREFIXES.some((p) => path.startsWith(p)) && path !== '/data' && path !== '/secure/data') {
      if (path.startsWith('/websocket/')) return sendJson(res, 426, { isOk: false, message: 'Upgrade to WebSocket required.' });
      try {
        return serveStatic(options.staticDir, req, res, path);
      } catch (err) {
        log(`static ${path} failed: ${String(err)}`);
        return sendJson(res, 500, { isOk: false, message: 'Internal server error' });
      }
    }
    handleApi(req, res, path).catch((err: unknown) => {
      if (err instanceof HttpRejection) {
        log(`rejected ${req.method} ${path} ${err.status}: ${err.message}`);
        // After a too-large body, close the connection rather than read the rest.
        return sendJson(res, err.status, err.body, err.status === 413 ? { Connection: 'close' } : {});
      }
      log(`failed ${req.method} ${path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      sendJson(res, 500, { isOk: false, message: 'Internal server error' });
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  hub.attach(server);

  await new Promise<void>((resolve, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', rejectListen);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    db,
    hub,
    botSettled: () => bot.settled(),
    async signOut(loginGuid) {
      await revokeSession(db, loginGuid);
      hub.signOut(loginGuid);
    },
    close() {
      closing ??= (async () => {
        bot.stop();
        await hub.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
      })();
      return closing;
    },
  };
}
