/**
 * How fast this machine is, so that replay figures measured on different machines can be compared.
 *
 * The replay target is absolute (under 2 s for 1,000,000 inputs "on this 2-core machine"), but the machines
 * these benchmarks run on are shared virtual machines, not always the same, whose speed moves with their host:
 * on 2026-11-28 the same code and session took 5.46 s, and half an hour later 2.82 s, the memory-heavy loop
 * below 820 and then 378 ms. Fixed workloads, timed in the same run as the replay, say how much of a
 * difference is the machine's:
 *
 * - a CPU-only loop (integer arithmetic in registers: it touches no memory);
 * - a memory-heavy loop shaped like a replay's work: string-keyed Map lookups over a working set of a few
 *   hundred thousand small objects, each step allocating a short-lived object and updating a long-lived one;
 * - the memory-heavy loop on two threads at once (the slower thread's time): whether the two vCPUs slow each
 *   other on such work, as a replay beside its decoder thread does (bench/notes.md, 2026-11-27). The two
 *   threads start each timed run together (a barrier in shared memory), so the runs overlap.
 *
 * Each runs in a worker thread of its own (the pair in two), after a warm-up, best of three.
 */
import { Worker } from 'node:worker_threads';

export interface MachineReference {
  /** The CPU-only loop, ms (best of 3). */
  cpuMs: number;
  /** The memory-heavy loop alone, ms (best of 3). */
  memoryMs: number;
  /** The memory-heavy loop with a second copy running on the other thread: the slower thread's time, ms (best of 3). */
  memoryPairMs: number;
}

/** The workloads' source, run with `new Worker(..., { eval: true })`: one kind per worker, its best time posted back. */
const WORKLOAD = `
const { parentPort, workerData } = require('node:worker_threads');
function cpu() {
  let x = 0;
  for (let i = 0; i < 300_000_000; i++) x = (x * 31 + i) | 0;
  return x;
}
function memory() {
  const keys = [];
  for (let i = 0; i < 200_000; i++) keys.push('c' + ((i * 7919) % 200_000) + '-' + i);
  const live = new Map();
  for (const key of keys) live.set(key, { count: 0, last: null, key });
  let seed = 1, sum = 0;
  for (let i = 0; i < 2_000_000; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const entry = live.get(keys[seed % keys.length]);
    const event = { at: i, by: keys[(seed >> 3) % keys.length], n: seed & 255 };
    entry.count += event.n;
    if ((seed & 15) === 0) entry.last = event; // a few survive, as a log's envelopes do until a compaction
    sum += entry.count & 1;
  }
  return sum;
}
const work = workerData.kind === 'cpu' ? cpu : memory;
// A pair's threads start each timed run together: both wait at this barrier until every party has reached it.
const arrived = new Int32Array(workerData.barrier);
function together(step) {
  Atomics.add(arrived, 0, 1);
  Atomics.notify(arrived, 0);
  for (let now = Atomics.load(arrived, 0); now < workerData.parties * step; now = Atomics.load(arrived, 0)) Atomics.wait(arrived, 0, now, 10);
}
work(); // warm-up: compiled and the heap grown before timing
let best = Infinity;
for (let run = 0; run < 3; run++) {
  together(run + 1);
  const t = performance.now();
  work();
  best = Math.min(best, performance.now() - t);
}
parentPort.postMessage({ best });
`;

/** Runs `kind` in a worker thread; `barrier` (shared by `parties` threads) starts their timed runs together. */
function runWorkload(kind: 'cpu' | 'memory', barrier = new SharedArrayBuffer(4), parties = 1): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKLOAD, { eval: true, workerData: { kind, barrier, parties } });
    worker.once('message', ({ best }: { best: number }) => {
      resolve(best);
      void worker.terminate();
    });
    worker.on('error', reject);
  });
}

/** Times the reference workloads (10–20 s on the machine of 2026-11-28). */
export async function measureMachine(): Promise<MachineReference> {
  const cpuMs = await runWorkload('cpu');
  const memoryMs = await runWorkload('memory');
  const barrier = new SharedArrayBuffer(4);
  const [a, b] = await Promise.all([runWorkload('memory', barrier, 2), runWorkload('memory', barrier, 2)]);
  return { cpuMs, memoryMs, memoryPairMs: Math.max(a, b) };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureMachine()));
