/**
 * The chaos suite (issue 4): CHAOS_SCHEDULES seeded schedules (1,000 by
 * default), each the real core against the real local server through the
 * fault-injecting proxy (port-proxy.ts, run-schedule.ts), many side by side
 * on one server. `CHAOS_SEED=n` runs one seed (to reproduce a failure);
 * `CHAOS_SCHEDULES=n` changes how many run, `CHAOS_PARALLEL=n` how many at once.
 *
 * The server's database dominates the cost: with PLAZA_TEST_DATABASE_URL (CI
 * starts a PostgreSQL, see .ci/run) the server runs on a fresh database there,
 * in its own process; without it, on in-memory PGlite in this one.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlazaServer, type PlazaServer } from '../../server/app';
import { makePlan } from './fault-plan';
import { runSchedule, type ScheduleResult } from './run-schedule';

const TOTAL = Number(process.env.CHAOS_SCHEDULES ?? 1_000);
const ONLY = process.env.CHAOS_SEED ? Number(process.env.CHAOS_SEED) : null;
const PARALLEL = Number(process.env.CHAOS_PARALLEL ?? 32);
const BATCHES = ONLY !== null ? 1 : 10;

let server: PlazaServer;
let dropDatabase: (() => Promise<void>) | null = null;
const results: ScheduleResult[] = [];

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const admin = process.env.PLAZA_TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (admin) {
    const name = `plaza_chaos_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  server = await createPlazaServer({ port: 0, log: () => {}, seed: false, ...(databaseUrl ? { databaseUrl } : {}) });
  // A database thrown away afterwards: commits need not wait for the WAL (about a third faster in PGlite).
  await server.db.exec('SET synchronous_commit = off');
});
afterAll(async () => {
  await server?.close();
  await dropDatabase?.();
  if (results.length === 0) return;
  const sum = (k: keyof ScheduleResult['stats']) => results.reduce((n, r) => n + r.stats[k], 0);
  const converged = results.map((r) => r.convergedAfterMs).filter((x): x is number => x !== null).sort((a, b) => a - b);
  console.info(
    `chaos: ${results.length} schedules, ${results.filter((r) => r.violations.length).length} failed; ` +
      `faults: ${sum('framesDropped')} frames dropped, ${sum('framesDuplicated')} duplicated, ${sum('framesDelayed')} delayed, ${sum('framesReordered')} reordered, ` +
      `${sum('cuts')} cuts, ${sum('refused')} refused connects, ${sum('rest5xx')} 5xx, ${sum('rest429')} 429, ${sum('restLostBefore')} requests lost, ${sum('restLostAfter')} answers lost; ` +
      `converged after healing: p50 ${converged[Math.floor(converged.length / 2)]} ms, max ${converged.at(-1)} ms (virtual); ` +
      `per schedule ${Math.round(results.reduce((n, r) => n + r.steps, 0) / results.length)} clock steps, ${Math.round(results.reduce((n, r) => n + r.realMs, 0) / results.length)} ms`,
  );
});

/** Runs seeds with at most `PARALLEL` at once. */
async function runAll(seeds: number[]): Promise<ScheduleResult[]> {
  const out: ScheduleResult[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < seeds.length) {
      const seed = seeds[next++]!;
      out.push(await runSchedule(server, makePlan(seed)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, seeds.length) }, worker));
  return out;
}

describe(`chaos: ${ONLY !== null ? `seed ${ONLY}` : `${TOTAL} seeded schedules`} through the fault-injecting proxy`, () => {
  for (let b = 0; b < BATCHES; b++) {
    const seeds = ONLY !== null ? [ONLY] : Array.from({ length: Math.ceil(TOTAL / BATCHES) }, (_, i) => b * Math.ceil(TOTAL / BATCHES) + i + 1).filter((s) => s <= TOTAL);
    it(`seeds ${seeds[0]}–${seeds.at(-1)}: every message exactly once, in order, counts right, offline posts delivered once`, async () => {
      const batch = await runAll(seeds);
      results.push(...batch);
      const failed = batch.filter((r) => r.violations.length > 0).map((r) => `seed ${r.seed}: ${r.violations.join(' | ')}`);
      expect(failed, `reproduce with CHAOS_SEED=<seed>`).toEqual([]);
    }, 600_000);
  }
});
