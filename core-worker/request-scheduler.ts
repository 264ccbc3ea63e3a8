/**
 * The request scheduler (spec 1 §7, §9): at most 4 requests at once, a
 * nominal 1,000 per second, and on 429 every request waits for the
 * Retry-After period before the refused one is sent again.
 *
 * It is built on Bottleneck and sits BELOW the core, wrapping the HTTP port
 * (browser-deps.ts; tests/core/node-deps.ts), not inside it. Bottleneck reads
 * Date.now() and yields through real setTimeout calls for every job, which the
 * core's injected clock cannot reach; inside the recorded core those timers
 * would fire between recorded inputs at moments a replay cannot reproduce.
 * Below the port, the recorder sees only what the core does — a request (an
 * output, in call order) and later its response (an input) — so a replay,
 * which answers from the file and never runs the scheduler, stays exact. The
 * one timer the scheduler owns (the 429 pause) uses the clock it is given.
 */
import Bottleneck from 'bottleneck';
import type { Clock, HttpPost, Logger } from './ports';

export const SCHEDULER_LIMITS = {
  maxConcurrent: 4,
  perSecond: 1_000,
  /** Without a readable Retry-After, a 429 pauses this long. */
  defaultPauseMs: 1_000,
  /** A longer Retry-After is capped: the core's own retries take over beyond it. */
  maxPauseMs: 60_000,
  /** A request refused with 429 this many times is answered with the 429 (the caller retries later). */
  maxRateLimitRetries: 5,
} as const;

/** Highest Bottleneck priority (0..9): a request refused with 429 goes first once the pause ends. */
const RETRY_PRIORITY = 0;

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3), capped. */
export function retryAfterMs(header: string | null | undefined, now: number): number {
  const value = header?.trim();
  let ms: number = SCHEDULER_LIMITS.defaultPauseMs;
  if (value && /^\d+$/.test(value)) ms = Number(value) * 1_000;
  else if (value) {
    const at = Date.parse(value);
    if (!Number.isNaN(at)) ms = Math.max(0, at - now);
  }
  return Math.min(ms, SCHEDULER_LIMITS.maxPauseMs);
}

export interface RequestScheduler {
  /** The HTTP port to give the core. */
  readonly http: HttpPost;
  /** Requests waiting or running, how often a 429 paused everything, and whether it is paused now (tests, diagnostics). */
  readonly stats: { readonly queued: number; readonly running: number; readonly pauses: number; readonly paused: boolean };
  stop(): Promise<void>;
}

export function createRequestScheduler(transport: HttpPost, options: { clock: Clock; logger?: Logger }): RequestScheduler {
  const { clock } = options;
  const limiter = new Bottleneck({ maxConcurrent: SCHEDULER_LIMITS.maxConcurrent, minTime: 1_000 / SCHEDULER_LIMITS.perSecond });
  let pausedUntil = 0;
  let resumeTimer: unknown = null;
  let pauses = 0;

  /** Stops starting requests until `until`; a later 429 can only extend the pause. */
  const pause = (until: number): void => {
    if (until <= pausedUntil) return;
    pausedUntil = until;
    pauses++;
    void limiter.updateSettings({ reservoir: 0 });
    clock.clearTimeout(resumeTimer);
    resumeTimer = clock.setTimeout(() => {
      resumeTimer = null;
      void limiter.updateSettings({ reservoir: null });
    }, until - clock.now());
  };

  const send = async (url: string, body: unknown, headers: Record<string, string>, method: 'GET' | 'POST', attempt: number): ReturnType<HttpPost> => {
    const response = await limiter.schedule({ priority: attempt === 0 ? 5 : RETRY_PRIORITY }, () => transport(url, body, headers, method));
    if (response.status !== 429 || attempt >= SCHEDULER_LIMITS.maxRateLimitRetries) return response;
    const wait = retryAfterMs(response.retryAfter, clock.now());
    options.logger?.info(`429 from ${url}: pausing requests for ${wait} ms`);
    pause(clock.now() + wait);
    return send(url, body, headers, method, attempt + 1);
  };

  return {
    http: (url, body, headers, method = 'POST') => send(url, body, headers, method, 0),
    get stats() {
      const counts = limiter.counts();
      return { queued: counts.QUEUED + counts.RECEIVED, running: counts.RUNNING + counts.EXECUTING, pauses, paused: resumeTimer !== null };
    },
    async stop() {
      clock.clearTimeout(resumeTimer);
      await limiter.stop({ dropWaitingJobs: true });
    },
  };
}
