/**
 * The realtime socket at /websocket/messages: authentication on upgrade,
 * per-user socket sets for fan-out, presence (DEV/IDL) and the inbound frames
 * CHK, DEV, IDL and TYP. Presence changes are reported to one listener
 * (server/presence.ts broadcasts them as NOS). Frames are decoded in exactly one place
 * (`decodeUpFrame`); an invalid frame is logged and ignored, the socket stays.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { SEQUENCED_DOWN_CODES, type DownCode, type DownFrameInput } from '../protocol/frames/down';
import { encodeFrame } from '../protocol/frames/frame-codec';
import { decodeUpFrame, type UpFrame } from '../protocol/frames/up';
import { AUTH_HEADERS } from '../protocol/rest/endpoints';
import { getMembership, memberGuids } from './channel-store';
import type { Database } from './db';
import { findSessionUser, type UserRow } from './user-store';

export const SOCKET_PATH = '/websocket/messages';
const MAX_FRAME_BYTES = 1_048_576;
const PING_INTERVAL_MS = 30_000;

interface Client {
  ws: WebSocket;
  user: UserRow;
  loginGuid: string;
  authToken: string;
  idle: boolean;
  deviceGuid: string | null;
  alive: boolean;
  /** Sequenced frames sent on this connection so far (each carries its number `n`). */
  sent: number;
}

export type ConnectionState = 'offline' | 'active' | 'idle';

/**
 * Told when a user's connection state changed, and on every "active" report
 * (IDL/DEV with is_idle false) even without a change: receivers turn an
 * automatic 'active' to idle after 30 s without news (spec 3 §4.1).
 */
export type PresenceListener = (user: UserRow, state: ConnectionState) => void;

