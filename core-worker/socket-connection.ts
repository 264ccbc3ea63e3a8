/**
 * The realtime socket's state machine (spec 1 §4, §9): states connecting,
 * online, offline. On close it retries after 1 s, ×1.5 per attempt, capped at
 * 30 s; the delay resets once connected. A socket that has not opened within
 * 2 s is closed and retried. A keepalive CHK goes out every 30 s; a periodic
 * time-jump check notices when the clock moved more than its period plus 5 s
 * (sleep, clock change), reports it and sends a CHK. Any CHK whose ACK has not
 * come back within 5 s closes the socket: it is dead, however open it looks.
 *
 * The spec waits for the acknowledgement only after a time jump; Plaza waits
 * for every keepalive too, so a half-open connection (Wi-Fi change, NAT
 * timeout) is noticed within 35 s instead of never.
 */
import type { SocketState } from '../protocol/events';
import { ACK_WAIT_MS, CONNECT_TIMEOUT_MS, KEEPALIVE_MS, RECONNECT, TIME_JUMP_PERIOD_MS, TIME_JUMP_TOLERANCE_MS } from '../protocol/frames/connection';
import { encodeUpFrame, type UpFrame } from '../protocol/frames/up';
import { SOCKET_OPEN, type Clock, type SocketFactory, type SocketLike } from './ports';

export interface SocketConnection {
  start(): void;
  stop(): void;
  send(frame: UpFrame): boolean;
  /** Tries now, with the delay reset, unless connected or connecting: the network is back. */
  retryNow(): void;
  /**
   * Checks the open socket now: a CHK, and the socket closed if its ACK does not come within 5 s. For when
   * the browser says the network went away, which does not close a WebSocket by itself (Chromium keeps one
   * open, silently, through its own offline mode and many a Wi-Fi change).
   */
  checkNow(): void;
  /** The server acknowledged a CHK. */
  acknowledged(check: number | string): void;
  readonly state: SocketState;
}

export function nextDelay(previous: number | null): number {
  return previous === null ? RECONNECT.initialMs : Math.min(previous * RECONNECT.factor, RECONNECT.maxMs);
}

export interface SocketConnectionOptions {
  url: () => string | null;
  openSocket: SocketFactory;
  clock: Clock;
  onState: (state: SocketState) => void;
  onText: (text: unknown) => void;
  onOpen: () => void;
  /** The clock moved `by` ms more than the time-jump check's period. */
  onTimeJump: (by: number) => void;
  /** The time-jump check's period (spec 1 §9: 30 s, 600 s on a local development host). */
  timeJumpPeriodMs?: number;
}

export function createSocketConnection(options: SocketConnectionOptions): SocketConnection {
  const { clock } = options;
  const period = options.timeJumpPeriodMs ?? TIME_JUMP_PERIOD_MS;
  let socket: SocketLike | null = null;
  let running = false;
  let state: SocketState = 'connecting';
  let delay: number | null = null;
  let retryTimer: unknown = null;
  let connectTimer: unknown = null;
  let keepaliveTimer: unknown = null;
  let jumpTimer: unknown = null;
  let lastJumpCheck = 0;
  let check = 0;
  /** CHKs sent on the current socket whose ACK has not come, with their deadline timers. */
  const awaiting = new Map<number, unknown>();

  const setState = (next: SocketState, force = false): void => {
    if (next === state && !force) return;
    state = next;
    options.onState(next);
  };

  const clearSocketTimers = (): void => {
    clock.clearTimeout(connectTimer);
    clock.clearTimeout(keepaliveTimer);
    for (const timer of awaiting.values()) clock.clearTimeout(timer);
    connectTimer = keepaliveTimer = null;
    awaiting.clear();
  };

  /** The current socket is gone (closed, timed out, or dead): offline, and try again after the delay. */
  const lost = (ws: SocketLike, close: boolean): void => {
    if (socket !== ws) return;
    socket = null;
    clearSocketTimers();
    if (close) ws.close(4000, 'no answer');
    setState('offline');
    if (!running) return;
    delay = nextDelay(delay);
    retryTimer = clock.setTimeout(connect, delay);
  };

  /** Sends a CHK and closes the socket if its ACK does not come within 5 s. */
  const probe = (ws: SocketLike): void => {
    if (ws.readyState !== SOCKET_OPEN) return;
    const id = ++check;
    ws.send(encodeUpFrame({ code: 'CHK', data: { check: id } }));
    awaiting.set(
      id,
      clock.setTimeout(() => lost(ws, true), ACK_WAIT_MS),
    );
  };

  const keepalive = (ws: SocketLike): void => {
    keepaliveTimer = clock.setTimeout(() => {
      if (socket !== ws) return;
      probe(ws);
      keepalive(ws);
    }, KEEPALIVE_MS);
  };

  const checkTime = (): void => {
    jumpTimer = clock.setTimeout(() => {
      const now = clock.now();
      const late = now - lastJumpCheck - period;
      lastJumpCheck = now;
      if (late > TIME_JUMP_TOLERANCE_MS) {
        options.onTimeJump(late);
        if (socket) probe(socket);
      }
      if (running) checkTime();
    }, period);
  };

  function connect(): void {
    retryTimer = null;
    const url = options.url();
    if (!running || !url) return;
    setState('connecting');
    const ws = options.openSocket(url);
    socket = ws;
    connectTimer = clock.setTimeout(() => lost(ws, true), CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      if (socket !== ws) return;
      clock.clearTimeout(connectTimer);
      connectTimer = null;
      delay = null;
      setState('online');
      keepalive(ws);
      options.onOpen();
    };
    ws.onmessage = (ev) => {
      if (socket === ws) options.onText(ev.data);
    };
    ws.onerror = () => {}; // a close always follows
    ws.onclose = () => lost(ws, false);
  }

  return {
    start() {
      if (running) return;
      running = true;
      // Tell the owner where the socket stands now, even if unchanged: its record may be from an earlier run.
      setState('connecting', true);
      lastJumpCheck = clock.now();
      checkTime();
      connect();
    },
    stop() {
      running = false;
      clock.clearTimeout(retryTimer);
      clock.clearTimeout(jumpTimer);
      retryTimer = jumpTimer = null;
      clearSocketTimers();
      const ws = socket;
      socket = null;
      ws?.close(1000, 'client stop');
      setState('offline');
    },
    send(frame) {
      if (socket?.readyState !== SOCKET_OPEN) return false;
      socket.send(encodeUpFrame(frame));
      return true;
    },
    retryNow() {
      if (!running || socket !== null) return;
      clock.clearTimeout(retryTimer);
      delay = null;
      connect();
    },
    checkNow() {
      if (socket) probe(socket);
    },
    acknowledged(id) {
      const timer = awaiting.get(id as number);
      if (timer === undefined) return;
      clock.clearTimeout(timer);
      awaiting.delete(id as number);
    },
    get state() {
      return state;
    },
  };
}
