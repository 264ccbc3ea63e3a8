/**
 * The fault-injecting proxy of the chaos suite, at the core's ports: the core
 * gets an HTTP port and a socket factory from the proxy, and the proxy talks
 * to the real local server over real HTTP and WebSocket. Between the two it
 * applies a seeded FaultPlan: outages (connections cut, new ones refused,
 * requests failing, answers in flight lost), and while the network is up
 * dropped, duplicated, delayed and reordered frames, cut connections, lost up
 * frames, and REST calls answered with 5xx or 429, lost before the server, or
 * lost after it (the server did the work; the client never hears).
 *
 * Delays run on the schedule's virtual clock. The proxy knows what real I/O is
 * in flight, so the driver can move virtual time only when nothing real is
 * pending (`quiesce`): frames the server already sent are flushed with a CHK
 * round trip of the proxy's own, which the client never sees.
 */
import WebSocket from 'ws';
import type { Clock, HttpPost, HttpResponse, SocketFactory, SocketLike } from '../../core-worker/ports';
import { decision, isDown, type FaultPlan } from './fault-plan';

const BARRIER_PREFIX = 'proxy-barrier-';
/** Calls after which the server may have sent this client frames. */
const FRAME_MAKING = new Set(['messages/post', 'messages/delete', 'conversations/start']);

export interface PortProxy {
  readonly http: HttpPost;
  readonly openSocket: SocketFactory;
  /** Applies the plan's outages for virtual time `t` (ms after the start): cuts everything when one begins. */
  setTime(t: number): void;
  /** No more faults from now on. */
  heal(): void;
  /**
   * An outage outside any plan (the convergence benchmark): 'cut' closes every connection and refuses
   * new ones; 'silent' leaves connections looking open but carries nothing over them (a half-open
   * connection after a network change) while new connections and requests fail; null ends it.
   */
  outage(mode: 'cut' | 'silent' | null): void;
  /** Something outside the proxy (another user posting) may have made the server send frames. */
  markDirty(): void;
  /**
   * Resolves when no real I/O is in flight and every frame the server sent has reached the proxy.
   * `busy` reports work outside the proxy that will reach it without virtual time passing.
   */
  quiesce(busy?: () => boolean): Promise<void>;
  readonly stats: ProxyStats;
  close(): void;
}

export interface ProxyStats {
  framesDropped: number;
  framesDuplicated: number;
  framesDelayed: number;
  framesReordered: number;
  cuts: number;
  rest5xx: number;
  rest429: number;
  restLostBefore: number;
  restLostAfter: number;
  refused: number;
  /** Times `quiesce` gave up waiting for work outside the proxy that never came (a bug in the driver or the core). */
  stalls: number;
}

class ProxySocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  upstream: WebSocket | null = null;
  frames = 0;
  held: { text: string; timer: unknown } | null = null;
  /** The client's CHKs sent upstream whose ACK has not arrived. */
  readonly checks = new Set<string>();
  constructor(
    readonly id: number,
    private readonly sendUp: (socket: ProxySocket, data: string) => void,
    private readonly shut: (socket: ProxySocket) => void,
  ) {}
  send(data: string): void {
    if (this.readyState === 1) this.sendUp(this, data);
  }
  close(): void {
    this.shut(this);
  }
}

