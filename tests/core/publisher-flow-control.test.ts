/**
 * Flow control between the core and its UI: while the UI has not applied the last patch, the publisher
 * sends no frame-coalesced patch; what changed meanwhile goes out as one patch once the UI answers. What the
 * user did (`flushSoon`) is never held back.
 */
import { describe, expect, it } from 'vitest';
import { KEEPS_UP_MS } from '../../core-worker/frame-scheduler';
import { createPublisher, createRuntimeState } from '../../core-worker/publisher';
import { applyEnvelope, createProjections } from '../../projections/fold';
import type { ViewPatch } from '../../protocol/views';

/** A publisher on manual frames, and someone typing in conversation `address` at each call of `type`. */
function setup() {
  const p = createProjections();
  const frames: (() => void)[] = [];
  /** What each frame request asked: into the frame (the page keeps up) or at its start. */
  const asked: boolean[] = [];
  let clock = 0;
  const publisher = createPublisher({
    projections: () => p,
    runtime: createRuntimeState({ booted: true, signedIn: true }),
    scheduleFrame: (fn, how) => {
      frames.push(fn);
      asked.push(how?.intoFrame ?? false);
      return () => frames.splice(frames.indexOf(fn) >>> 0, 1);
    },
    wallClock: () => clock,
  });
  const advance = (ms: number) => (clock += ms);
  let seq = 0;
  const type = (address: string, name = `typist ${seq + 1}`): void => {
    applyEnvelope(p, { seq: ++seq, at: 1_000 + seq, source: 'socket', event: { type: 'typing.started', address, user_guid: name, name } }, publisher.changes);
    publisher.schedule();
  };
  const frame = (): void => {
    for (const fn of frames.splice(0)) fn();
  };
  return { publisher, type, frame, asked, advance };
}

/** A listener across a thread: each call answers with a promise the test settles. */
function slowListener() {
  const patches: ViewPatch[] = [];
  const answers: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const listener = (patch: ViewPatch) => {
    patches.push(patch);
    return new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
  };
  return { listener, patches, answers };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const typingIn = (patch: ViewPatch | undefined) => Object.keys(patch?.typing ?? {}).sort();

describe('flow control', () => {
  it('holds frame-coalesced patches until the UI has applied the last one, then sends what changed meanwhile as one', async () => {
    const { publisher, type, frame } = setup();
    const ui = slowListener();
    publisher.subscribe(ui.listener);
    expect(ui.patches).toHaveLength(1); // the snapshot, not yet answered
    type('c1');
    frame();
    type('c2');
    frame();
    type('c3');
    frame();
    expect(ui.patches).toHaveLength(1);
    ui.answers[0]!.resolve();
    await settle();
    expect(ui.patches).toHaveLength(2);
    expect(typingIn(ui.patches[1])).toEqual(['c1', 'c2', 'c3']);
    // Answered at once, the next change goes out at the next frame as before.
    ui.answers[1]!.resolve();
    await settle();
    type('c4');
    expect(ui.patches).toHaveLength(2);
    frame();
    expect(typingIn(ui.patches[2])).toEqual(['c4']);
  });

  it('a listener in the same thread (answering nothing) gets a patch every frame', () => {
    const { publisher, type, frame } = setup();
    const patches: ViewPatch[] = [];
    publisher.subscribe((patch) => void patches.push(patch));
    for (const address of ['c1', 'c2', 'c3']) {
      type(address);
      frame();
    }
    expect(patches.slice(1).map(typingIn)).toEqual([['c1'], ['c2'], ['c3']]);
  });

  it('never holds what the user just did: flushSoon sends while a patch is unanswered', async () => {
    const { publisher, type, frame } = setup();
    const ui = slowListener();
    publisher.subscribe(ui.listener);
    type('c1');
    publisher.flushSoon();
    await Promise.resolve();
    expect(typingIn(ui.patches[1])).toEqual(['c1']);
    // Both unanswered: the frame holds; the last answer releases.
    type('c2');
    frame();
    ui.answers[0]!.resolve();
    await settle();
    expect(ui.patches).toHaveLength(2);
    ui.answers[1]!.resolve();
    await settle();
    expect(typingIn(ui.patches[2])).toEqual(['c2']);
  });

  it('a UI that failed to apply a patch still gets the next one', async () => {
    const { publisher, type, frame } = setup();
    const ui = slowListener();
    publisher.subscribe(ui.listener);
    type('c1');
    frame();
    ui.answers[0]!.reject(new Error('render failed'));
    await settle();
    expect(typingIn(ui.patches[1])).toEqual(['c1']);
  });

  it('a new subscriber is not held by the patches its predecessor left unanswered', async () => {
    const { publisher, type, frame } = setup();
    const before = slowListener();
    publisher.subscribe(before.listener);
    const after: ViewPatch[] = [];
    publisher.subscribe((patch) => void after.push(patch));
    type('c1');
    frame();
    expect(typingIn(after[1])).toEqual(['c1']);
    // The old page's late answer changes nothing.
    before.answers[0]!.resolve();
    await settle();
    expect(after).toHaveLength(2);
  });
  it('asks for an update into the frame only while the page answers its patches in time', async () => {
    const { publisher, type, frame, asked, advance } = setup();
    const ui = slowListener();
    publisher.subscribe(ui.listener);
    type('c1');
    expect(asked.at(-1)).toBe(false); // nothing answered yet: not known to keep up
    ui.answers.shift()!.resolve(); // the snapshot, answered at once
    await settle();
    frame();
    type('c2');
    expect(asked.at(-1)).toBe(true);
    frame();
    advance(KEEPS_UP_MS + 1); // this patch's answer comes late: the page is slow
    ui.answers.shift()!.resolve();
    await settle();
    type('c3');
    expect(asked.at(-1)).toBe(false);
    frame();
    ui.answers.shift()!.resolve(); // and in time again
    await settle();
    type('c4');
    expect(asked.at(-1)).toBe(true);
  });
});
