/**
 * Pruning two states before diffing them lists exactly the changes diffing their whole canonical forms
 * does — here for what the timeline shares by overlay: large sets (the tombstones) and guid maps, one an
 * overlay on the other or both on the same base, with changes anywhere and more than the diff lists.
 */
import { describe, expect, it } from 'vitest';
import { ArrayWindow, DIFF_LIMIT, diffJson, prunedCanonical } from '../../core-worker/debug/json-diff';
import { OverlayMap, OverlaySet } from '../../core-worker/debug/overlay-map';
import { canonicalize } from '../../projections/canonical';
import { prng } from '../../protocol/prng';

const whole = (a: unknown, b: unknown) => diffJson(canonicalize(a), canonicalize(b));
const pruned = (a: unknown, b: unknown) => {
  const pair = prunedCanonical(a, b);
  return pair ? diffJson(pair[0], pair[1]) : { changes: [], truncated: false };
};

describe('prunedCanonical of overlays', () => {
  it('diffs large sets exactly as whole, for adds and deletes anywhere, layered or forked (300 seeds)', () => {
    let windows = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rand = prng(seed);
      const item = () => `g${Math.floor(rand() * 100_000)}`;
      const base = new Set(Array.from({ length: 500 + Math.floor(rand() * 3_000) }, item));
      // The state before: the base, or an overlay on it (a checkpoint's), or one on that (a seek's).
      let before: Set<string> = base;
      for (let depth = Math.floor(rand() * 3); depth > 0; depth--) {
        before = before instanceof OverlaySet && rand() < 0.5 ? before.fork() : new OverlaySet(before);
        for (let i = Math.floor(rand() * 20); i > 0; i--) (rand() < 0.8 ? before.add(item()) : before.delete([...base][Math.floor(rand() * base.size)]!));
      }
      // The state after: a layer or fork of it, with a few tombstones added (rarely many, or some deleted).
      const after = before instanceof OverlaySet && rand() < 0.5 ? (rand() < 0.5 ? before.fork() : before.layer()) : new OverlaySet(before);
      const many = rand() < 0.1 ? 300 : 1 + Math.floor(rand() * 3);
      for (let i = 0; i < many; i++) {
        if (rand() < 0.85) after.add(item());
        else after.delete([...after][Math.floor(rand() * after.size)]!);
      }
      // Other changes before the set use up part of the diff's limit.
      const lead = Math.floor(rand() * (DIFF_LIMIT + 20));
      const a = { a: Array.from({ length: lead }, (_, i) => i), deleted: before };
      const b = { a: Array.from({ length: lead }, (_, i) => i + 1), deleted: after };
      expect(pruned(a, b), `seed ${seed}`).toEqual(whole(a, b));
      if (prunedCanonical(before, after)?.[0] instanceof ArrayWindow) windows++;
    }
    // Nearly all of them are diffed through a window on their sorted bases, not whole.
    expect(windows).toBeGreaterThan(250);
  });

  it('diffs guid maps on one another exactly as whole (200 seeds)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rand = prng(seed);
      const key = () => `m${Math.floor(rand() * 400)}`;
      const base = new Map(Array.from({ length: 200 }, (_, i) => [`m${i * 2}`, { n: i }] as [string, unknown]));
      let before = new OverlayMap(base);
      for (let i = Math.floor(rand() * 30); i > 0; i--) (rand() < 0.7 ? before.set(key(), { n: -i }) : before.delete(key()));
      if (rand() < 0.5) before = before.layer();
      const after = rand() < 0.5 ? before.fork() : before.layer();
      for (let i = Math.floor(rand() * 6); i > 0; i--) (rand() < 0.7 ? after.set(key(), { n: 1000 + i }) : after.delete(key()));
      expect(pruned({ byGuid: before }, { byGuid: after }), `seed ${seed}`).toEqual(whole({ byGuid: before }, { byGuid: after }));
    }
  });
});