export class SocketHub {
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  readonly #byUser = new Map<string, Set<Client>>();
  readonly #pingTimer: NodeJS.Timeout;
  #closed = false;
  #presenceListener: PresenceListener | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void,
  ) {
    // Dead peers (no pong within one interval) are terminated so presence stays honest.
    this.#pingTimer = setInterval(() => {
      for (const client of this.#clients()) {
        if (!client.alive) client.ws.terminate();
        else {
          client.alive = false;
          client.ws.ping();
        }
      }
    }, PING_INTERVAL_MS);
    this.#pingTimer.unref();
  }

  /** Takes over the http server's upgrade requests. */
  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => {
      socket.on('error', () => socket.destroy());
      this.#upgrade(req, socket, head).catch((err: unknown) => {
        this.log(`socket upgrade failed: ${String(err)}`);
        rejectUpgrade(socket, 500, 'Internal Server Error');
      });
    });
  }

  /** Sends a frame to every socket of the given users, optionally skipping one user. */
  sendToUsers<C extends DownCode>(userGuids: Iterable<string>, code: C, body: DownFrameInput<C>, exceptUser?: string): number {
    const text = encodeFrame(code, body);
    let sent = 0;
    for (const guid of new Set(userGuids)) {
      if (guid === exceptUser) continue;
      for (const client of this.#byUser.get(guid) ?? []) {
        if (this.#sendText(client, code, text)) sent++;
      }
    }
    return sent;
  }

  /**
   * 'active' while a socket of the user is connected and not idle, 'idle' when all say idle, 'offline' without
   * sockets. Not '': the spec's mapping (1 §4) reads an empty state as Idle.
   */
  connectionState(userGuid: string): ConnectionState {
    const clients = this.#byUser.get(userGuid);
    if (!clients || clients.size === 0) return 'offline';
    for (const c of clients) if (!c.idle) return 'active';
    return 'idle';
  }

  /** Sets the one listener told about presence changes. */
  onPresence(listener: PresenceListener): void {
    this.#presenceListener = listener;
  }

  /** Runs a change to a user's sockets and tells the listener when the state changed (or an active report came in). */
  #withPresence(user: UserRow, change: () => void, activeReport = false): void {
    const before = this.connectionState(user.guid);
    change();
    const after = this.connectionState(user.guid);
    if (this.#closed) return;
    if (before !== after || (activeReport && after === 'active')) this.#presenceListener?.(user, after);
  }

  /** Ends a session's sockets: OUT, then close. */
  signOut(loginGuid: string, reason = 'Signed out'): void {
    for (const client of this.#clients()) {
      if (client.loginGuid === loginGuid) this.#sendOut(client, reason);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#pingTimer);
    for (const client of this.#clients()) client.ws.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  *#clients(): Generator<Client> {
    for (const set of this.#byUser.values()) yield* set;
  }

  async #upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== SOCKET_PATH) {
      this.log(`socket rejected ${url.pathname}: unknown path`);
      return rejectUpgrade(socket, 404, 'Not Found');
    }
    // Browsers cannot set headers on a WebSocket, so the query parameters are accepted too.
    const loginGuid = header(req, AUTH_HEADERS.loginGuid) ?? url.searchParams.get('login_guid') ?? undefined;
    const authToken = header(req, AUTH_HEADERS.authToken) ?? url.searchParams.get('auth_token') ?? undefined;
    const user = await findSessionUser(this.db, loginGuid, authToken);
    if (this.#closed) return rejectUpgrade(socket, 503, 'Service Unavailable');
    if (!user || !loginGuid || !authToken) {
      this.log(`socket rejected ${url.pathname}: not signed in`);
      return rejectUpgrade(socket, 403, 'Forbidden');
    }
    this.#wss.handleUpgrade(req, socket, head, (ws) => this.#register(ws, user, loginGuid, authToken));
  }

  #register(ws: WebSocket, user: UserRow, loginGuid: string, authToken: string): void {
    const client: Client = { ws, user, loginGuid, authToken, idle: false, deviceGuid: null, alive: true, sent: 0 };
    let set = this.#byUser.get(user.guid);
    if (!set) this.#byUser.set(user.guid, (set = new Set()));
    const sockets = set;
    this.#withPresence(user, () => sockets.add(client));
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('message', (data, isBinary) => {
      this.#onFrame(client, data, isBinary).catch((err: unknown) => this.log(`socket frame failed for ${user.guid}: ${String(err)}`));
    });
    ws.on('error', (err) => this.log(`socket error for ${user.guid}: ${err.message}`));
    ws.on('close', () => {
      this.#withPresence(user, () => {
        sockets.delete(client);
        if (sockets.size === 0 && this.#byUser.get(user.guid) === sockets) this.#byUser.delete(user.guid);
      });
    });
  }

  async #onFrame(client: Client, data: RawData, isBinary: boolean): Promise<void> {
    const decoded = decodeUpFrame(isBinary ? undefined : rawToText(data));
    if (!decoded.ok) {
      this.log(`socket frame rejected from ${client.user.guid}: ${decoded.error.code} ${decoded.error.reason}`);
      return;
    }
    await this.#handle(client, decoded.value);
  }

  async #handle(client: Client, frame: UpFrame): Promise<void> {
    switch (frame.code) {
      case 'CHK': {
        // The keepalive doubles as a session check: a signed-out session gets OUT.
        const user = await findSessionUser(this.db, client.loginGuid, client.authToken);
        if (!user) return this.#sendOut(client, 'Not signed in');
        // `n`: how many sequenced frames went out before this ACK, so the client can tell it missed one.
        this.#send(client, 'ACK', { check: frame.data.check, n: client.sent });
        return;
      }
      case 'DEV':
        client.deviceGuid = frame.data.device_guid;
        this.#withPresence(client.user, () => (client.idle = frame.data.is_idle), !frame.data.is_idle);
        return;
      case 'IDL':
        this.#withPresence(client.user, () => (client.idle = frame.data.is_idle), !frame.data.is_idle);
        return;
      case 'TYP': {
        const { address } = frame.data;
        const channel = await getMembership(this.db, client.user.guid, address);
        if (!channel) {
          this.log(`socket frame rejected from ${client.user.guid}: TYP not a member of ${address}`);
          return;
        }
        const members = await memberGuids(this.db, channel.guid);
        const { guid, first_name, last_name } = client.user;
        this.sendToUsers(members, 'TYP', { address, user_guid: guid, first_name, last_name }, guid);
        return;
      }
      default: {
        const never: never = frame;
        throw new Error(`unhandled frame ${String((never as UpFrame).code)}`);
      }
    }
  }

  #send<C extends DownCode>(client: Client, code: C, body: DownFrameInput<C>): void {
    this.#sendText(client, code, encodeFrame(code, body));
  }

  /** Sends an encoded frame; a sequenced one gets the connection's next number `n` as its first field. */
  #sendText(client: Client, code: DownCode, text: string): boolean {
    if (client.ws.readyState !== WebSocket.OPEN) return false;
    if (!SEQUENCED_DOWN_CODES.has(code)) {
      client.ws.send(text);
      return true;
    }
    const n = ++client.sent;
    // The body is a JSON object (every frame schema is one): put `n` in front of its fields.
    const json = text.slice(4);
    client.ws.send(`${text.slice(0, 4)}{"n":${n}${json === '{}' ? '' : ','}${json.slice(1)}`);
    return true;
  }

  #sendOut(client: Client, reason: string): void {
    this.#send(client, 'OUT', { reason });
    client.ws.close(1000, 'signed out');
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function rawToText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/** Answers an upgrade request with a plain HTTP status and closes the connection. */
function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  if (!socket.writable) return void socket.destroy();
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
}
