import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { createProjections, foldAll } from '../../projections/fold';
import { DEBUG_PROJECTIONS } from '../../protocol/debug-api';
import { canonicalize, canonicalText } from '../../projections/canonical';
import { createHash, cyrb64, fnv1a64, hashCanonical, hashInSlices, hashText, PROJECTION_NAMES, projectionHash, projectionHashes, projectionHashesInSlices, projectionJson, type HashName, type Slicing } from '../../projections/hash';
import { sessionHashName } from '../../protocol/session-file';
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

  it('cyrb64 keeps cyrb53 in its low 53 bits (its published values), and all 64 bits of both lanes', () => {
    const cyrb53 = (text: string): number => {
      // cyrb53 (bryc, public domain) as published, seed 0.
      let h1 = 0xdeadbeef;
      let h2 = 0x41c6ce57;
      for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        h1 = Math.imul(h1 ^ ch, 2654435761);
        h2 = Math.imul(h2 ^ ch, 1597334677);
      }
      h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
      h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
      h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return 4294967296 * (2097151 & h2) + (h1 >>> 0);
    };
    const low53 = (hex: string): number => Number(BigInt(`0x${hex}`) & ((1n << 53n) - 1n));
    expect(low53(cyrb64('a'))).toBe(7929297801672961);
    expect(low53(cyrb64('b'))).toBe(8684336938537663);
    expect(low53(cyrb64('revenge'))).toBe(4051478007546757);
    expect(low53(cyrb64('revenue'))).toBe(8309097637345594);
    const rand = prng(7);
    for (let i = 0; i < 500; i++) {
      const text = Array.from({ length: Math.floor(rand() * 40) }, () => String.fromCharCode(Math.floor(rand() * 0x10000))).join('');
      expect(low53(cyrb64(text))).toBe(cyrb53(text));
    }
    // The whole value (docs/session-format.md quotes these).
    expect(cyrb64('')).toBe('488bdcb81aee8d83');
    expect(cyrb64('a')).toBe('501c2ba782c97901');
    expect(cyrb64('foobar')).toBe('5d4c5dde2b4986f5');
  });

  it('follow the format version: FNV-1a 64 up to version 2, cyrb64 from version 3', () => {
    expect([1, 2, 3].map(sessionHashName)).toEqual(['fnv1a64', 'fnv1a64', 'cyrb64']);
    expect(hashText('foobar', 'fnv1a64')).toBe(fnv1a64('foobar'));
    expect(hashText('foobar', 'cyrb64')).toBe(cyrb64('foobar'));
    const p = foldAll(new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }).envelopes);
    expect(projectionHashes(p, 'fnv1a64').each.session).toBe(fnv1a64(projectionJson(p, 'session')));
    expect(projectionHashes(p, 'cyrb64').each.session).toBe(cyrb64(projectionJson(p, 'session')));
    expect(projectionHashes(p, 'cyrb64').all).not.toBe(projectionHashes(p, 'fnv1a64').all);
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

const HASHES: HashName[] = ['fnv1a64', 'cyrb64'];
/** The definition the streaming hasher must equal: the hash of the canonical JSON text. */
const reference = (value: unknown, hash: HashName): string => hashText(JSON.stringify(canonicalize(value)), hash);
const streamed = (value: unknown, hash: HashName): string => {
  const h = createHash(hash);
  hashCanonical(h, value);
  return h.hex();
};


