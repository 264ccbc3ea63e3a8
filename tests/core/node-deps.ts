/** Real-world dependencies for running the core in Node: system clock, fetch, the `ws` socket, memory storage. */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { CoreDeps, SocketLike } from '../../core-worker/ports';
import { createMemoryStorage, type MemoryStorage } from '../../core-worker/storage-memory';

export function nodeDeps(baseUrl: string, storage: MemoryStorage = createMemoryStorage()): CoreDeps & { storage: MemoryStorage; warnings: string[] } {
  const warnings: string[] = [];
  return {
    clock: { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    random: { uuid: () => randomUUID() },
    http: async (url, body, headers, method = 'POST') => {
      const response = await fetch(url, method === 'GET' ? { method, headers } : { method, headers, body: JSON.stringify(body) });
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      return { status: response.status, body: parsed };
    },
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
