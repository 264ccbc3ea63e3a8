/**
 * The core appends a dispatch's one event without an array for it (EventLog.appendOne) unless a listener
 * wants the batches (Core.onAppended). Both ways must append the same envelopes — seq, time, source, event,
 * in that order — and fold to the same state; Core.appended counts them either way.
 */
import { describe, expect, it } from 'vitest';
import { createEventLog } from '../../core-worker/event-log';
import type { LogStore } from '../../core-worker/ports';
import { projectionHashes } from '../../projections/hash';
import type { DomainEvent, Envelope } from '../../protocol/events';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { ManualClock } from './harness';
import { settleMany, startSyntheticWorld } from './synthetic-world';

const frames = (): string[] => {
  const out: string[] = [];
  for (let i = 0; i < 40; i++) {
    out.push(encodeFrame('MSG', { message: { guid: `m${i}`, address: `c${i % 3}`, created: 2_000 + i, from_guid: 'alice', json: '[{"type":"text","text":"x"}]' } }));
    if (i % 5 === 0) out.push(encodeFrame('REA', { address: `c${i % 3}`, guid: `m${i}`, reactions: [{ target_user_guid: 'alice', content: '👍' }] }));
    if (i % 7 === 0) out.push(encodeFrame('DEL', { address: `c${i % 3}`, guid: `m${i}`, change_seq: i }));
    if (i % 4 === 0) out.push(encodeFrame('TYP', { address: `c${i % 3}`, user_guid: 'alice', first_name: 'Alice', last_name: 'A' }));
  }
  return out;
};

describe('appending one event', () => {
  it('appends and folds the same with and without a listener for the batches, and counts them', async () => {
    const plain = await startSyntheticWorld({ channels: 3 });
    const listened = await startSyntheticWorld({ channels: 3 });
    let heard = 0;
    listened.core.onAppended((batch) => (heard += batch.length));
    const before = listened.core.appended;
    for (const frame of frames()) {
      plain.socket().receive(frame);
      listened.socket().receive(frame);
    }
    await settleMany();
    expect(JSON.stringify(plain.core.log)).toBe(JSON.stringify(listened.core.log));
    expect(projectionHashes(plain.core.projections)).toEqual(projectionHashes(listened.core.projections));
    expect(listened.core.appended - before).toBe(heard);
    expect(plain.core.appended).toBe(listened.core.appended);
    expect(heard).toBeGreaterThan(60);
  });

  it('stamps one event as append stamps a batch of one: the next seq, the clock\'s time, the source', async () => {
    const store = (): LogStore => ({ load: async () => [], append: async () => {}, compact: async () => {}, close: () => {} });
    const clock = new ManualClock(5_000);
    const logger = { warn: () => {}, info: () => {} };
    const loaded: Envelope[] = [{ seq: 7, at: 1, source: 'socket', event: { type: 'clock.ticked' } }];
    const one = createEventLog(store(), [...loaded], clock, logger);
    const batch = createEventLog(store(), [...loaded], clock, logger);
    const events: DomainEvent[] = [{ type: 'clock.ticked' }, { type: 'typing.started', address: 'c1', user_guid: 'u', name: 'U' }];
    for (const event of events) expect(one.appendOne('timer', event)).toEqual(batch.append('timer', [event])[0]);
    expect(JSON.stringify(one.envelopes)).toBe(JSON.stringify(batch.envelopes));
    expect(one.envelopes.map((e) => e.seq)).toEqual([7, 8, 9]);
    await one.close();
    await batch.close();
  });
});
