/**
 * `npm run bench` (not part of `npm test`): measures Plaza against the
 * architecture peers use — the same event stream folded by a main-thread Redux
 * Toolkit store rendering the same React UI (bench/baseline/) — in one run, on
 * the heavy-user company (server/seed-heavy.ts: 5,000 conversations, 300
 * people, 200,000 messages), in Node and in headless Debian Chromium against
 * the local server. Writes bench/results.json and docs/benchmarks.md.
 *
 * The replay and seek parts run in Node on synthetic recorded sessions of
 * BENCH_REPLAY_INPUTS inputs (bench/replay.ts): one in which time runs as it
 * does live (timers fire), replayed BENCH_REPLAY_RUNS times, and the worst
 * case in which no timer fires (replayed as many times, and sought in):
 * decoding and replaying it (medians of BENCH_REPLAY_RUNS runs, with CPU time
 * and where the time goes), seeking in it as the debugger's worker does
 * (bench/seek.ts), and scrubbing it in the debugger in Chromium
 * (bench/debugger-browser.ts).
 *
 * Environment: BENCH_PORT (default 8383), BENCH_PARTS (comma list of node,
 * browser, replay, seek, debugger, convergence; default all; none: only
 * write the report again), BENCH_REPLAY_INPUTS
 * (1,000,000), BENCH_REPLAY_RUNS (3), BENCH_CONVERGENCE_RUNS (40),
 * BENCH_COLD_RUNS (12), BENCH_SEND_MESSAGES (50), CHROMIUM_PATH.
 */
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { createPlazaServer } from '../server/app';
import { MIGRATIONS } from '../server/migrations';
import { seedHeavy } from '../server/seed-heavy';
import { runClient, type BrowserRun } from './browser-bench';
import { makeBurst } from './burst';
import { measureConvergence } from './convergence';
import { nodeBurst, nodeColdStart, type HeavyWorld } from './node-bench';
import { measureDebuggerInBrowser } from './debugger-browser';
import { measureMachine } from './machine';
import { measureReplayApart, recordSyntheticSession } from './replay';
import { writeReport, type BenchResults } from './report';
import { measureSeek } from './seek';

const PORT = Number(process.env.BENCH_PORT ?? 8383);
const ALL_PARTS = ['node', 'browser', 'replay', 'seek', 'debugger', 'convergence'];
// BENCH_PARTS=none measures nothing: the report is written again from bench/results.json (after editing bench/notes.md).
const ASKED_PARTS = (process.env.BENCH_PARTS ?? ALL_PARTS.join(',')).split(',');
const PARTS = new Set(ASKED_PARTS.filter((part) => ALL_PARTS.includes(part)));
for (const part of ASKED_PARTS) if (part !== 'none' && !ALL_PARTS.includes(part)) console.warn(`[bench] no part "${part}": the parts are ${ALL_PARTS.join(', ')} (or none)`);
const REPLAY_INPUTS = Number(process.env.BENCH_REPLAY_INPUTS ?? 1_000_000);
const REPLAY_RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 3);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 12);
const SEND_MESSAGES = Number(process.env.BENCH_SEND_MESSAGES ?? 50);
const CONVERGENCE_RUNS = Number(process.env.BENCH_CONVERGENCE_RUNS ?? 40);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const SEED = 42;

const log = (line: string) => console.log(`[bench] ${line}`);

