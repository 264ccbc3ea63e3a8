/** The request scheduler below the core's HTTP port (spec 1 §7, §9): 4 at once, 1,000/s, 429 pauses for Retry-After. */
import { describe, expect, it } from 'vitest';
import type { HttpPost, HttpResponse } from '../../core-worker/ports';
import { createRequestScheduler, retryAfterMs, SCHEDULER_LIMITS } from '../../core-worker/request-scheduler';
import { ManualClock } from './harness';
import { until } from './node-deps';

/** A transport whose answers the test gives, one request at a time. */
function controlledTransport() {
  const open: { url: string; answer: (r: HttpResponse) => void }[] = [];
  let started = 0;
  let maxRunning = 0;
  const http: HttpPost = (url) =>
    new Promise((resolve) => {
      started++;
      open.push({ url, answer: resolve });
      maxRunning = Math.max(maxRunning, open.length);
    });
  return {
    http,
    open,
    get started() {
      return started;
    },
    get maxRunning() {
      return maxRunning;
    },
    answer(index: number, response: HttpResponse) {
      const [request] = open.splice(index, 1);
      request!.answer(response);
    },
  };
}

describe('the request scheduler', () => {
  it('runs at most 4 requests at once, in order', async () => {
    const transport = controlledTransport();
    const scheduler = createRequestScheduler(transport.http, { clock: new ManualClock() });
    const results = Array.from({ length: 10 }, (_, i) => scheduler.http(`/r${i}`, {}, {}));
    await until(() => transport.started === 4, 2_000, '4 started');
    await new Promise((r) => setTimeout(r, 30));
    expect(transport.started).toBe(4);
    expect(transport.open.map((o) => o.url)).toEqual(['/r0', '/r1', '/r2', '/r3']);
    while (transport.started < 10 || transport.open.length > 0) {
      await until(() => transport.open.length > 0, 2_000, 'a request');
      transport.answer(0, { status: 200, body: { isOk: true } });
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(transport.maxRunning).toBe(SCHEDULER_LIMITS.maxConcurrent);
    expect((await Promise.all(results)).map((r) => r.status)).toEqual(Array(10).fill(200));
    await scheduler.stop();
  });

  it('on 429 starts nothing until Retry-After has passed, then sends the refused request first', async () => {
    const transport = controlledTransport();
    const clock = new ManualClock();
    const scheduler = createRequestScheduler(transport.http, { clock });
    const first = scheduler.http('/limited', {}, {});
    await until(() => transport.open.length === 1, 2_000, 'first');
    transport.answer(0, { status: 429, body: undefined, retryAfter: '2' });
    await new Promise((r) => setTimeout(r, 20));
    const second = scheduler.http('/later', {}, {});
    await new Promise((r) => setTimeout(r, 50));
    expect(transport.open).toEqual([]); // paused
    await clock.advance(1_999);
    await new Promise((r) => setTimeout(r, 30));
    expect(transport.open).toEqual([]);
    await clock.advance(1);
    await until(() => transport.open.length === 2, 2_000, 'both after the pause');
    expect(transport.open.map((o) => o.url)).toEqual(['/limited', '/later']);
    transport.answer(0, { status: 200, body: 'ok' });
    transport.answer(0, { status: 200, body: 'ok too' });
    // The caller never saw the 429.
    expect(await first).toEqual({ status: 200, body: 'ok' });
    expect((await second).status).toBe(200);
    expect(scheduler.stats.pauses).toBe(1);
    await scheduler.stop();
  });

  it('passes the 429 on after repeated refusals, so the caller can retry later', async () => {
    const clock = new ManualClock();
    let calls = 0;
    const scheduler = createRequestScheduler(async () => (calls++, { status: 429, body: undefined, retryAfter: '0' }), { clock });
    const result = scheduler.http('/always-limited', {}, {});
    for (let i = 0; i < 10 && calls <= SCHEDULER_LIMITS.maxRateLimitRetries; i++) {
      await new Promise((r) => setTimeout(r, 20));
      await clock.advance(0);
    }
    expect((await result).status).toBe(429);
    expect(calls).toBe(SCHEDULER_LIMITS.maxRateLimitRetries + 1);
    await scheduler.stop();
  });

  it('reads Retry-After as seconds or an HTTP date, defaulting to 1 s and capping at 60 s', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs(new Date(now + 7_000).toUTCString(), now)).toBe(7_000);
    expect(retryAfterMs(null, now)).toBe(1_000);
    expect(retryAfterMs('soon', now)).toBe(1_000);
    expect(retryAfterMs('86400', now)).toBe(60_000);
  });
});