function randomValue(rand: () => number, depth: number): unknown {
  const strings = ['', 'a', 'b', 'é', '👍', '"q"', 'back\\slash', 'line\nbreak', '\u0001', '\ud800', 'x\udc00y', '0', '1', '10', '2', '01', '4294967295', '-1', '__proto__', 'constructor', 'Z', 'z'];
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const r = rand();
  const numbers = [0, -0, 1.5, -7, 1e21, 1e-7, NaN, Infinity, 1_800_000_000_123, 99_999_999, 100_000_000, -100_000_001, 123_456_789_012_345, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e20, -1e-300];
  if (depth <= 0 || r < 0.3) return pick<unknown>([...numbers, true, false, null, undefined, ...strings]);
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
  it.each(HASHES)('equals %s of the canonical JSON for 3,000 random values (maps, sets, index-like keys, escapes, lone surrogates, undefined, large integers)', (hash) => {
    for (let seed = 1; seed <= 3_000; seed++) {
      const value = { root: randomValue(prng(seed), 5) };
      expect(streamed(value, hash), `seed ${seed}`).toBe(reference(value, hash));
    }
  });

  it.each(HASHES)('%s: the same from the strings JSON escapes partway (quotes and backslashes inline, the rest by JSON.stringify)', (hash) => {
    for (const s of ['"', '\\', 'a"b\\c', '"x\u0001y"', 'q"\ud800', '\ud83d\udc4d"', 'x\ud83d\udc4dy\n', 'tab\t"', '"'.repeat(50) + '\u001f']) {
      expect(streamed({ [s]: [s, s] }, hash), JSON.stringify(s)).toBe(reference({ [s]: [s, s] }, hash));
    }
  });

  it.each(HASHES)('%s: equals it for folded projections, each of them', (hash) => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' }), channel({ address: 'b"\\' })] });
    for (let i = 0; i < 50; i++) log.advance(1_000).add({ type: 'message.received', message: message({ guid: `m${i}`, address: i % 3 ? 'a' : 'b"\\', created: log.now, from_guid: i % 2 ? 'me' : 'x' }) });
    log.add({ type: 'typing.started', address: 'a', user_guid: 'x', name: 'X 👍' });
    const p = foldAll(log.envelopes);
    for (const name of PROJECTION_NAMES) expect(projectionHash(p, name, hash), name).toBe(hashText(projectionJson(p, name), hash));
  });
});

describe('hashing in slices (the debugger, for a state too large to hash between two requests)', () => {
  /** A pause after every step (ms 0), counted; `stopAt`: the pause that says stop. */
  const everyStep = (stopAt = Infinity): Slicing & { pauses: number } => {
    const slicing = { ms: 0, now: () => 0, pauses: 0, goOn: async () => ++slicing.pauses < stopAt };
    return slicing;
  };

  it.each(HASHES)('%s: the same hash as in one go, for 1,000 random values nested deeper than the slices', async (hash) => {
    for (let seed = 1; seed <= 1_000; seed++) {
      const value = { root: randomValue(prng(seed), 7) };
      const h = await hashInSlices(createHash(hash), value, everyStep());
      expect(h!.hex(), `seed ${seed}`).toBe(reference(value, hash));
    }
  });

  it.each(HASHES)('%s: every projection of a folded state, pausing between its messages', async (hash) => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' }), channel({ address: 'b"\\' })] });
    for (let i = 0; i < 60; i++) log.advance(1_000).add({ type: 'message.received', message: message({ guid: `m${i}`, address: i % 3 ? 'a' : 'b"\\', created: log.now, from_guid: i % 2 ? 'me' : 'x' }) });
    const p = foldAll(log.envelopes);
    const slicing = everyStep();
    expect(await projectionHashesInSlices(p, hash, slicing)).toEqual(projectionHashes(p, hash));
    // Paused at least once per message: each is a slice of its own at most.
    expect(slicing.pauses).toBeGreaterThan(60);
  });

  it('stops when told to, with no hash', async () => {
    const p = foldAll(new LogBuilder().add({ type: 'session.started', user: user({ target_user_guid: 'me' }) }).add({ type: 'channels.listed', channels: [channel({ address: 'a' })] }).envelopes);
    const slicing = everyStep(3);
    expect(await projectionHashesInSlices(p, 'cyrb64', slicing)).toBeNull();
    expect(slicing.pauses).toBe(3);
  });

  it('pauses only when a slice has run its time', async () => {
    const value = { list: Array.from({ length: 1_000 }, (_, i) => ({ i })) };
    const run = async (now: () => number) => {
      let pauses = 0;
      const h = await hashInSlices(createHash('cyrb64'), value, { ms: 10, now, goOn: async () => (pauses++, true) });
      expect(h!.hex()).toBe(reference(value, 'cyrb64'));
      return pauses;
    };
    // Time standing still: one slice, no pause.
    expect(await run(() => 0)).toBe(0);
    // Each reading of the clock 5 ms later: a pause every other reading, far fewer than the steps.
    let clock = 0;
    const pauses = await run(() => (clock += 5));
    expect(pauses).toBeGreaterThan(10);
    expect(pauses).toBeLessThan(1_000);
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
