/**
 * When the worker sends the UI its next update (the publisher's `scheduleFrame` port, core-worker/publisher.ts).
 * Kept apart from browser-deps.ts so that it can be tested in Node with timers of the test's own.
 */
import type { FrameScheduler } from './ports';

/** A frame at 60 Hz: an update less than this after the last one waits for the next frame. */
export const FRAME_MS = 16;

/**
 * How far into a frame an update that waited for one is sent, while the page keeps up (KEEPS_UP_MS). The
 * worker's animation frames start when the page's do: sent at the start, an update reached the page just after
 * the page's own frame had begun and waited there a whole frame to be painted, so in a burst a change took two
 * frames to the screen. Sent a few ms in, it leaves the page ~10 ms to receive, apply and render it before its
 * next frame, which paints it.
 * Measured in Chromium (frames pushed to a page in bursts, 2 runs each, bench/notes.md): sent → painted p50
 * 17.0–17.2 → 11.1–11.3 ms, the oldest change in an update folded → painted p50 30.7–30.9 → 25.2–25.6 ms.
 * Later in the frame (9 ms) was faster still on a light page, but leaves a heavy user's page too little time.
 */
export const SEND_INTO_FRAME_MS = 6;

/**
 * The page keeps up when its answer to the last update came back within this long of its sending (received,
 * applied and rendered, and the answer back): then an update sent SEND_INTO_FRAME_MS into a frame is painted
 * at the page's next one. A slower page (a slow machine, a busy tab) could not: sent into the frame, its
 * update missed the next one as well — on a page slowed 4× the benchmark's change folded → painted p50 went
 * from a median of 41 ms in six runs to 45–55 ms in four — so for it the update goes at the frame's start, as before.
 */
export const KEEPS_UP_MS = FRAME_MS - SEND_INTO_FRAME_MS - 2;

/** The timers a frame scheduler uses (the worker's own, or a test's). */
export interface FrameTimers {
  now(): number;
  requestAnimationFrame?: ((fn: () => void) => number) | undefined;
  cancelAnimationFrame?: ((id: number) => void) | undefined;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/**
 * At most one UI update per animation frame — and none kept waiting for a frame when the UI has had no
 * update for a frame's time: the first change after a quiet spell (another conversation's badge, typing,
 * presence; the open conversation's messages and the user's own intents already flush at once, through
 * the publisher's flushSoon) is sent at once, the rest of a burst coalesced per frame. The worker's frame
 * wait this saves measured 4.6 ms on average in headless Chromium, up to 16. Workers get
 * requestAnimationFrame in Chromium and Firefox; a hidden page pauses it, so a 100 ms timer stands in, and
 * whichever comes first runs.
 */
export function createFrameScheduler(timers: FrameTimers): FrameScheduler {
  let lastRun = -Infinity;
  return (fn, how = {}) => {
    let done = false;
    let raf: number | null = null;
    let timer: unknown;
    const stop = (): void => {
      done = true;
      if (raf !== null) timers.cancelAnimationFrame?.(raf);
      timers.clearTimeout(timer);
    };
    const run = (): void => {
      if (done) return;
      stop();
      lastRun = timers.now();
      fn();
    };
    if (timers.now() - lastRun >= FRAME_MS) {
      timer = timers.setTimeout(run, 0);
    } else {
      // Into the frame, not at its start, while the page keeps up (SEND_INTO_FRAME_MS).
      const intoFrame = (): void => {
        raf = null;
        timers.clearTimeout(timer);
        timer = timers.setTimeout(run, SEND_INTO_FRAME_MS);
      };
      raf = timers.requestAnimationFrame ? timers.requestAnimationFrame(how.intoFrame ? intoFrame : run) : null;
      timer = timers.setTimeout(run, raf === null ? FRAME_MS : 100);
    }
    return stop;
  };
}
