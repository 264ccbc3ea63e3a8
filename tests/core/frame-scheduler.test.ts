/** The worker's frame scheduler: the first UI update after a quiet spell goes at once, the rest of a burst once per frame. */
import { describe, expect, it } from 'vitest';
import { createFrameScheduler, FRAME_MS, SEND_INTO_FRAME_MS, type FrameTimers } from '../../core-worker/frame-scheduler';

/** Timers on a manual clock: timeouts and animation frames (every FRAME_MS, at multiples of it) run as time is advanced. */
function manualTimers() {
  let now = 1_000;
  let nextId = 1;
  const timeouts = new Map<number, { at: number; fn: () => void }>();
  const frames = new Map<number, () => void>();
  const timers: Required<FrameTimers> = {
    now: () => now,
    setTimeout: (fn, ms) => {
      const id = nextId++;
      timeouts.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => void timeouts.delete(id as number),
    requestAnimationFrame: (fn) => {
      const id = nextId++;
      frames.set(id, fn);
      return id;
    },
    cancelAnimationFrame: (id) => void frames.delete(id),
  };
  const advance = (ms: number): void => {
    const end = now + ms;
    while (now < end) {
      now++;
      for (const [id, t] of [...timeouts]) if (t.at <= now && timeouts.delete(id)) t.fn();
      if (now % FRAME_MS === 0) for (const [id, fn] of [...frames]) if (frames.delete(id)) fn();
    }
  };
  /** Timeouts and animation frames still waiting to run. */
  const pending = (): number => timeouts.size + frames.size;
  return { timers, advance, now: () => now, pending };
}

/** A scheduler on manual timers; `update()` asks it for an update, and `ran` says when each one ran. */
function setup(over: Partial<FrameTimers> = {}) {
  const clock = manualTimers();
  const schedule = createFrameScheduler({ ...clock.timers, ...over });
  const ran: number[] = [];
  /** An update asked for while the page keeps up (into the frame), or not. */
  const update = (intoFrame = true) => schedule(() => ran.push(clock.now()), { intoFrame });
  return { ...clock, schedule, ran, update };
}

describe('frame scheduler', () => {
  it('sends the first update after a quiet spell at once, not at the next frame', () => {
    const { advance, now, ran, update } = setup();
    advance(5); // mid-frame: the next frame is 10 ms away
    const asked = now();
    update();
    advance(1);
    expect(ran).toEqual([asked + 1]);
  });

  it('coalesces a burst: after an update, the next waits for the frame, and one per frame after that', () => {
    const { advance, now, ran, update, schedule } = setup();
    update();
    advance(1);
    expect(ran).toHaveLength(1);
    // Changes keep coming, 1 ms apart; the publisher asks again once its last flush ran (it holds one request at a time).
    let pending = false;
    for (let i = 0; i < 64; i++) {
      if (!pending) {
        pending = true;
        schedule(
          () => {
            pending = false;
            ran.push(now());
          },
          { intoFrame: true },
        );
      }
      advance(1);
    }
    // After the first: each SEND_INTO_FRAME_MS into a frame, one frame apart — never two in a frame.
    const framed = ran.slice(1);
    expect(framed.length).toBeGreaterThanOrEqual(3);
    expect(framed.every((t) => t % FRAME_MS === SEND_INTO_FRAME_MS)).toBe(true);
    expect(framed.slice(1).map((t, i) => t - framed[i]!)).toEqual(framed.slice(1).map(() => FRAME_MS));
  });

  it('sends an update that waited for a frame a few ms into it, not at its start, so the page paints it at its next frame', () => {
    const { advance, now, ran, update } = setup();
    update();
    advance(1);
    advance(FRAME_MS - (now() % FRAME_MS) - 3); // 3 ms before a frame starts
    update();
    const frameStart = now() + 3;
    advance(2 + SEND_INTO_FRAME_MS);
    expect(ran).toHaveLength(1); // not at the frame's start
    advance(1);
    expect(ran.at(-1)).toBe(frameStart + SEND_INTO_FRAME_MS);
    expect(SEND_INTO_FRAME_MS).toBeGreaterThan(0);
    expect(SEND_INTO_FRAME_MS).toBeLessThan(FRAME_MS / 2);
  });

  it('for a page that does not keep up, sends at the frame\'s start, as it did before', () => {
    const { advance, now, ran, update } = setup();
    update(false);
    advance(1);
    advance(FRAME_MS - (now() % FRAME_MS) - 3);
    update(false);
    const frameStart = now() + 3;
    advance(3);
    expect(ran.at(-1)).toBe(frameStart);
  });

  it('cancelled between the frame and its send, it does not run', () => {
    const { advance, now, ran, update, schedule, pending } = setup();
    update();
    advance(1);
    const cancel = schedule(() => ran.push(-1), { intoFrame: true });
    advance(FRAME_MS - (now() % FRAME_MS) + 1); // the frame came; the send is SEND_INTO_FRAME_MS away
    expect(pending()).toBe(1); // that send, the frame's stand-in timer replaced by it
    cancel();
    expect(pending()).toBe(0);
    advance(FRAME_MS * 8); // past the 100 ms stand-in timer too
    expect(ran).toHaveLength(1);
  });

  it('goes at once again after a frame without updates; a cancelled request never runs', () => {
    const { advance, now, ran, update, schedule } = setup();
    update();
    advance(1);
    advance(FRAME_MS * 2);
    const cancel = schedule(() => ran.push(-1));
    cancel();
    advance(FRAME_MS * 2);
    expect(ran).toHaveLength(1);
    // The cancelled one did not run, so the UI has still been quiet: the next goes at once.
    const asked = now();
    update();
    advance(1);
    expect(ran.at(-1)).toBe(asked + 1);
  });

  it('without animation frames (a hidden page pauses them), a timer of one frame stands in', () => {
    const { advance, now, ran, update } = setup({ requestAnimationFrame: undefined, cancelAnimationFrame: undefined });
    update();
    advance(1);
    const asked = now();
    update();
    advance(FRAME_MS + 1);
    expect(ran.at(-1)).toBe(asked + FRAME_MS);
  });
});
