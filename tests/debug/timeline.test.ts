/** Seeking in a synthetic timeline, across checkpoints and a log reload, equals folding from scratch. */
import { describe, expect, it } from 'vitest';
import { createTimeline } from '../../core-worker/debug/timeline';
import { canonicalJson } from '../../projections/canonical';
import { foldAll } from '../../projections/fold';
import { channel, LogBuilder, message } from '../../fixtures/builders';
import type { Envelope } from '../../protocol/events';

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
