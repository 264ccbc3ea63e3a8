import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { createProjections, foldAll } from '../../projections/fold';
import { DEBUG_PROJECTIONS } from '../../protocol/debug-api';
import { canonicalize, canonicalText } from '../../projections/canonical';
import { fnv1a64, Fnv64, hashCanonical, PROJECTION_NAMES, projectionHash, projectionHashes, projectionJson } from '../../projections/hash';
import { prng } from '../../protocol/prng';

describe('projection hashes', () => {
  it('cover every projection, and the debugger lists the same ones', () => {
    const all = Object.keys(createProjections()).filter((k) => k !== 'seq');
    expect([...PROJECTION_NAMES].sort()).toEqual(all.sort());
    expect([...DEBUG_PROJECTIONS]).toEqual([...PROJECTION_NAMES]);
  });

  it('FNV-1a 64 matches its published test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('are equal for equal states and name the projection that differs', () => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' })] })
      .add({ type: 'message.received', message: message({ guid: 'm', address: 'a', created: T0 + 1, from_guid: 'x' }) });
    const a = projectionHashes(foldAll(log.envelopes));
    expect(projectionHashes(foldAll(log.envelopes))).toEqual(a);
    log.add({ type: 'typing.started', address: 'a', user_guid: 'x', name: 'X' });
    const b = projectionHashes(foldAll(log.envelopes));
    expect(b.all).not.toBe(a.all);
    expect(Object.entries(b.each).filter(([n, h]) => h !== a.each[n as keyof typeof a.each]).map(([n]) => n)).toEqual(['typing']);
  });
});

/** The definition the streaming hasher must equal: FNV-1a 64 of the canonical JSON text. */
const reference = (value: unknown): string => fnv1a64(JSON.stringify(canonicalize(value)));
const streamed = (value: unknown): string => {
  const h = new Fnv64();
  hashCanonical(h, value);
  return h.hex();
};


function randomValue(rand: () => number, depth: number): unknown {
  const strings = ['', 'a', 'b', 'é', '👍', '"q"', 'back\\slash', 'line\nbreak', '\u0001', '\ud800', 'x\udc00y', '0', '1', '10', '2', '01', '4294967295', '-1', '__proto__', 'constructor', 'Z', 'z'];
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const r = rand();
  if (depth <= 0 || r < 0.3) return pick<unknown>([0, -0, 1.5, -7, 1e21, 1e-7, NaN, Infinity, true, false, null, undefined, ...strings]);
  const n = Math.floor(rand() * 5);
  if (r < 0.45) return Array.from({ length: n }, () => randomValue(rand, depth - 1));
  if (r < 0.6) return new Map(Array.from({ length: n }, () => [pick(strings), randomValue(rand, depth - 1)]));
  if (r < 0.65) return new Set(Array.from({ length: n }, () => pick<unknown>([...strings, 3, 20, true])));
  if (r < 0.68) return new Map<unknown, unknown>([[1, 'one'], ['1', 'uno'], [true, randomValue(rand, depth - 1)]]);
  const o: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) Object.defineProperty(o, pick(strings), { value: rand() < 0.05 ? () => 1 : randomValue(rand, depth - 1), enumerable: true, configurable: true, writable: true });
  return o;
}

describe('hashing canonical JSON without building it', () => {
  it('equals FNV-1a 64 of the canonical JSON for 3,000 random values (maps, sets, index-like keys, escapes, lone surrogates, undefined)', () => {
    for (let seed = 1; seed <= 3_000; seed++) {
      const value = { root: randomValue(prng(seed), 5) };
      expect(streamed(value), `seed ${seed}`).toBe(reference(value));
    }
  });

  it('equals it for folded projections, each of them', () => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' }), channel({ address: 'b"\\' })] });
    for (let i = 0; i < 50; i++) log.advance(1_000).add({ type: 'message.received', message: message({ guid: `m${i}`, address: i % 3 ? 'a' : 'b"\\', created: log.now, from_guid: i % 2 ? 'me' : 'x' }) });
    log.add({ type: 'typing.started', address: 'a', user_guid: 'x', name: 'X 👍' });
    const p = foldAll(log.envelopes);
    for (const name of PROJECTION_NAMES) expect(projectionHash(p, name), name).toBe(fnv1a64(projectionJson(p, name)));
  });
});

describe('canonicalText', () => {
  it('is the indented canonical JSON for 2,000 random values', () => {
    for (let seed = 1; seed <= 2_000; seed++) {
      const value = { root: randomValue(prng(seed), 5) };
      const full = JSON.stringify(canonicalize(value), null, 2);
      expect(canonicalText(value, 10_000_000), `seed ${seed}`).toEqual({ text: full, truncated: false });
    }
  });

  it('cut at the limit, is the start of it', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const value = { root: randomValue(prng(seed), 5) };
      const full = JSON.stringify(canonicalize(value), null, 2);
      const limit = 1 + (seed % 80);
      const cut = canonicalText(value, limit);
      expect(cut.truncated, `seed ${seed}`).toBe(full.length > limit);
      expect(cut.text, `seed ${seed}`).toBe(full.slice(0, limit));
    }
  });
});
