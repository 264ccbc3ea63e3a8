/**
 * The typing fold's expiry queue (projections/typing.ts) moves a typist's expiry on in place and
 * catches up with it lazily. Held here to the plainest model of the spec's rule — every typist
 * expires 5 s after their last TYP, a post or going offline ends it, a tick ends what is due — on
 * hostile sequences: the same few people typing in the same few places, posts and disconnects in
 * between, ticks at odd moments, the clock jumping back, and the state copied (cloneProjections)
 * or restored from a snapshot midway, as the debugger and compaction do.
 */
import { describe, expect, it } from 'vitest';
import { message, T0 } from '../../fixtures/builders';
import { canonicalize } from '../../projections/canonical';
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, cloneProjections, createProjections, type Projections } from '../../projections/fold';
import { restoreSnapshot, snapshotOf } from '../../projections/snapshot';
import { nextTypingExpiry } from '../../projections/typing';
import type { DomainEvent, Envelope } from '../../protocol/events';
import { TYPING_EXPIRY_MS } from '../../protocol/frames/typing';
import { prng } from '../../protocol/prng';

/** The model: address → user → { name, expiresAt }, each rule applied by a scan. */
class Model {
  readonly byAddress = new Map<string, Map<string, { name: string; expiresAt: number }>>();
  changed = new Set<string>();

  private stop(address: string, user: string): void {
    const typists = this.byAddress.get(address);
    if (!typists?.delete(user)) return;
    if (typists.size === 0) this.byAddress.delete(address);
    this.changed.add(address);
  }

  apply({ event, at }: Envelope): void {
    if (event.type === 'typing.started') {
      let typists = this.byAddress.get(event.address);
      if (!typists) this.byAddress.set(event.address, (typists = new Map()));
      if (!typists.has(event.user_guid)) this.changed.add(event.address);
      typists.set(event.user_guid, { name: event.name, expiresAt: at + TYPING_EXPIRY_MS });
    } else if (event.type === 'message.received') {
      this.stop(event.message.address, event.message.from_guid);
    } else if (event.type === 'clock.ticked') {
      for (const [address, typists] of [...this.byAddress]) for (const [user, t] of [...typists]) if (t.expiresAt <= at) this.stop(address, user);
    } else if (event.type === 'connection.changed' && event.state === 'offline') {
      for (const [address, typists] of [...this.byAddress]) for (const user of [...typists.keys()]) this.stop(address, user);
    }
  }

  next(): number | null {
    let next: number | null = null;
    for (const typists of this.byAddress.values()) for (const t of typists.values()) if (next === null || t.expiresAt < next) next = t.expiresAt;
    return next;
  }
}

function hostileTyping(seed: number, length: number): Envelope[] {
  const rand = prng(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const envelopes: Envelope[] = [];
  let at = T0;
  for (let i = 0; i < length; i++) {
    const step = rand();
    // Mostly forward in small steps (a typist repeats within 5 s), sometimes past an expiry, sometimes back.
    at += step < 0.05 ? -Math.floor(rand() * 8_000) : step < 0.15 ? 5_000 + Math.floor(rand() * 3_000) : pick([0, 0, 1, 700, 2_500, 4_999, 5_000]);
    const r = rand();
    const address = pick(['a', 'b', 'c']);
    const user = pick(['alice', 'bob', 'carol']);
    const event: DomainEvent =
      r < 0.6
        ? { type: 'typing.started', address, user_guid: user, name: pick(['Alice', 'Alice A.', 'Bob']) }
        : r < 0.72
          ? { type: 'message.received', message: message({ guid: `m${i}`, address, created: at, from_guid: user }) }
          : r < 0.95
            ? { type: 'clock.ticked' }
            : { type: 'connection.changed', state: pick(['offline', 'online'] as const) };
    envelopes.push({ seq: i + 1, at, source: 'socket', event });
  }
  return envelopes;
}

describe('the typing expiry queue', () => {
  it('expires, ends and reports the next expiry exactly as the plain rule does (300 hostile sequences, copied and restored midway)', () => {
    let moves = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const rand = prng(seed * 7919);
      const model = new Model();
      let p: Projections = createProjections();
      for (const envelope of hostileTyping(seed, 300)) {
        const label = `seed ${seed} seq ${envelope.seq} ${envelope.event.type}`;
        const changes = createChangeSet();
        applyEnvelope(p, envelope, changes);
        model.apply(envelope);
        expect([...changes.typing].sort(), label).toEqual([...model.changed].sort());
        model.changed = new Set();
        expect(canonicalize(p.typing.byAddress), label).toEqual(canonicalize(model.byAddress));
        // Asked at some moments only: asking catches the queue up, which the ticks must not depend on.
        if (rand() < 0.5) expect(nextTypingExpiry(p.typing), label).toBe(model.next());
        if (envelope.event.type === 'typing.started' && model.byAddress.get(envelope.event.address)?.size) moves++;
        const r = rand();
        // The copy goes on, the original is left: it must not see the copy's moves (nor the copy the original's).
        if (r < 0.03) {
          const left = p;
          const before = JSON.stringify(canonicalize(left.typing.byAddress));
          p = cloneProjections(left);
          applyEnvelope(p, { seq: envelope.seq + 0.5, at: envelope.at, source: 'socket', event: { type: 'typing.started', address: 'a', user_guid: 'alice', name: 'Alice' } }, createChangeSet());
          model.apply({ seq: 0, at: envelope.at, source: 'socket', event: { type: 'typing.started', address: 'a', user_guid: 'alice', name: 'Alice' } });
          model.changed = new Set();
          expect(JSON.stringify(canonicalize(left.typing.byAddress)), label).toBe(before);
        } else if (r < 0.06) p = restoreSnapshot(snapshotOf(p));
      }
    }
    expect(moves).toBeGreaterThan(10_000);
  });
});
