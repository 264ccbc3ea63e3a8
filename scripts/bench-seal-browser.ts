/**
 * `npx tsx scripts/bench-seal-browser.ts session.jsonl [runs]`: exporting an earlier session at the default
 * bound in headless Chromium — the browser's half of scripts/bench-seal.ts. Each run, in a fresh browser profile:
 * Alice signs in to a local server of its own (demo company), the recording bound is raised so that nothing
 * is evicted, and the first lines of `session.jsonl` up to the default bound (64M characters) are stored as a
 * recording whose tab was closed — header and lines, no footer, in the recordings database's chunks as the
 * recorder writes them. Then Recording settings → Export on it: from the click to the download, while the
 * core worker's JS heap is sampled through the DevTools protocol (Runtime.getHeapUsage, every 100 ms; a
 * sample waits while the worker runs a long task, so the peak is a lower bound). Needs a built client (dist/)
 * and /usr/bin/chromium. A measurement, not a timed test.
 */
import { spawn } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { attachWorker } from '../bench/worker-cdp';
import { DEFAULT_RECORDING_CHARS } from '../core-worker/session-recording';
import { INPUT_KINDS, lineInfo } from '../protocol/session-file';
import { recordingLines } from './bench-seal-lines';

const MB = 1024 * 1024;
const PORT = Number(process.env.SEAL_PORT ?? 8392);
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Lines per stored chunk, and per trip into the page: the recorder's chunks are smaller, which only makes reading them slower. */
const CHUNK_LINES = 8_192;

const [path, runsArg] = process.argv.slice(2);
if (!path) {
  console.error('usage: npx tsx scripts/bench-seal-browser.ts <session.jsonl> [runs]');
  process.exit(2);
}
const runs = Number(runsArg ?? 3);

async function startServer(): Promise<() => void> {
  const dataDir = `.tmp/seal-browser-data`;
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn('npx', ['tsx', 'server/main.ts'], { env: { ...process.env, PORT: String(PORT), PLAZA_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (/listening|http:\/\//i.test(d.toString())) resolve();
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return () => process.kill(-child.pid!, 'SIGTERM');
}

/** Samples the core worker's used JS heap every 100 ms until stopped; the worker is found among the browser's targets. */
async function sampleWorkerHeap(browser: Browser): Promise<{ stop(): Promise<number[]> }> {
  const worker = await attachWorker(browser, /\/assets\/worker-/);
  if (!worker) throw new Error('no core worker');
  await worker.ask('HeapProfiler.collectGarbage');
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      samples.push(((await worker.ask('Runtime.getHeapUsage')).result?.usedSize ?? 0) / MB);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await worker.detach();
      return samples;
    },
  };
}

/** Stores `lines` as a footerless recording in the page's recordings database (the worker's store, opened beside it). */
async function storeRecording(page: Page, lines: string[], inputs: number, chars: number): Promise<string> {
  const id = 'bench-seal-earlier';
  const started = (JSON.parse(lines[0]!) as { started: number }).started;
  for (let n = 0; n * CHUNK_LINES < lines.length; n++) {
    const chunk = lines.slice(n * CHUNK_LINES, (n + 1) * CHUNK_LINES);
    const last = (n + 1) * CHUNK_LINES >= lines.length;
    await page.evaluate(
      async ({ id, n, chunk, meta }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('plaza-recordings');
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = db.transaction(['sessions', 'chunks'], 'readwrite');
        tx.objectStore('chunks').put({ id, n, lines: chunk });
        if (meta) tx.objectStore('sessions').put(meta);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        db.close();
      },
      { id, n, chunk, meta: last ? { id, started, app: 'plaza-bench', user: null, lines: lines.length, inputs, chars, chunks: n + 1, frozenFooter: null } : null },
    );
  }
  return new Date(started).toLocaleString();
}

async function run(lines: string[], inputs: number, chars: number): Promise<{ ms: number; bytes: number; peakHeapMB: number; heapBeforeMB: number; samples: number }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/login`);
    await page.getByLabel('Email').fill('alice@acme.test');
    await page.getByLabel('Password').fill('plaza-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').first().waitFor();
    const menu = () => page.getByRole('banner').getByRole('button', { name: 'Alice Anders' });
    // A bound above the stored recording and this session's, so that neither is evicted.
    await menu().click();
    await page.getByRole('menuitem', { name: 'Recording settings…' }).click();
    await page.getByLabel('Recording size (MB)').fill('512');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Close' }).click().catch(() => {});
    const when = await storeRecording(page, lines, inputs, chars);
    await menu().click();
    await page.getByRole('menuitem', { name: 'Recording settings…' }).click();
    const exportButton = page.getByRole('button', { name: `Export recording of ${when}` });
    await exportButton.waitFor();
    const heap = await sampleWorkerHeap(browser);
    const downloading = page.waitForEvent('download', { timeout: 600_000 });
    const t0 = performance.now();
    await exportButton.click();
    const download = await downloading;
    const ms = performance.now() - t0;
    const samples = await heap.stop();
    const file = await download.path();
    return { ms, bytes: file ? statSync(file).size : 0, peakHeapMB: Math.max(...samples), heapBeforeMB: samples[0] ?? 0, samples: samples.length };
  } finally {
    await browser.close();
  }
}

const lines = recordingLines(path, DEFAULT_RECORDING_CHARS);
const chars = lines.reduce((n, l) => n + l.length + 1, 0);
const inputs = lines.filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length;
console.log(`recording: ${lines.length.toLocaleString('en')} lines, ${chars.toLocaleString('en')} characters, ${inputs.toLocaleString('en')} inputs, no footer`);
const stop = await startServer();
try {
  for (let i = 0; i < runs; i++) {
    const load = loadavg()[0]!.toFixed(1);
    const r = await run(lines, inputs, chars);
    console.log(`run ${i + 1} (load ${load}): click → download ${(r.ms / 1000).toFixed(2)} s, file ${(r.bytes / MB).toFixed(1)} MB; worker heap ${r.heapBeforeMB.toFixed(0)} MB before, peak ${r.peakHeapMB.toFixed(0)} MB (${r.samples} samples)`);
  }
} finally {
  stop();
}
process.exit(0);