export function createPortProxy(options: { plan: FaultPlan; clock: Clock; upstream: HttpPost }): PortProxy {
  const { plan, clock } = options;
  const rates = plan.rates;
  const stats: ProxyStats = { framesDropped: 0, framesDuplicated: 0, framesDelayed: 0, framesReordered: 0, cuts: 0, rest5xx: 0, rest429: 0, restLostBefore: 0, restLostAfter: 0, refused: 0, stalls: 0 };
  let healed = false;
  let down = false;
  let silent = false;
  let closed = false;
  let pendingIo = 0;
  let activity = 0;
  let dirty = false;
  let socketCount = 0;
  let barrierCount = 0;
  const requestCounts = new Map<string, number>();
  const sockets = new Set<ProxySocket>();
  const barriers = new Map<string, () => void>();
  let ioWaiters: (() => void)[] = [];

  const d = (...key: (string | number)[]) => decision(plan.seed, ...key);
  const vdelay = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
  const faulty = () => !healed && !down;

  const ioStart = (): void => {
    pendingIo++;
    activity++;
  };
  const ioEnd = (): void => {
    pendingIo--;
    activity++;
    const waiters = ioWaiters;
    ioWaiters = [];
    for (const w of waiters) w();
  };

  /** The client's side of a connection ends: closed, and told so (asynchronously, as a browser does). */
  const finish = (socket: ProxySocket): void => {
    if (socket.readyState === 3) return;
    socket.readyState = 3;
    sockets.delete(socket);
    answered(socket, null);
    if (socket.held) clock.clearTimeout(socket.held.timer);
    socket.held = null;
    const up = socket.upstream;
    socket.upstream = null;
    if (up && up.readyState !== WebSocket.CLOSED) up.terminate();
    queueMicrotask(() => socket.onclose?.({}));
  };

  const emit = (socket: ProxySocket, text: string): void => {
    if (socket.readyState === 1) socket.onmessage?.({ data: text });
  };

  const releaseHeld = (socket: ProxySocket): void => {
    const held = socket.held;
    if (!held) return;
    socket.held = null;
    clock.clearTimeout(held.timer);
    emit(socket, held.text);
  };

  /** One frame from the server on its way to the client, through the plan's frame faults. */
  const deliver = (socket: ProxySocket, text: string): void => {
    const barrier = /^ACK \{.*"check":"(proxy-barrier-\d+)"/.exec(text);
    if (barrier) {
      barriers.get(barrier[1]!)?.();
      return;
    }
    if (silent) return;
    const ack = /^ACK \{"check":(\d+)/.exec(text)?.[1];
    if (ack !== undefined) answered(socket, ack);
    const k = socket.frames++;
    if (!faulty()) {
      emit(socket, text);
      releaseHeld(socket);
      return;
    }
    if (d('cut', socket.id, k) < rates.cut) {
      stats.cuts++;
      return finish(socket);
    }
    if (d('drop', socket.id, k) < rates.frameDrop) {
      stats.framesDropped++;
      return;
    }
    const copies = d('dup', socket.id, k) < rates.frameDuplicate ? 2 : 1;
    if (copies === 2) stats.framesDuplicated++;
    for (let c = 0; c < copies; c++) {
      if (d('delay', socket.id, k, c) < rates.frameDelay) {
        stats.framesDelayed++;
        clock.setTimeout(() => emit(socket, text), 1 + Math.floor(d('delay-ms', socket.id, k, c) * 3_000));
      } else if (!socket.held && d('reorder', socket.id, k, c) < rates.frameReorder) {
        // Held until the next frame has passed it (or a moment has gone by).
        stats.framesReordered++;
        socket.held = { text, timer: clock.setTimeout(() => releaseHeld(socket), 250) };
      } else {
        emit(socket, text);
        releaseHeld(socket);
      }
    }
  };

  const sendUp = (socket: ProxySocket, data: string): void => {
    if (silent) return;
    if (faulty() && d('up', socket.id, socket.frames, data.slice(0, 3)) < rates.upDrop) return;
    const up = socket.upstream;
    if (!up || up.readyState !== WebSocket.OPEN) return;
    // The client's CHK waits (on the virtual clock) for its ACK: until that has come back, real I/O is in flight.
    const check = /^CHK \{"check":(\d+)\}$/.exec(data)?.[1];
    if (check !== undefined && !socket.checks.has(check)) {
      socket.checks.add(check);
      ioStart();
    }
    up.send(data);
  };

  /** An ACK (or the connection's end) answers the client's CHKs in flight. */
  const answered = (socket: ProxySocket, check: string | null): void => {
    for (const c of [...socket.checks]) {
      if (check !== null && c !== check) continue;
      socket.checks.delete(c);
      ioEnd();
    }
  };

  const openSocket: SocketFactory = (url) => {
    const socket = new ProxySocket(socketCount++, sendUp, finish);
    activity++;
    if (down || closed) {
      // The network is down: the connection attempt fails after a while.
      stats.refused++;
      clock.setTimeout(() => finish(socket), Math.floor(d('refuse-ms', socket.id) * 1_500));
      return socket;
    }
    const up = new WebSocket(url);
    socket.upstream = up;
    sockets.add(socket);
    ioStart();
    let connecting = true;
    const connected = (): void => {
      if (!connecting) return;
      connecting = false;
      ioEnd();
    };
    up.on('open', () => {
      connected();
      if (socket.upstream !== up) return up.terminate();
      socket.readyState = 1;
      socket.onopen?.({});
    });
    up.on('message', (data) => {
      activity++;
      if (socket.upstream === up) deliver(socket, data.toString());
    });
    up.on('error', () => {});
    up.on('close', () => {
      connected();
      if (socket.upstream === up) finish(socket);
    });
    return socket;
  };

  const http: HttpPost = async (url, body, headers, method) => {
    activity++;
    const path = new URL(url).pathname.split('/').slice(-2).join('/');
    const n = requestCounts.get(path) ?? 0;
    requestCounts.set(path, n + 1);
    const fail = (what: string): never => {
      throw new Error(`chaos proxy: ${what}`);
    };
    if (down) return fail('network down');
    if (faulty()) {
      if (d('before', path, n) < rates.restLostBefore) {
        stats.restLostBefore++;
        await vdelay(Math.floor(d('before-ms', path, n) * 1_000));
        return fail('connection refused');
      }
      if (d('5xx', path, n) < rates.rest5xx) {
        stats.rest5xx++;
        return { status: d('5xx-code', path, n) < 0.5 ? 500 : 503, body: undefined };
      }
      if (d('429', path, n) < rates.rest429) {
        stats.rest429++;
        return { status: 429, body: { isOk: false, message: 'Too many requests' }, retryAfter: String(Math.floor(d('retry-after', path, n) * 3)) };
      }
    }
    let response: HttpResponse;
    ioStart();
    try {
      response = await options.upstream(url, body, headers, method);
    } finally {
      // A post or a deletion makes the server send frames (MSG, DEL) to this client too.
      if (FRAME_MAKING.has(path)) dirty = true;
      ioEnd();
    }
    if (down) return fail('connection reset');
    if (faulty()) {
      if (d('after', path, n) < rates.restLostAfter) {
        stats.restLostAfter++;
        return fail('connection reset (answer lost)');
      }
      if (d('slow', path, n) < rates.restDelay) await vdelay(Math.floor(d('slow-ms', path, n) * 2_000));
      if (down) return fail('connection reset');
    }
    return response;
  };

  /** A CHK round trip of the proxy's own on every open connection: frames sent before it have then arrived. */
  const barrier = async (): Promise<void> => {
    const open = [...sockets].filter((s) => s.upstream?.readyState === WebSocket.OPEN);
    await Promise.all(
      open.map(
        (socket) =>
          new Promise<void>((resolve) => {
            const check = `${BARRIER_PREFIX}${barrierCount++}`;
            ioStart();
            const done = (): void => {
              if (!barriers.delete(check)) return;
              clearTimeout(timer);
              socket.upstream?.off('close', done);
              ioEnd();
              resolve();
            };
            // A connection that closes meanwhile delivers nothing more; a lost answer must not hang the suite.
            const timer = setTimeout(done, 2_000);
            barriers.set(check, done);
            socket.upstream!.once('close', done);
            socket.upstream!.send(`CHK {"check":"${check}"}`);
          }),
      ),
    );
  };

  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const ioEvent = () => new Promise<void>((resolve) => ioWaiters.push(resolve));
  const quietMs = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

  return {
    http,
    openSocket,
    setTime(t) {
      const nowDown = !healed && isDown(plan, t);
      if (nowDown && !down) for (const socket of [...sockets]) finish(socket);
      down = nowDown;
    },
    heal() {
      healed = true;
      down = false;
    },
    outage(mode) {
      if (mode === 'cut') for (const socket of [...sockets]) finish(socket);
      down = mode !== null;
      silent = mode === 'silent';
    },
    markDirty() {
      dirty = true;
    },
    async quiesce(busy = () => false) {
      let busySince: number | null = null;
      for (;;) {
        await settle();
        if (pendingIo > 0) {
          await ioEvent();
          continue;
        }
        if (busy()) {
          busySince ??= performance.now();
          if (performance.now() - busySince < 10_000) {
            await quietMs();
            continue;
          }
          stats.stalls++;
        }
        busySince = null;
        if (dirty) {
          dirty = false;
          await barrier();
          continue;
        }
        // Work handed to a real timer (the request scheduler's) shows up within a few milliseconds.
        const seen = activity;
        await quietMs();
        await settle();
        if (pendingIo === 0 && !dirty && activity === seen && (!busy() || stats.stalls > 0)) return;
      }
    },
    stats,
    close() {
      closed = true;
      for (const socket of [...sockets]) finish(socket);
    },
  };
}
