/**
 * The debugger in headless Chromium (part `debugger` of `npm run bench`): a recorded session imported on
 * /debug/replay of the built client, as a developer opens one, then scrubbed with the pointer and the keys.
 * Where bench/seek.ts times the worker's `$stateAt` in Node, this times the whole way a user waits: from
 * the pointer or key going down to the frame painted after the seek — the worker's seek, the views sent
 * to the page, the debugger's panels and the replayed app rendered from the state. The debugger's own
 * worker decodes the file's frames ahead here (core-worker/debug/frame-decoder.ts), as it does for users.
 *
 * Timed in the page, not by polling from Playwright: a listener (capture phase) notes when the input went
 * down; the projection panel's aria-busy going false marks the seek answered and shown; the next animation
 * frame, then a task, marks it painted.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { heapMB } from './browser-bench';
import { percentiles, type Percentiles } from './seek';

export interface DebuggerBrowserBench {
  inputs: number;
  fileMB: number;
  /** From choosing the file to the session usable (summary, timeline and lists shown). */
  usableMs: number;
  /** From choosing the file to the verdict, after the event checks. */
  verdictMs: number;
  matched: boolean;
  /** Frames the debugger's decoder worker handed the replay, of all the file's frames (the rest it decoded itself). */
  framesDecodedAhead: number;
  /** Pointer presses at random points of the timeline: input down → the seek painted. */
  scrub: Percentiles;
  scrubs: number;
  /** The same, from the moment the session is usable until the verdict (the event digests being checked meanwhile); null if none fitted in. */
  whileChecking: Percentiles | null;
  scrubsWhileChecking: number;
  /** Home (the start: no one signed in yet) and End (the whole session's state), alternately. */
  home: Percentiles;
  end: Percentiles;
  /** JS heap after a garbage collection: the page, and the debugger's worker (its checkpoints). */
  heapMB: { page: number; worker: number | null };
  loadAverage: [number, number];
}

/** A seek timed in the page (SEEK_TIMER). */
interface Timed {
  kind: string;
  painted?: number;
}

/**
 * The in-page timer, as source text (a function passed to page.evaluate would carry the TypeScript loader's
 * name helpers with it): every pointerdown / keydown starts one, ended by the projection panel's next
 * aria-busy="false", then a painted frame.
 */
const SEEK_TIMER = `(() => {
  window.__seeks = [];
  const start = (kind) => {
    const region = document.querySelector('section[aria-label="Projection state"]');
    if (!region) return;
    const started = performance.now();
    const timed = { kind };
    window.__seeks.push(timed);
    let sawBusy = false;
    const observer = new MutationObserver(() => {
      if (region.getAttribute('aria-busy') === 'true') sawBusy = true;
      else if (sawBusy) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (timed.painted = performance.now() - started), 0));
      }
    });
    observer.observe(region, { attributes: true, attributeFilter: ['aria-busy'] });
  };
  window.addEventListener('pointerdown', () => start('scrub'), true);
  window.addEventListener('keydown', (e) => start(e.key), true);
})()`;

/** Waits until the last timed seek has painted; its time, ms. */
async function lastPainted(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __seeks: Timed[] }).__seeks.at(-1)?.painted, undefined, { timeout: 30_000, polling: 'raf' });
  return (await handle.jsonValue()) as number;
}

export async function measureDebuggerInBrowser(browser: Browser, base: string, session: string, options: { scrubs?: number; log: (line: string) => void }): Promise<DebuggerBrowserBench> {
  const scrubs = options.scrubs ?? 60;
  const path = '.tmp/bench-debugger-session.jsonl';
  writeFileSync(path, session);
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${base}/debug/replay`);
    const before = loadavg()[0]!;
    const started = Date.now();
    await page.getByLabel('Import session').setInputFiles(path);
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.waitFor({ timeout: 600_000 });
    const usableMs = Date.now() - started;
    const verdict = summary.getByText(/Replay matches the recording|diverged/i).first();
    let verdictMs: number | null = null;
    const verdictShown = verdict.waitFor({ timeout: 600_000 }).then(() => (verdictMs = Date.now() - started));

    await page.evaluate(SEEK_TIMER);
    const slider = page.getByRole('slider', { name: 'Position' });
    const box = await slider.boundingBox();
    if (!box) throw new Error('the timeline slider is not on screen');
    // Random points of the timeline, as a developer scrubs (a fixed sequence: runs compare).
    let seed = 7;
    let lastX = -1;
    const scrubOnce = async (): Promise<number> => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      let x = box.x + 1 + (seed / 0x7fffffff) * (box.width - 2);
      // Where the pointer already is, the position would not change: no seek to time.
      if (Math.abs(x - lastX) < 3) x = x + 6 < box.x + box.width - 1 ? x + 6 : x - 6;
      lastX = x;
      await page.mouse.click(x, box.y + box.height / 2);
      const painted = await lastPainted(page);
      await page.waitForTimeout(120);
      return painted;
    };
    // From the moment the session is usable, while the event digests are still being checked.
    const whileChecking: number[] = [];
    while (verdictMs === null && whileChecking.length < 200) whileChecking.push(await scrubOnce());
    await verdictShown;
    const matched = /matches/i.test((await verdict.textContent()) ?? '');
    const cell = async (term: string): Promise<string> => (await summary.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
    const inputs = Number((await cell('Inputs')).replace(/,/g, ''));
    const framesDecodedAhead = Number((await cell('Frames decoded on a second thread')).replace(/,/g, ''));
    options.log(`debugger in Chromium: usable after ${usableMs} ms, verdict after ${verdictMs} ms (${matched ? 'matches' : 'diverged'}), ${framesDecodedAhead.toLocaleString('en')} frames decoded ahead`);
    if (errors.length) throw new Error(`the debugger page failed: ${errors.join('; ')}`);

    const scrub: number[] = [];
    for (let i = 0; i < scrubs; i++) scrub.push(await scrubOnce());
    // Home and End: crossing the sign-in, where the replayed app is mounted afresh (the slowest seeks).
    await slider.focus();
    const home: number[] = [];
    const end: number[] = [];
    for (let i = 0; i < 20; i++) {
      const key = i % 2 ? 'End' : 'Home';
      await page.keyboard.press(key);
      (key === 'End' ? end : home).push(await lastPainted(page));
      await page.waitForTimeout(150);
    }
    const cdp = await context.newCDPSession(page);
    const heap = await heapMB(browser, page, cdp, /\/assets\/debug-worker-/);
    return { inputs, fileMB: session.length / 1e6, usableMs, verdictMs: verdictMs!, matched, framesDecodedAhead, scrub: percentiles(scrub), scrubs, whileChecking: whileChecking.length ? percentiles(whileChecking) : null, scrubsWhileChecking: whileChecking.length, home: percentiles(home), end: percentiles(end), heapMB: heap, loadAverage: [before, loadavg()[0]!] };
  } finally {
    await context.close();
  }
}
