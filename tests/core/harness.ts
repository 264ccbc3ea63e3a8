/** Runs the real core in Node with a manual clock, scripted HTTP and controllable sockets. */
import { createCore, type Core } from '../../core-worker/core';
import type { Clock, CoreDeps, HttpResponse, SocketLike, Storage } from '../../core-worker/ports';
import { createMemoryStorage, type MemoryStorage } from '../../core-worker/storage-memory';
import type { ViewPatch } from '../../protocol/views';
import { T0 } from '../../fixtures/builders';

export class ManualClock implements Clock {
  private t: number;
  private timers = new Map<number, { at: number; fn: () => void }>();
  private nextId = 1;
  constructor(start = T0) {
    this.t = start;
  }
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Moves time forward, running due timers in order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.t = Math.max(this.t, due[1].at);
      due[1].fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
  /** When the earliest timer is due, or null without timers. */
  nextAt(): number | null {
    let next: number | null = null;
    for (const t of this.timers.values()) if (next === null || t.at < next) next = t.at;
    return next;
  }
  /** The clock jumps forward (a laptop waking up): no timer runs until the next `advance`, then the overdue ones run late. */
  jump(ms: number): void {
    this.t += ms;
  }
  pendingDelays(): number[] {
    return [...this.timers.values()].map((t) => t.at - this.t).sort((a, b) => a - b);
  }
}

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  /** Answers each CHK with an ACK, as a healthy server does; off, the socket stays silent (a dead connection). */
  autoAck = true;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
    const check = /^CHK \{"check":(\d+)\}$/.exec(data)?.[1];
    // Answered after the sender has noted what it waits for, as over a network.
    if (check !== undefined && this.autoAck) queueMicrotask(() => this.readyState === 1 && this.receive(`ACK {"check":${check},"n":0}`));
  }
  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.({});
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(text: unknown): void {
    this.onmessage?.({ data: text });
  }
}

export type Route = (body: any, headers: Record<string, string>) => HttpResponse | Promise<HttpResponse>;

/** Lets pending promise callbacks run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}

export interface Harness {
  core: Core;
  clock: ManualClock;
  storage: MemoryStorage;
  sockets: FakeSocket[];
  calls: { path: string; body: any; headers: Record<string, string> }[];
  routes: Map<string, Route>;
  patches: ViewPatch[];
  warnings: string[];
  /** Runs the pending frame flush, so the latest patch is out. */
  frame(): void;
  socket(): FakeSocket;
}

/** `uuidPrefix`: what this core's generated ids start with (default 'uuid'); two cores of one test that share a store need their own. */
export async function startHarness(options: { storage?: MemoryStorage; clock?: ManualClock; routes?: Record<string, Route>; uuidPrefix?: string } = {}): Promise<Harness> {
  const clock = options.clock ?? new ManualClock();
  const storage = options.storage ?? createMemoryStorage();
  const sockets: FakeSocket[] = [];
  const calls: Harness['calls'] = [];
  const routes = new Map<string, Route>(Object.entries(options.routes ?? {}));
  const patches: ViewPatch[] = [];
  const warnings: string[] = [];
  let pendingFrame: (() => void) | null = null;
  let uuid = 0;
  const core = createCore({
    clock,
    random: { uuid: () => `${options.uuidPrefix ?? 'uuid'}-${++uuid}` },
    http: async (url, body, headers) => {
      const path = new URL(url).pathname;
      calls.push({ path, body, headers });
      const route = routes.get(path);
      if (!route) return { status: 404, body: { isOk: false, message: `no route ${path}` } };
      return route(body, headers);
    },
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    storage,
    logger: { warn: (m) => warnings.push(m), info: () => {} },
    baseUrl: 'http://plaza.test',
    scheduleFrame: (fn) => {
      pendingFrame = fn;
      return () => {
        pendingFrame = null;
      };
    },
  });
  await core.api.$subscribe((patch) => patches.push(patch));
  await core.start();
  const h: Harness = {
    core,
    clock,
    storage,
    sockets,
    calls,
    routes,
    patches,
    warnings,
    frame() {
      const fn = pendingFrame;
      pendingFrame = null;
      fn?.();
    },
    socket() {
      const s = sockets.at(-1);
      if (!s) throw new Error('no socket was opened');
      return s;
    },
  };
  h.frame();
  return h;
}

/**
 * The ports of one worker start (one page) in the recording tests: a manual clock from `start`, ids numbered
 * per start (`${ids}-0`, `${ids}-1`, …), `http` as the server, fake sockets and the browser's shared `kv`.
 */
export function workerStartDeps(options: { start: number; ids: string; kv: Storage; http: CoreDeps['http'] }): CoreDeps {
  let drawn = 0;
  return {
    clock: new ManualClock(options.start),
    random: { uuid: () => `${options.ids}-${drawn++}` },
    http: options.http,
    openSocket: (url) => new FakeSocket(url),
    storage: options.kv,
    logger: { warn: () => {}, info: () => {} },
    baseUrl: 'http://x',
    scheduleFrame: () => () => {},
  };
}
