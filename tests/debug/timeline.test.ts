/** Seeking in a synthetic timeline, across checkpoints and a log reload, equals folding from scratch. */
import { describe, expect, it } from 'vitest';
import { createTimeline } from '../../core-worker/debug/timeline';
import { canonicalize, canonicalJson } from '../../projections/canonical';
import { PROJECTION_NAMES } from '../../projections/hash';
import { diffJson, prunedCanonical } from '../../core-worker/debug/json-diff';
import { foldAll, type Projections } from '../../projections/fold';
import { restoreSnapshot, snapshotOf } from '../../projections/snapshot';
import { OverlayMap, OverlaySet } from '../../core-worker/debug/overlay-map';
import { channel, LogBuilder, message } from '../../fixtures/builders';
import type { Envelope } from '../../protocol/events';
import { randomLog } from '../../fixtures/random-log';
import { prng } from '../../protocol/prng';

function log(n: number, prefix: string): Envelope[] {
  const b = new LogBuilder();
  b.add({ type: 'channels.listed', channels: [channel({ address: `${prefix}-a` }), channel({ address: `${prefix}-b` })] });
  for (let i = 1; i < n; i++) {
    b.advance(1000).add({ type: 'message.received', message: message({ guid: `${prefix}-m${i}`, address: i % 2 ? `${prefix}-a` : `${prefix}-b`, created: b.now, from_guid: 'u1' }) });
  }
  return b.envelopes;
}

describe('timeline', () => {
  // Two logs: 40 events over inputs 1..20 (two per input), then input 21 opens another log with 25 events.
  const first = log(40, 'x');
  const second = log(25, 'y');
  const events = [...first, ...second];
  const inputOf = [...first.map((_, i) => Math.floor(i / 2) + 1), ...second.map(() => 21)];
  const resets = [{ event: first.length, input: 21 }];
  const expected = (position: number): string => {
    if (position >= 21) return canonicalJson(foldAll(second));
    return canonicalJson(foldAll(first.filter((_, i) => inputOf[i]! <= position)));
  };

  it('folds from the nearest checkpoint to any position, in any order', () => {
    for (const K of [1, 3, 7, 1000]) {
      const timeline = createTimeline({ events, inputOf, resets }, { checkpointEvery: K });
      const positions = [21, 0, 5, 6, 7, 20, 3, 21, 19, 1, 2, 10, 11, 12, 0];
      for (const p of positions) expect(canonicalJson(timeline.at(p)), `K=${K} position ${p}`).toBe(expected(p));
    }
  });

  it('gives a state of its own at any position, which later seeks and steps leave as it is', () => {
    for (const K of [1, 3, 1000]) {
      const timeline = createTimeline({ events, inputOf, resets }, { checkpointEvery: K });
      for (const p of [0, 5, 12, 20, 21]) {
        const own = timeline.detached(p);
        expect(canonicalJson(own), `K=${K} position ${p}`).toBe(expected(p));
        // Seeks just ahead fold the state answered last on in place; behind and across the reload, from checkpoints.
        for (const q of [p, p + 1, p + 2, 0, 21, 19, 20]) timeline.step(q);
        expect(canonicalJson(own), `K=${K} position ${p}, after other seeks`).toBe(expected(p));
      }
    }
  });

  it('counts events up to a position', () => {
    const timeline = createTimeline({ events, inputOf, resets });
    expect(timeline.eventsUpTo(0)).toBe(0);
    expect(timeline.eventsUpTo(1)).toBe(2);
    expect(timeline.eventsUpTo(20)).toBe(40);
    expect(timeline.eventsUpTo(21)).toBe(65);
  });
});

describe('timeline checkpoints share message stores (copy on write)', () => {
  /** Random logs in random input groups, with a log reload in the middle, seeked and stepped in random order. */
  it('every seek and step equals folding from scratch, and leaves the checkpoints as they were (60 random logs)', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const first = randomLog(seed, 80).envelopes;
      const second = randomLog(seed + 1000, 40).envelopes;
      const events = [...first, ...second];
      const rand = prng(seed);
      // 1–3 events per input; input `reloadAt` opens the second log.
      const inputOf: number[] = [];
      let input = 1;
      first.forEach((_, i) => {
        if (i > 0 && rand() < 0.5) input++;
        inputOf.push(input);
      });
      const reloadAt = ++input;
      second.forEach(() => inputOf.push(reloadAt));
      const resets = [{ event: first.length, input: reloadAt }];
      const upTo = (position: number): Envelope[] =>
        position >= reloadAt ? second : first.filter((_, i) => inputOf[i]! <= position);
      const timeline = createTimeline({ events, inputOf, resets }, { checkpointEvery: 1 + (seed % 9) });
      for (let k = 0; k < 40; k++) {
        const position = Math.floor(rand() * (reloadAt + 1));
        if (rand() < 0.5) {
          expect(canonicalJson(timeline.at(position)), `seed ${seed} at ${position}`).toBe(canonicalJson(foldAll(upTo(position))));
        } else {
          const { p, before } = timeline.step(position);
          expect(canonicalJson(p), `seed ${seed} step ${position}`).toBe(canonicalJson(foldAll(upTo(position))));
          if (position > 0) {
            const was = { ...before!.p, messages: { byAddress: new Map(before!.stores), deleted: before!.deleted as Set<string>, cursor: before!.cursor } };
            expect(canonicalJson(was), `seed ${seed} before ${position}`).toBe(canonicalJson(foldAll(upTo(position - 1))));
            expect(before!.reset).toBe(position === reloadAt);
            // Pruning what the two states share diffs exactly as diffing them whole does.
            const whole = [foldAll(upTo(position - 1)), foldAll(upTo(position))] as const;
            for (const name of PROJECTION_NAMES) {
              const pair = prunedCanonical(was[name], p[name]);
              const expected = diffJson(canonicalize(whole[0][name]), canonicalize(whole[1][name]));
              expect(pair ? diffJson(pair[0], pair[1]) : { changes: [], truncated: false }, `seed ${seed} step ${position} ${name}`).toEqual(expected);
            }
          }
        }
      }
    }
  }, 90_000); // 60 logs folded from scratch at every position: ~10 s alone, over 30 s on a loaded 2-core machine (a correctness check, not a timing)
});

