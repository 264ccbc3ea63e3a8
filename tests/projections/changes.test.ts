/**
 * The change set folds write into while no UI listens keeps nothing (it would grow with every message
 * touched), and the publisher hands it out only then: a subscriber gets a snapshot, then real changes.
 */
import { describe, expect, it } from 'vitest';
import { createPublisher, createRuntimeState } from '../../core-worker/publisher';
import { randomLog } from '../../fixtures/random-log';
import { createChangeSet, createDiscardingChangeSet, touchMessage } from '../../projections/changes';
import { applyEnvelope, createProjections } from '../../projections/fold';

const collections = (changes: object) => Object.entries(changes).filter(([, v]) => v instanceof Set || v instanceof Map) as [string, Set<unknown> | Map<unknown, unknown>][];

describe('the discarding change set', () => {
  it('has every collection of a change set, and keeps nothing folds write into them', () => {
    const discarding = createDiscardingChangeSet();
    expect(collections(discarding).map(([key]) => key)).toEqual(collections(createChangeSet()).map(([key]) => key));
    const kept = createChangeSet();
    const a = createProjections();
    const b = createProjections();
    for (const envelope of randomLog(7, 300).envelopes) {
      applyEnvelope(a, envelope, discarding);
      applyEnvelope(b, envelope, kept);
    }
    touchMessage(discarding, 'c1', 'm1');
    expect(collections(kept).some(([, c]) => c.size > 0)).toBe(true);
    for (const [key, c] of collections(discarding)) expect(c.size, key).toBe(0);
  });

  it('is what the publisher hands the folds until a UI subscribes', () => {
    const p = createProjections();
    const publisher = createPublisher({ projections: () => p, runtime: createRuntimeState({ booted: true }), scheduleFrame: () => () => {} });
    touchMessage(publisher.changes, 'c1', 'm1');
    expect(publisher.changes.messages.size).toBe(0);
    publisher.subscribe(() => {});
    touchMessage(publisher.changes, 'c1', 'm1');
    expect(publisher.changes.messages.get('c1')).toEqual(new Set(['m1']));
  });
});
