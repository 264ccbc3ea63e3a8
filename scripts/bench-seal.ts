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
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_RECORDING_CHARS } from '../core-worker/session-recording';

const MB = 1024 * 1024;

interface ChildResult {
  module: string;
  lines: number;
  chars: number;
  inputs: number;
  ok: boolean;
  outputBytes: number;
  outputHash: string;
  ms: number;
  fileMs: number;
  rssBeforeMB: number;
  maxRssMB: number;
  heapBeforeMB: number;
  heapEndMB: number;
}

/** The first lines of `path` whose characters (each line and its break, as the recorder counts them) stay within `bound`, without the footer. */
function recordingLines(path: string, bound: number): string[] {
  // Only the bytes the lines can come from are read (a character is at least one byte).
  const fd = openSync(path, 'r');
  const bytes = Buffer.alloc(Math.min(statSync(path).size, bound + 1));
  readSync(fd, bytes, 0, bytes.length, 0);
  closeSync(fd);
  const lines: string[] = [];
  let chars = 0;
  for (let from = 0; from < bytes.length; ) {
    const end = bytes.indexOf(0x0a, from);
    if (end < 0) break;
    // toString makes a flat string of its own, as the store's structured-clone read does.
    const line = bytes.toString('utf8', from, end);
    if (chars + line.length + 1 > bound || line.startsWith('{"k":"end"')) break;
    lines.push(line);
    chars += line.length + 1;
    from = end + 1;
  }
  return lines;
}

/** The file the export makes of what sealRecording returned (core-worker/session-recording.ts). */
function sessionFileOf(sealed: string): Blob {
  return new Blob([sealed], { type: 'application/x-ndjson' });
}

/** FNV-1a 32 of the file's bytes, so runs of different modules can be checked to make the same file. */
function fnv32(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

async function child(path: string, modulePath: string): Promise<void> {
  const { sealRecording } = (await import(pathToFileURL(resolve(modulePath)).href)) as typeof import('../core-worker/seal-recording');
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
  const result = await sealRecording(lines, () => new Promise<void>((done) => setImmediate(done)));
  const ms = performance.now() - started;
  // Then what the export does with it: the file the page downloads, a Blob (the lines are still held, as the export holds them).
  const file = result.ok ? sessionFileOf(result.value) : new Blob([]);
  const fileMs = performance.now() - started - ms;
  const heapEnd = process.memoryUsage().heapUsed;
  const maxRss = process.resourceUsage().maxRSS * 1024;
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
    ms,
    fileMs,
    rssBeforeMB: rssBefore / MB,
    maxRssMB: maxRss / MB,
    heapBeforeMB: heapBefore / MB,
    heapEndMB: heapEnd / MB,
  };
  if (!result.ok) console.error(result.error.message);
  console.log(`@@result ${JSON.stringify(out)}`);
}

/** The largest heap (used before the collection, committed) any collection between the markers found, from --trace-gc's lines. */
function gcPeaks(stdout: string): { usedMB: number; committedMB: number; collections: number } {
  const window = stdout.slice(stdout.indexOf('@@seal-start'), stdout.indexOf('@@seal-end'));
  let usedMB = 0;
  let committedMB = 0;
  let collections = 0;
  for (const m of window.matchAll(/: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Compact)[^\d]*?([\d.]+) \(([\d.]+)\) ->/g)) {
    collections++;
    usedMB = Math.max(usedMB, Number(m[1]));
    committedMB = Math.max(committedMB, Number(m[2]));
  }
  return { usedMB, committedMB, collections };
}

function parent(path: string, runs: number, modules: string[]): void {
  const rows: (ChildResult & { peakHeapMB: number; committedMB: number; collections: number; load: number })[] = [];
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
      const peaks = gcPeaks(r.stdout);
      const row = { ...result, peakHeapMB: Math.max(peaks.usedMB, result.heapEndMB), committedMB: peaks.committedMB, collections: peaks.collections, load };
      rows.push(row);
      console.log(
        `${modulePath}  run ${run + 1}: ${row.ms.toFixed(0)} ms (then the Blob ${row.fileMs.toFixed(0)} ms); heap ${row.heapBeforeMB.toFixed(0)} MB before (the lines), peak ${row.peakHeapMB.toFixed(0)} MB (+${(row.peakHeapMB - row.heapBeforeMB).toFixed(0)}), committed ${row.committedMB.toFixed(0)} MB, ${row.collections} collections; ` +
          `RSS ${row.rssBeforeMB.toFixed(0)} MB before, high-water ${row.maxRssMB.toFixed(0)} MB (+${(row.maxRssMB - row.rssBeforeMB).toFixed(0)}); load ${load.toFixed(2)}; ${row.ok ? `ok, ${row.outputBytes} bytes, fnv ${row.outputHash}` : 'FAILED'}`,
      );
    }
  }
  const first = rows[0]!;
  console.log(`recording: ${first.lines.toLocaleString('en')} lines, ${first.chars.toLocaleString('en')} characters (bound ${DEFAULT_RECORDING_CHARS.toLocaleString('en')}), ${first.inputs.toLocaleString('en')} inputs`);
  for (const modulePath of modules) {
    const mine = rows.filter((r) => r.module === modulePath);
    const span = (f: (r: (typeof mine)[number]) => number, digits = 0) => {
      const v = mine.map(f).sort((a, b) => a - b);
      return `${v[Math.floor(v.length / 2)]!.toFixed(digits)} (${v[0]!.toFixed(digits)}–${v.at(-1)!.toFixed(digits)})`;
    };
    console.log(`${modulePath}: time ${span((r) => r.ms)} ms, Blob ${span((r) => r.fileMs)} ms; peak heap ${span((r) => r.peakHeapMB)} MB; RSS high-water ${span((r) => r.maxRssMB)} MB, ${span((r) => r.maxRssMB - r.rssBeforeMB)} MB over the lines; outputs ${[...new Set(mine.map((r) => r.outputHash))].join(', ')}`);
  }
}

if (process.argv[2] === '--child') await child(process.argv[3]!, process.argv[4]!);
else {
  const [path = '.tmp/t1m.jsonl', runs = '3', ...modules] = process.argv.slice(2);
  parent(path, Number(runs), modules.length ? modules : ['core-worker/seal-recording.ts']);
}
