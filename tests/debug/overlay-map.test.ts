/** OverlayMap answers as a plain Map would, through forks and flattening, and never changes its base. */
import { describe, expect, it } from 'vitest';
import { canonicalItems, OverlayMap, OverlaySet } from '../../core-worker/debug/overlay-map';
import { prng } from '../../protocol/prng';

const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

describe('OverlayMap', () => {
  it('behaves as a Map under random sets, deletes, clears and forks (200 seeds)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const rand = prng(seed);
      const key = () => `k${Math.floor(rand() * 40)}`;
      const base = new Map(Array.from({ length: Math.floor(rand() * 30) }, (_, i) => [`k${i}`, i] as [string, number]));
      const frozen = JSON.stringify([...base]);
      let overlay = new OverlayMap(base);
      let plain = new Map(base);
      for (let step = 0; step < 300; step++) {
        const r = rand();
        const k = key();
        if (r < 0.45) expect(overlay.set(k, step)).toBe(overlay), plain.set(k, step);
        else if (r < 0.8) expect(overlay.delete(k)).toBe(plain.delete(k));
        else if (r < 0.82) overlay.clear(), plain.clear();
        else if (r < 0.86) {
          // A fork is independent of the overlay it came from.
          const fork = overlay.fork();
          overlay.set('only-in-the-old-one', -1);
          overlay = fork;
        } else if (r < 0.88) {
          // A collapse too, at any depth.
          const collapsed = overlay.collapse();
          expect(collapsed.depth).toBe(1);
          overlay.set('only-in-the-old-one', -1);
          overlay = collapsed;
        } else if (r < 0.9) {
          // A layer goes one deeper; the overlay below must not change any more.
          overlay = overlay.layer();
        }
        expect(overlay.size, `seed ${seed} step ${step}`).toBe(plain.size);
        expect(overlay.get(k)).toBe(plain.get(k));
        expect(overlay.has(k)).toBe(plain.has(k));
      }
      expect(sorted(new Map(overlay)), `seed ${seed}`).toEqual(sorted(plain));
      expect([...overlay.keys()].sort()).toEqual([...plain.keys()].sort());
      expect([...overlay.values()].sort()).toEqual([...plain.values()].sort());
      const seen: [string, number][] = [];
      overlay.forEach((v, k) => seen.push([k, v]));
      expect(seen.sort(([a], [b]) => (a < b ? -1 : 1))).toEqual(sorted(plain));
      expect(overlay instanceof Map).toBe(true);
      expect(JSON.stringify([...base]), `seed ${seed}: the base changed`).toBe(frozen);
    }
  });

  it('collapses levels into one over the plain base, and flattens them once they hold a good part of it', () => {
    const base = new Map(Array.from({ length: 400 }, (_, i) => [`k${i}`, i] as [string, number]));
    const lower = new OverlayMap(base);
    lower.set('a', 1);
    lower.delete('k0');
    const upper = lower.layer();
    upper.set('b', 2);
    upper.delete('a'); // added below, deleted above: gone from the merged level
    upper.set('k0', 3); // deleted below, set again above
    const merged = upper.collapse();
    expect([merged.depth, merged.ownSize, merged.size]).toEqual([1, 2, 401]);
    expect([merged.has('a'), merged.get('b'), merged.get('k0')]).toEqual([false, 2, 3]);
    merged.set('c', 4);
    expect(upper.has('c')).toBe(false);
    // Over 32 + a quarter of the base: a fresh plain base, with an empty overlay on it.
    for (let i = 0; i < 140; i++) upper.set(`n${i}`, i);
    const flat = upper.collapse();
    expect([flat.depth, flat.ownSize, flat.size]).toEqual([1, 0, upper.size]);
    expect(flat.get('n139')).toBe(139);
    expect(base.size).toBe(400);
    expect(base.get('k0')).toBe(0);
  });

  it('canonicalItems sorts items as canonical JSON does: as strings, by code unit', () => {
    const base = new Set<unknown>([10, 9, 'b', 'a', 'é', 'z']);
    const overlay = new OverlaySet(base).layer();
    overlay.add(100);
    overlay.add('aa');
    overlay.delete(9);
    expect(canonicalItems(overlay)).toEqual(['10', '100', 'a', 'aa', 'b', 'z', 'é']);
    expect(canonicalItems(base)).toEqual([...base].map(String).sort());
  });

  it('OverlaySet behaves as a Set under random adds, deletes, clears and forks (100 seeds)', () => {
    for (let seed = 1; seed <= 100; seed++) {
      const rand = prng(seed);
      const key = () => `k${Math.floor(rand() * 40)}`;
      const base = new Set(Array.from({ length: Math.floor(rand() * 30) }, (_, i) => `k${i}`));
      const frozen = [...base].join();
      let overlay = new OverlaySet(base);
      let plain = new Set(base);
      for (let step = 0; step < 300; step++) {
        const r = rand();
        const k = key();
        if (r < 0.5) expect(overlay.add(k)).toBe(overlay), plain.add(k);
        else if (r < 0.8) expect(overlay.delete(k)).toBe(plain.delete(k));
        else if (r < 0.82) overlay.clear(), plain.clear();
        else if (r < 0.9) {
          const fork = rand() < 0.5 ? overlay.fork() : overlay.layer();
          if (fork.depth > 1) {
            overlay = fork; // a layer's base must not change again: leave the old one alone
          } else {
            overlay.add('only-in-the-old-one');
            overlay = fork;
          }
        }
        expect(overlay.size, `seed ${seed} step ${step}`).toBe(plain.size);
        expect(overlay.has(k)).toBe(plain.has(k));
        // Its canonical form, merged from its bases' sorted items (kept once computed), is the plain set's.
        if (step % 7 === 0) expect(canonicalItems(overlay), `seed ${seed} step ${step}`).toEqual([...plain].map(String).sort());
      }
      expect([...overlay].sort()).toEqual([...plain].sort());
      expect([...overlay.values()].sort()).toEqual([...plain].sort());
      expect(overlay instanceof Set).toBe(true);
      expect([...base].join(), `seed ${seed}: the base changed`).toBe(frozen);
    }
  });
});