/** Whether a state holds any copy-on-write container (a checkpoint's overlay) among its message stores or tombstones. */
const hasOverlays = (p: Projections): boolean =>
  p.messages.deleted instanceof OverlaySet || [...p.messages.byAddress.values()].some((store) => store.byGuid instanceof OverlayMap);

/** Whether a decoded value holds an overlay anywhere (it must hold plain Maps and Sets only). */
function holdsOverlay(value: unknown): boolean {
  if (value instanceof OverlayMap || value instanceof OverlaySet) return true;
  if (value instanceof Map) return [...value.values()].some(holdsOverlay);
  if (value instanceof Set) return false;
  if (Array.isArray(value)) return value.some(holdsOverlay);
  if (value !== null && typeof value === 'object') return Object.values(value).some(holdsOverlay);
  return false;
}

describe('snapshots of timeline states (copy-on-write containers inside)', () => {
  it('encode and decode to the from-scratch state, through JSON and structured clone, and fold on like it (40 random logs)', () => {
    let withOverlays = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { envelopes } = randomLog(seed, 120);
      const inputOf = envelopes.map((_, i) => i + 1);
      const timeline = createTimeline({ events: envelopes, inputOf, resets: [] }, { checkpointEvery: 1 + (seed % 7) });
      const rand = prng(seed);
      for (let k = 0; k < 12; k++) {
        const position = Math.floor(rand() * (envelopes.length + 1));
        const p = k % 2 ? timeline.at(position) : timeline.step(position).p;
        if (hasOverlays(p)) withOverlays++;
        const state = canonicalJson(p);
        const snapshot = snapshotOf(p);
        expect(canonicalJson(p), `seed ${seed} at ${position}: snapshotting changed the state`).toBe(state);
        const expected = canonicalJson(foldAll(envelopes.slice(0, position)));
        for (const [how, payload] of [['as is', snapshot], ['json', JSON.parse(JSON.stringify(snapshot))], ['clone', structuredClone(snapshot)]] as const) {
          const restored = restoreSnapshot(payload);
          expect(holdsOverlay(restored), `seed ${seed} at ${position} ${how}`).toBe(false);
          expect(canonicalJson(restored), `seed ${seed} at ${position} ${how}`).toBe(expected);
        }
        // As a log.snapshot envelope, followed by the rest of the log: the whole log's state.
        const envelope: Envelope = { seq: p.seq, at: envelopes[position - 1]?.at ?? 0, source: 'system', event: { type: 'log.snapshot', snapshot } };
        expect(canonicalJson(foldAll([envelope, ...envelopes.slice(position)])), `seed ${seed} from ${position}`).toBe(canonicalJson(foldAll(envelopes)));
      }
    }
    // The property is about overlays: enough of the states encoded must have held some.
    expect(withOverlays).toBeGreaterThan(100);
  });

  it('a compacted log (a snapshot, then the tail) seeks like the whole log, across the reload', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { envelopes } = randomLog(seed, 100);
      const cut = 30 + (seed % 40);
      // Inputs 1..cut fold the first events; input cut+1 compacts: the log becomes [snapshot, ...the rest], as the core's does.
      const snapshot: Envelope = { seq: envelopes[cut - 1]!.seq, at: envelopes[cut - 1]!.at, source: 'system', event: { type: 'log.snapshot', snapshot: snapshotOf(foldAll(envelopes.slice(0, cut))) } };
      const compacted = [snapshot, ...envelopes.slice(cut)];
      const events = [...envelopes.slice(0, cut), ...compacted];
      const inputOf = [...envelopes.slice(0, cut).map((_, i) => i + 1), cut + 1, ...envelopes.slice(cut).map((_, i) => cut + 2 + i)];
      const resets = [{ event: cut, input: cut + 1 }];
      const timeline = createTimeline({ events, inputOf, resets }, { checkpointEvery: 1 + (seed % 5) });
      const last = inputOf.at(-1)!;
      const expected = (position: number): string => canonicalJson(foldAll(envelopes.slice(0, position <= cut ? position : position - 1)));
      const rand = prng(seed);
      for (let k = 0; k < 30; k++) {
        const position = Math.floor(rand() * (last + 1));
        const p = k % 2 ? timeline.at(position) : timeline.step(position).p;
        expect(canonicalJson(p), `seed ${seed} at ${position}`).toBe(expected(position));
      }
    }
  });
});
