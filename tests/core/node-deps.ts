/** Real-world dependencies for running the core in Node: system clock, fetch, the `ws` socket, memory storage. */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { Clock, CoreDeps, HttpPost, SocketLike } from '../../core-worker/ports';
import { createRequestScheduler } from '../../core-worker/request-scheduler';
import { createMemoryStorage, type MemoryStorage } from '../../core-worker/storage-memory';

/** One call with fetch (POST with JSON, or GET), as the browser's port does it. */
export const nodeHttp: HttpPost = async (url, body, headers, method = 'POST') => {
  const response = await fetch(url, method === 'GET' ? { method, headers } : { method, headers, body: JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, ...(response.status === 429 ? { retryAfter: response.headers.get('retry-after') } : {}) };
};

export function nodeDeps(baseUrl: string, storage: MemoryStorage = createMemoryStorage()): CoreDeps & { storage: MemoryStorage; warnings: string[] } {
  const warnings: string[] = [];
  const clock: Clock = { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
  return {
    clock,
    random: { uuid: () => randomUUID() },
    // The same request scheduler as in the browser, below the core.
    http: createRequestScheduler(nodeHttp, { clock }).http,
    // ws's WebSocket has the same handler properties; its event types differ only in detail.
    openSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    storage,
    logger: { warn: (m) => warnings.push(m), info: () => {} },
    baseUrl,
    scheduleFrame: (fn) => {
      const t = setTimeout(fn, 0);
      return () => clearTimeout(t);
    },
    warnings,
  };
}

/** Polls until `check` returns a value other than undefined/false. */
export async function until<T>(check: () => T | undefined | false, timeoutMs = 5_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
