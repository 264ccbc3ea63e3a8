/**
 * Seeded fault schedules for the chaos suite. A plan says, for one seed, when
 * the network is down, what another user posts and when, what the client
 * posts while offline, whether its worker restarts, and how likely each fault
 * is while the network is up: frames dropped, duplicated, delayed, reordered;
 * connections cut; REST answers replaced by 5xx or 429, lost before reaching
 * the server, or lost on the way back (the server did the work).
 *
 * Individual decisions are a pure function of (seed, what, which), not of the
 * order real I/O happens to complete in, so a seed replays the same faults.
 */
import { prng } from '../../protocol/prng';


/** A uniform number in [0, 1) for one named decision of a seed. */
export function decision(seed: number, ...key: (string | number)[]): number {
  let h = 0x811c9dc5 ^ seed;
  for (const ch of key.join('|')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return prng(h >>> 0)();
}

export interface Outage {
  /** Virtual ms after the start. */
  at: number;
  length: number;
}

export interface FaultRates {
  frameDrop: number;
  frameDuplicate: number;
  frameDelay: number;
  frameReorder: number;
  /** Up frames (CHK, DEV, …) lost on the way to the server. */
  upDrop: number;
  /** A connection cut when a frame passes. */
  cut: number;
  rest5xx: number;
  rest429: number;
  /** The request never reaches the server. */
  restLostBefore: number;
  /** The server handles the request; its answer never arrives. */
  restLostAfter: number;
  restDelay: number;
}

export interface FaultPlan {
  seed: number;
  outages: Outage[];
  /** The other user's posts: when, and in the open conversation or the other one. */
  posts: { at: number; channel: 'open' | 'other' }[];
  /** The client's own posts (mostly while offline). */
  ownPosts: { at: number; channel: 'open' | 'other' }[];
  /** The client's worker restarts (same storage) at this time, or never. */
  restartAt: number | null;
  /** From here on no fault happens: the network has healed. */
  healAt: number;
  rates: FaultRates;
}

/** The plan for a seed. `long` adds one 30 s outage (the convergence benchmark's case). */
export function makePlan(seed: number, options: { long?: boolean } = {}): FaultPlan {
  const rand = prng(seed);
  const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo));
  const healAt = between(40_000, 90_000);
  const outages: Outage[] = [];
  let t = between(1_000, 10_000);
  const count = options.long ? 1 : between(1, 4);
  for (let i = 0; i < count && t < healAt - 2_000; i++) {
    // Short blips, outages past the 5 s offline alert, and now and then a long one.
    const length = options.long ? 30_000 : rand() < 0.15 ? between(20_000, 40_000) : rand() < 0.5 ? between(5_500, 15_000) : between(300, 5_000);
    outages.push({ at: t, length: Math.min(length, healAt - t - 500) });
    t += length + between(2_000, 15_000);
  }
  const inOutage = (): number => {
    const o = outages[Math.floor(rand() * outages.length)]!;
    return o.at + Math.floor(rand() * o.length);
  };
  const posts = Array.from({ length: between(3, 9) }, () => ({ at: between(500, healAt), channel: rand() < 0.6 ? ('open' as const) : ('other' as const) })).sort((a, b) => a.at - b.at);
  const ownPosts = Array.from({ length: between(1, 4) }, () => ({ at: outages.length && rand() < 0.8 ? inOutage() : between(500, healAt), channel: rand() < 0.7 ? ('open' as const) : ('other' as const) })).sort((a, b) => a.at - b.at);
  const restartAt = rand() < 0.2 ? (outages.length ? inOutage() : between(1_000, healAt)) : null;
  const level = rand(); // some seeds are calm, some stormy
  const r = (max: number) => rand() * max * level;
  return {
    seed,
    outages,
    posts,
    ownPosts,
    restartAt,
    healAt,
    rates: {
      frameDrop: r(0.25),
      frameDuplicate: r(0.15),
      frameDelay: r(0.2),
      frameReorder: r(0.15),
      upDrop: r(0.1),
      cut: r(0.05),
      rest5xx: r(0.25),
      rest429: r(0.1),
      restLostBefore: r(0.1),
      restLostAfter: r(0.15),
      restDelay: r(0.3),
    },
  };
}

/** True while the plan has the network down at virtual time `t` (ms after the start). */
export function isDown(plan: FaultPlan, t: number): boolean {
  return plan.outages.some((o) => t >= o.at && t < o.at + o.length);
}
