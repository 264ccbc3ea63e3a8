/** Seeking in a synthetic timeline, across checkpoints and a log reload, equals folding from scratch. */
import { describe, expect, it } from 'vitest';
import { createTimeline } from '../../core-worker/debug/timeline';
import { canonicalize, canonicalJson } from '../../projections/canonical';
import { PROJECTION_NAMES } from '../../projections/hash';
import { diffJson, prunedCanonical } from '../../core-worker/debug/json-diff';
import { foldAll } from '../../projections/fold';
import { channel, LogBuilder, message } from '../../fixtures/builders';
import type { Envelope } from '../../protocol/events';
import { prng, randomLog } from '../projections/random-log';

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
            const was = { ...before!.p, messages: { byAddress: new Map(before!.stores), deleted: before!.deleted as Set<string> } };
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
  });
});
