/**
 * `npx tsx scripts/bench-seal.ts session.jsonl [runs] [module …]`: how long sealing a stored recording without
 * a footer takes at the default bound (64M characters, 128 MB as UTF-16), and how much memory it needs. Takes
 * the first lines of a large session file (e.g. the replay benchmark's synthetic million-input session, 138 MB:
 * bench/replay.ts) up to the bound as a recording whose tab was closed — header and lines, no footer, each line
 * a string of its own as the store reads them — times `sealRecording` on them, then the Blob the export makes
 * of its result (core-worker/session-recording.ts), the lines held meanwhile as the export holds them.
 *
 * Each run is a Node process of its own started with --trace-gc, so one run's garbage and high-water mark do
 * not reach the next: peak heap is the largest heap a collection found while sealing (or the heap at its end,
 * if larger), peak RSS the process's high-water mark, also less its resident size when sealing began (the
 * lines already read). With several modules (each exporting `sealRecording`, e.g. an earlier version copied
 * beside this one) the runs alternate between them, so each is measured under the same load; each run's file is
 * hashed, so they can be seen to make the same one. A measurement, not a timed test.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_RECORDING_CHARS, sessionFile } from '../core-worker/session-recording';
import type { Result } from '../protocol/result';
import { recordingLines } from './bench-seal-lines';

const MB = 1024 * 1024;

/** One phase of a run: sealing, or sealing and then the Blob (both from the start). */
interface Phase {
  ms: number;
  /** CPU time of the process (user + system), less disturbed than wall time by others on a shared machine. */
  cpuMs: number;
  /** Time in collections, as --trace-gc reports each one's pause. */
  gcMs: number;
  /** The largest heap found in the phase: by a collection (used before it), or at its end. */
  peakHeapMB: number;
  committedMB: number;
  collections: number;
  /** The process's RSS high-water mark at the phase's end. */
  maxRssMB: number;
}

interface ChildResult {
  module: string;
  lines: number;
  chars: number;
  inputs: number;
  ok: boolean;
  outputBytes: number;
  outputHash: string;
  rssBeforeMB: number;
  heapBeforeMB: number;
  seal: Omit<Phase, 'peakHeapMB' | 'committedMB' | 'collections' | 'gcMs'> & { heapEndMB: number };
  all: Omit<Phase, 'peakHeapMB' | 'committedMB' | 'collections' | 'gcMs'> & { heapEndMB: number };
}

/**
 * The file the export makes of what sealRecording returned: the file's lines and whether it is unsealed (from
 * 2026-11-27), its lines (sessionFile), or, from a version before 2026-11-26, its text.
 */
function sessionFileOf(sealed: string | readonly string[] | { lines: readonly string[] }): Blob {
  if (typeof sealed === 'string') return new Blob([sealed], { type: 'application/x-ndjson' });
  return sessionFile('lines' in sealed ? sealed.lines : sealed);
}

/** FNV-1a 32 of the file's bytes, so runs of different modules can be checked to make the same file. */
function fnv32(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

async function child(path: string, modulePath: string): Promise<void> {
  const { sealRecording } = (await import(pathToFileURL(resolve(modulePath)).href)) as { sealRecording: (lines: readonly string[], settle: () => Promise<void>, app: string) => Promise<Result<string | string[] | { lines: string[] }>> };
  const { INPUT_KINDS, lineInfo } = await import('../protocol/session-file');
  const lines = recordingLines(path, DEFAULT_RECORDING_CHARS);
  const count = lines.length;
  const chars = lines.reduce((n, l) => n + l.length + 1, 0);
  const inputs = lines.filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length;
  const gc = globalThis.gc!;
  gc();
  gc();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  console.log('@@seal-start');
  const started = performance.now();
  const cpu = process.cpuUsage();
  const mark = (): ChildResult['seal'] => ({ ms: performance.now() - started, cpuMs: ((u) => (u.user + u.system) / 1000)(process.cpuUsage(cpu)), heapEndMB: process.memoryUsage().heapUsed / MB, maxRssMB: (process.resourceUsage().maxRSS * 1024) / MB });
  const result = await sealRecording(lines, () => new Promise<void>((done) => setImmediate(done)), 'bench-seal');
  const seal = mark();
  console.log('@@sealed');
  // Then what the export does with it: the file the page downloads, a Blob (the lines still held, as the export holds them).
  const file = result.ok ? sessionFileOf(result.value) : new Blob([]);
  const all = mark();
  console.log('@@seal-end');
  lines.length = 0;
  const out: ChildResult = {
    module: modulePath,
    lines: count,
    chars,
    inputs,
    ok: result.ok,
    outputBytes: file.size,
    outputHash: fnv32(new Uint8Array(await file.arrayBuffer())),
    rssBeforeMB: rssBefore / MB,
    heapBeforeMB: heapBefore / MB,
    seal,
    all,
  };
  if (!result.ok) console.error(result.error.message);
  console.log(`@@result ${JSON.stringify(out)}`);
}

/** The largest heap (used before the collection, committed) any collection from the start marker to `end` found, from --trace-gc's lines. */
function gcPeaks(stdout: string, end: string): { usedMB: number; committedMB: number; collections: number; gcMs: number } {
  const window = stdout.slice(stdout.indexOf('@@seal-start'), stdout.indexOf(end));
  let usedMB = 0;
  let committedMB = 0;
  let collections = 0;
  let gcMs = 0;
  for (const m of window.matchAll(/: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact)[^\d]*?([\d.]+) \(([\d.]+)\) -> [^,]*, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/g)) {
    collections++;
    gcMs += Number(m[3]);
    usedMB = Math.max(usedMB, Number(m[1]));
    committedMB = Math.max(committedMB, Number(m[2]));
  }
  return { usedMB, committedMB, collections, gcMs };
}