function bundleSizes(): { file: string; bytes: number; gzip: number }[] {
  const dir = 'dist/assets';
  return readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => ({ file, bytes: statSync(join(dir, file)).size, gzip: gzipSync(readFileSync(join(dir, file))).length }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** The seeded database, made once per seed and copied for each run (seeding takes ~25 s). */
async function seededDataDir(): Promise<string> {
  // Named by the schema too: a template seeded under older migrations is not reused.
  const template = `.tmp/bench-seed-${SEED}-m${MIGRATIONS.length}-${MIGRATIONS.at(-1)!.version}`;
  if (!existsSync(join(template, 'PG_VERSION'))) {
    rmSync(template, { recursive: true, force: true });
    const seeding = await createPlazaServer({ port: 0, dataDir: template, log: () => {} });
    const summary = await seedHeavy(seeding.db, { seed: SEED, log });
    log(`seeded: ${JSON.stringify(summary)}`);
    await seeding.close();
  }
  const dir = '.tmp/bench-data';
  rmSync(dir, { recursive: true, force: true });
  cpSync(template, dir, { recursive: true });
  return dir;
}

async function main(): Promise<void> {
  const load = [loadavg()[0]!];
  mkdirSync('.tmp', { recursive: true });
  log('building Plaza and the baseline');
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  execSync('npx vite build --config bench/baseline/vite.config.ts --logLevel error', { stdio: 'inherit' });
  const dataDir = await seededDataDir();
  const server = await createPlazaServer({ port: PORT, dataDir, staticDir: 'dist', log: () => {} });
  const base = server.url;
  try {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
      (await (await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as any;
    const login = await post('/data/login', { email: 'hana@northwind.test', password: 'plaza-demo' });
    const auth = { 'x-login-guid': login.login_guid, 'x-auth-token': login.auth_token };
    const t = performance.now();
    const channels = (await post('/secure/data/confirmed/corporate/channels/list', { include_recent: true }, auth)).channels;
    const channelListMs = performance.now() - t;
    const users = (await post('/secure/data/confirmed/corporate/users/list', { include_self: true, include_bots: true }, auth)).users;
    const world: HeavyWorld = { user: login.user, users, channels };
    const sam = users.find((u: { email?: string }) => u.email === 'sam@northwind.test');
    const dm = channels.find((c: { channel_type: number; target_user_guid: string | null }) => c.channel_type === 0 && c.target_user_guid === sam.target_user_guid);
    log(`Hana: ${channels.length} conversations (${channels.filter((c: { unread_messages: number }) => c.unread_messages > 0).length} unread), channel list in ${channelListMs.toFixed(0)} ms`);
    const people = users
      .filter((u: { target_user_guid: string; user_type: number }) => u.target_user_guid !== login.user.target_user_guid && u.user_type === 0)
      .slice(0, 60)
      .map((u: { target_user_guid: string; first_name: string; last_name: string }) => ({ guid: u.target_user_guid, first: u.first_name, last: u.last_name }));
    const burstAddresses = channels.filter((c: { channel_type: number; address: string }) => c.channel_type !== 0 && c.address !== dm.address).slice(0, 1_000).map((c: { address: string }) => c.address);
    const burstFor = (run: string, addresses = burstAddresses) => makeBurst({ addresses, people, probeAddress: dm.address, start: Date.now(), run });

    const results: BenchResults = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}, ${readFileSync('/proc/cpuinfo', 'utf8').match(/^processor/gm)?.length ?? '?'} cores`,
      loadAverage: [],
      dataset: { conversations: channels.length, unread: channels.filter((c: { unread_messages: number }) => c.unread_messages > 0).length, people: users.length, channelListMs },
      node: null,
      browser: [],
      replay: null,
      replayWorstCase: null,
      seek: null,
      debugger: null,
      convergence: null,
      bundles: [],
    };
    // Parts not measured this time keep their figures from the last run (BENCH_PARTS=convergence refreshes
    // one section without an hour of the others); the report says when each part was measured.
    const previous: Partial<BenchResults> = existsSync('bench/results.json') ? JSON.parse(readFileSync('bench/results.json', 'utf8')) : {};
    if (!PARTS.has('node')) results.node = previous.node ?? null;
    if (!PARTS.has('browser')) results.browser = previous.browser ?? [];
    // A replay result from before the replay table had medians and a breakdown (bench/replay.ts) is not kept: the report cannot show it.
    if (!PARTS.has('replay')) results.replay = previous.replay && 'median' in previous.replay ? previous.replay : null;
    if (!PARTS.has('replay')) results.replayWorstCase = previous.replayWorstCase ?? null;
    if (!PARTS.has('seek')) results.seek = previous.seek ?? null;
    if (!PARTS.has('debugger')) results.debugger = previous.debugger ?? null;
    if (!PARTS.has('convergence')) results.convergence = previous.convergence ?? null;
    const measuredBefore = Object.entries(previous.measured ?? {}).filter(([part]) => ALL_PARTS.includes(part));
    results.measured = { ...Object.fromEntries(measuredBefore), ...Object.fromEntries([...PARTS].map((part) => [part, results.date])) };

    if (PARTS.has('node')) {
      log('node: burst');
      const burst = await nodeBurst(world, (addresses) => burstFor('node', addresses));
      log('node: cold start');
      const coldStart = await nodeColdStart(world);
      results.node = { burst, coldStart };
      load.push(loadavg()[0]!);
    }
    if (PARTS.has('browser')) {
      const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
      try {
        const runs: BrowserRun[] = [];
        for (const kind of ['plaza', 'baseline'] as const) {
          runs.push(await runClient(kind, { browser, base, server, world, dmAddress: dm.address, peerEmail: 'sam@northwind.test', burst: (run) => burstFor(run), coldStartRuns: COLD_RUNS, sendMessages: SEND_MESSAGES, log }));
          load.push(loadavg()[0]!);
        }
        results.browser = runs;
      } finally {
        await browser.close();
      }
    }
    if (PARTS.has('replay')) {
      // A session as it happens live: time runs, so timers fire (typing expires, the log is compacted, the
      // message cache stays bounded, the view cache is written).
      log(`recording a synthetic session of ${REPLAY_INPUTS.toLocaleString('en')} inputs, time running`);
      const live = await recordSyntheticSession(REPLAY_INPUTS, 'heavy-user', { timers: true });
      // The machine's speed, timed beside the replay: its figures can then be compared with another machine's.
      log('the machine\'s reference workloads');
      const machine = await measureMachine();
      log(`replay of ${REPLAY_INPUTS.toLocaleString('en')} inputs, ${REPLAY_RUNS} runs`);
      results.replay = { ...(await measureReplayApart(live, { repeat: REPLAY_RUNS, timers: true })), machine };
      load.push(loadavg()[0]!);
    }
    if (PARTS.has('replay') || PARTS.has('seek') || PARTS.has('debugger')) {
      // The worst case: no timer ever fires, so nothing expires and the state grows to 200,000 messages.
      log(`recording a synthetic session of ${REPLAY_INPUTS.toLocaleString('en')} inputs, time standing still`);
      const session = await recordSyntheticSession(REPLAY_INPUTS);
      if (PARTS.has('replay')) {
        // As many runs as the live-like session: one run on a shared machine can be twice the others.
        log(`replay of the worst case, ${REPLAY_RUNS} runs`);
        results.replayWorstCase = await measureReplayApart(session, { repeat: REPLAY_RUNS, timers: false });
        load.push(loadavg()[0]!);
      }
      if (PARTS.has('seek')) {
        log('seeking in the debugger');
        results.seek = await measureSeek(session);
        load.push(loadavg()[0]!);
      }
      if (PARTS.has('debugger')) {
        log('scrubbing in the debugger in Chromium');
        const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
        try {
          results.debugger = await measureDebuggerInBrowser(browser, base, session, { log });
        } finally {
          await browser.close();
        }
        load.push(loadavg()[0]!);
      }
    }
    if (PARTS.has('convergence')) {
      log(`convergence after a 30 s outage, ${CONVERGENCE_RUNS} runs`);
      results.convergence = await measureConvergence(CONVERGENCE_RUNS);
      load.push(loadavg()[0]!);
    }
    results.bundles = bundleSizes();
    // Nothing measured (BENCH_PARTS=none): the load during the last run that measured stands.
    results.loadAverage = PARTS.size === 0 ? (previous.loadAverage ?? load) : load;
    writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync('docs/benchmarks.md', writeReport(results));
    log('wrote bench/results.json and docs/benchmarks.md');
  } finally {
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
