/**
 * The realtime socket with its reconnect loop (spec 1 §4): states connecting,
 * online, offline; on close it retries after 1 s, ×1.5 per attempt, capped at
 * 30 s; the delay resets once connected. A keepalive CHK goes out every 30 s.
 */
import type { SocketState } from '../protocol/events';
import { RECONNECT } from '../protocol/frames/connection';
import { encodeUpFrame, type UpFrame } from '../protocol/frames/up';
import { SOCKET_OPEN, type Clock, type SocketFactory, type SocketLike } from './ports';

export const KEEPALIVE_MS = 30_000;

export interface SocketConnection {
  start(): void;
  stop(): void;
  send(frame: UpFrame): boolean;
  readonly state: SocketState;
}

export function nextDelay(previous: number | null): number {
  return previous === null ? RECONNECT.initialMs : Math.min(previous * RECONNECT.factor, RECONNECT.maxMs);
}

export function createSocketConnection(options: {
  url: () => string | null;
  openSocket: SocketFactory;
  clock: Clock;
  onState: (state: SocketState) => void;
  onText: (text: unknown) => void;
  onOpen: () => void;
}): SocketConnection {
  const { clock } = options;
  let socket: SocketLike | null = null;
  let running = false;
  let state: SocketState = 'connecting';
  let delay: number | null = null;
  let retryTimer: unknown = null;
  let keepaliveTimer: unknown = null;
  let check = 0;

  const setState = (next: SocketState): void => {
    if (next === state) return;
    state = next;
    options.onState(next);
  };

  const keepalive = (): void => {
    keepaliveTimer = clock.setTimeout(() => {
      if (socket?.readyState === SOCKET_OPEN) socket.send(encodeUpFrame({ code: 'CHK', data: { check: ++check } }));
      keepalive();
    }, KEEPALIVE_MS);
  };

  const connect = (): void => {
    retryTimer = null;
    const url = options.url();
    if (!running || !url) return;
    setState('connecting');
    const ws = options.openSocket(url);
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      delay = null;
      setState('online');
      keepalive();
      options.onOpen();
    };
    ws.onmessage = (ev) => {
      if (socket === ws) options.onText(ev.data);
    };
    ws.onerror = () => {}; // a close always follows
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      clock.clearTimeout(keepaliveTimer);
      setState('offline');
      if (!running) return;
      delay = nextDelay(delay);
      retryTimer = clock.setTimeout(connect, delay);
    };
  };

  return {
    start() {
      if (running) return;
      running = true;
      connect();
    },
    stop() {
      running = false;
      clock.clearTimeout(retryTimer);
      clock.clearTimeout(keepaliveTimer);
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
    get state() {
      return state;
    },
  };
}
