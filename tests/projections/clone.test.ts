/**
 * Copies of the projections (the debugger's checkpoints): a copy does not
 * change when the original folds on, and folding on from a copy equals folding
 * from scratch — derived indexes such as the typing expiry queue included.
 * `storesWrittenBy` names every message store an event changes, which is
 * what lets checkpoints share the other stores.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, cloneProjections, foldAll } from '../../projections/fold';
import { Fnv64, hashCanonical } from '../../projections/hash';
import { storesWrittenBy, writesTombstones } from '../../projections/messages';
import { LogBuilder } from '../../fixtures/builders';
import { randomLog } from '../../fixtures/random-log';

describe('cloneProjections', () => {
  it('for 200 random logs: the copy keeps its state while the original folds on, and folds on to the from-scratch state', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const { envelopes } = randomLog(seed, 120);
      const cut = (seed * 7) % envelopes.length;
      const original = foldAll(envelopes.slice(0, cut));
      const atCut = canonicalJson(original);
      const copy = cloneProjections(original);
      const changes = createChangeSet();
      for (const e of envelopes.slice(cut)) applyEnvelope(original, e, changes);
      expect(canonicalJson(copy), `seed ${seed}: the copy changed`).toBe(atCut);
      for (const e of envelopes.slice(cut)) applyEnvelope(copy, e, changes);
      expect(canonicalJson(copy), `seed ${seed}`).toBe(canonicalJson(foldAll(envelopes)));
    }
  });

  it('copies every projection, none shared with the original (the containers in each one copied too)', () => {
    const { envelopes } = randomLog(5, 200);
    const original = foldAll(envelopes);
    const copy = cloneProjections(original);
    const containers = (value: unknown): unknown[] =>
      value !== null && typeof value === 'object' ? [value, ...Object.values(value).filter((v) => v instanceof Map || v instanceof Set || Array.isArray(v))] : [];
    for (const name of Object.keys(original) as (keyof typeof original)[]) {
      if (name === 'seq') continue;
      const mine = containers(copy[name]);
      expect(mine.length, name).toBeGreaterThan(0);
      for (const container of containers(original[name])) expect(mine.includes(container), `${name} shares a container`).toBe(false);
    }
  });

  it('carries the typing expiry queue: a typist expires in the copy as in the original', () => {
    const b = new LogBuilder();
    b.add({ type: 'typing.started', address: 'a', user_guid: 'u', name: 'U' });
    b.advance(1_000).add({ type: 'typing.started', address: 'b', user_guid: 'u', name: 'U' });
    b.advance(10_000).add({ type: 'clock.ticked' });
    const copy = cloneProjections(foldAll(b.envelopes.slice(0, 2)));
    applyEnvelope(copy, b.envelopes[2]!, createChangeSet());
    expect(copy.typing.byAddress.size).toBe(0);
  });
});

describe('storesWrittenBy', () => {
  it('names every message store an event creates or changes (100 random logs; removing one from the map changes none)', () => {
    const digest = (store: unknown): string => {
      const h = new Fnv64();
      hashCanonical(h, store);
      return h.hex();
    };
    for (let seed = 1; seed <= 100; seed++) {
      const { envelopes } = randomLog(seed, 120);
      const p = foldAll([]);
      const changes = createChangeSet();
      for (const envelope of envelopes) {
        const before = new Map([...p.messages.byAddress].map(([a, s]) => [a, digest(s)]));
        applyEnvelope(p, envelope, changes);
        const written = storesWrittenBy(envelope.event);
        const after = new Map([...p.messages.byAddress].map(([a, s]) => [a, digest(s)]));
        for (const address of after.keys()) {
          if (written.includes(address)) continue;
          expect(after.get(address), `seed ${seed}, ${envelope.event.type} changed or created store ${address}`).toBe(before.get(address));
        }
      }
    }
  });

  it('with shared stores, copying the named stores before each fold keeps the checkpoint intact', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const { envelopes } = randomLog(seed, 120);
      const cut = (seed * 13) % envelopes.length;
      const checkpoint = foldAll(envelopes.slice(0, cut));
      const atCut = canonicalJson(checkpoint);
      const working = cloneProjections(checkpoint, { shareStores: true });
      const owned = new Set<unknown>();
      const changes = createChangeSet();
      let ownsTombstones = false;
      for (const envelope of envelopes.slice(cut)) {
        if (!ownsTombstones && writesTombstones(envelope.event)) {
          working.messages.deleted = new Set(working.messages.deleted);
          ownsTombstones = true;
        }
        for (const address of storesWrittenBy(envelope.event)) {
          const store = working.messages.byAddress.get(address);
          if (store && !owned.has(store)) {
            const copy = { ...store, byGuid: new Map(store.byGuid), order: store.order.slice() };
            owned.add(copy);
            working.messages.byAddress.set(address, copy);
          }
        }
        applyEnvelope(working, envelope, changes);
      }
      expect(canonicalJson(checkpoint), `seed ${seed}: the checkpoint changed`).toBe(atCut);
      expect(canonicalJson(working), `seed ${seed}`).toBe(canonicalJson(foldAll(envelopes)));
    }
  });
});