interface Row {
  module: string;
  load: number;
  result: ChildResult;
  seal: Phase;
  all: Phase;
}

function phase(stdout: string, end: string, at: ChildResult['seal']): Phase {
  const peaks = gcPeaks(stdout, end);
  return { ms: at.ms, cpuMs: at.cpuMs, gcMs: peaks.gcMs, peakHeapMB: Math.max(peaks.usedMB, at.heapEndMB), committedMB: peaks.committedMB, collections: peaks.collections, maxRssMB: at.maxRssMB };
}

function parent(path: string, runs: number, modules: string[]): void {
  const rows: Row[] = [];
  const f = (n: number) => n.toFixed(0);
  for (let run = 0; run < runs; run++) {
    for (const modulePath of modules) {
      const load = loadavg()[0]!;
      const r = spawnSync(process.execPath, ['--expose-gc', '--trace-gc', '--import', 'tsx', 'scripts/bench-seal.ts', '--child', path, modulePath], { encoding: 'utf8', maxBuffer: 256 * MB });
      const line = r.stdout.split('\n').find((l) => l.startsWith('@@result '));
      if (r.status !== 0 || !line) {
        console.error(r.stderr);
        throw new Error(`run ${run + 1} of ${modulePath} failed (status ${r.status})`);
      }
      const result = JSON.parse(line.slice('@@result '.length)) as ChildResult;
      const row: Row = { module: modulePath, load, result, seal: phase(r.stdout, '@@sealed', result.seal), all: phase(r.stdout, '@@seal-end', result.all) };
      rows.push(row);
      const over = (mb: number) => `+${f(mb - result.rssBeforeMB)}`;
      console.log(
        `${modulePath}  run ${run + 1} (load ${load.toFixed(2)}): lines ${f(result.heapBeforeMB)} MB heap, ${f(result.rssBeforeMB)} MB RSS; ` +
          `sealing ${f(row.seal.ms)} ms (CPU ${f(row.seal.cpuMs)}, collecting ${f(row.seal.gcMs)}), peak heap ${f(row.seal.peakHeapMB)} MB, RSS ${f(row.seal.maxRssMB)} MB (${over(row.seal.maxRssMB)}); ` +
          `with the Blob ${f(row.all.ms)} ms, peak heap ${f(row.all.peakHeapMB)} MB (committed ${f(row.all.committedMB)}, ${row.all.collections} collections), RSS ${f(row.all.maxRssMB)} MB (${over(row.all.maxRssMB)}); ` +
          `${result.ok ? `file ${result.outputBytes} bytes, fnv ${result.outputHash}` : 'FAILED'}`,
      );
    }
  }
  const first = rows[0]!.result;
  console.log(`recording: ${first.lines.toLocaleString('en')} lines, ${first.chars.toLocaleString('en')} characters (bound ${DEFAULT_RECORDING_CHARS.toLocaleString('en')}), ${first.inputs.toLocaleString('en')} inputs`);
  for (const modulePath of modules) {
    const mine = rows.filter((r) => r.module === modulePath);
    const span = (get: (r: Row) => number) => {
      const v = mine.map(get).sort((a, b) => a - b);
      return `${f(v[Math.floor(v.length / 2)]!)} (${f(v[0]!)}–${f(v.at(-1)!)})`;
    };
    console.log(
      `${modulePath}, median (range) of ${mine.length}: sealing ${span((r) => r.seal.ms)} ms (CPU ${span((r) => r.seal.cpuMs)}, collecting ${span((r) => r.seal.gcMs)}), peak heap ${span((r) => r.seal.peakHeapMB)} MB, RSS high-water ${span((r) => r.seal.maxRssMB)} MB; ` +
        `with the Blob ${span((r) => r.all.ms)} ms, peak heap ${span((r) => r.all.peakHeapMB)} MB, RSS high-water ${span((r) => r.all.maxRssMB)} MB, ${span((r) => r.all.maxRssMB - r.result.rssBeforeMB)} MB over the lines; ` +
        `files ${[...new Set(mine.map((r) => r.result.outputHash))].join(', ')}`,
    );
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else if (!process.argv[2]) console.error('usage: npx tsx scripts/bench-seal.ts session.jsonl [runs] [module …]');
else {
  const [path, runs = '3', ...modules] = process.argv.slice(2) as [string, ...string[]];
  parent(path, Number(runs), modules.length ? modules : ['core-worker/seal-recording.ts']);
}
