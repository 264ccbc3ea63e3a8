/**
 * mulberry32: a small, fast, seedable pseudo-random generator, for data that
 * must come out the same for the same seed — the heavy-user seed
 * (server/seed-heavy.ts), random logs (fixtures/random-log.ts) and the chaos
 * suite's fault plans. Never for anything secret, and not for the core, whose
 * randomness goes through its injected port so replays stay exact.
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
