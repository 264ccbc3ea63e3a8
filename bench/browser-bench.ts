/**
 * Browser half of `npm run bench`: headless Debian Chromium against the local
 * server (in this process), the heavy user Hana signed in, measured for Plaza
 * and for the Redux Toolkit baseline (/bench-baseline/) in the same way:
 *  - cold start: reloads until the conversation list is painted (before and
 *    after the burst, i.e. with few and with many messages stored);
 *  - the burst: long main-thread tasks (PerformanceObserver 'longtask'), how
 *    stale the screen gets (probe messages, server send → on screen), Plaza's
 *    worker → UI hop and patch sizes, unread counts at the end;
 *  - channel switch to the first rows painted, cached and uncached;
 *  - send → screen between Sam's page and Hana's;
 *  - JS heap of the page (and Plaza's worker) through the DevTools protocol.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PlazaServer } from '../server/app';
import type { Burst } from './burst';
import type { HeavyWorld } from './node-bench';
import { stats } from './node-bench';
import { attachWorker } from './worker-cdp';

export type ClientKind = 'plaza' | 'baseline';
type Stats = ReturnType<typeof stats>;

export interface BrowserRun {
  kind: ClientKind;
  coldStart: { before: number[]; after: number[] };
  burst: BurstMeasure & { unreadWrong: number; unreadChecked: number };
  /** The same burst on a page slowed SLOW_PAGE_RATE× (absent in results from before 2026-11-26). */
  slowBurst?: BurstMeasure & { rate: number };
  switch: { cached: Stats; uncached: Stats };
  /**
   * From the Enter key's event (its timeStamp: when the browser took the key in) to the message on Hana's screen.
   * `fromPressCall`: from before the test's press() call instead, Playwright's own ~8 ms to deliver the key
   * included (how it was measured before 2026-11-27; absent in earlier results).
   */
  sendToScreen: Stats & { messages: number; fromPressCall?: Stats };
  memoryMB: { page: number; worker: number | null; total: number };
}

/** What one burst measured. */
export interface BurstMeasure {
  frames: number;
  sentInMs: number;
  longTasks: { count: number; maxMs: number; totalMs: number };
  probe: Stats & { missing: number };
  /** Plaza only: worker → painted, and the largest diff push (after the first). */
  workerToUi: Stats | null;
  /** Plaza only: the first change a patch carries folded in the worker → painted (includes any wait for the page). */
  changeToScreen?: Stats | null;
  largestPushBytes: number | null;
  pushes: number | null;
}

/** How much slower the page's main thread runs for the second burst (CDP `Emulation.setCPUThrottlingRate`). */
const SLOW_PAGE_RATE = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = (): number => performance.timeOrigin + performance.now();

export interface BrowserBenchOptions {
  browser: Browser;
  base: string;
  server: PlazaServer;
  world: HeavyWorld;
  /** Hana's DM with Sam: the probe conversation and the send → screen conversation. */
  dmAddress: string;
  peerEmail: string;
  burst: (run: string) => Burst;
  coldStartRuns: number;
  sendMessages: number;
  log: (line: string) => void;
}

const entryPath = (kind: ClientKind) => (kind === 'plaza' ? '/' : '/bench-baseline/index.html');

async function signIn(page: Page, base: string, kind: ClientKind, email: string): Promise<void> {
  await page.goto(`${base}${kind === 'plaza' ? '/login' : entryPath(kind)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('plaza-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').nth(10).waitFor({ timeout: 60_000 });
}

async function navigate(page: Page, kind: ClientKind, path: string): Promise<void> {
  await page.evaluate(
    ([k, p]) => {
      if (k === 'plaza') {
        history.pushState(null, '', p);
        dispatchEvent(new PopStateEvent('popstate'));
      } else (window as unknown as { __baseline: { navigate(p: string): void } }).__baseline.navigate(p);
    },
    [kind, path] as const,
  );
}

/**
 * Functions handed to the page are compiled by tsx, whose esbuild keeps function names by wrapping them
 * in a `__name` helper that only exists in Node: the page gets a stand-in first.
 */
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

async function prepare(context: BrowserContext): Promise<void> {
  await context.addInitScript(NAME_SHIM);
}

/** Records, from navigation start, when the conversation list first shows entries and a frame was painted. */
const LIST_PAINT_PROBE = () => {
  const w = window as unknown as { __listPaint?: number };
  const check = (): boolean => document.querySelectorAll('nav[aria-label="Conversations"] a').length >= 10;
  const observer = new MutationObserver(() => {
    if (!check()) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.__listPaint = performance.now()));
  });
  observer.observe(document, { subtree: true, childList: true });
};

async function coldStarts(page: Page, base: string, kind: ClientKind, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto(`${base}${entryPath(kind)}`);
    const handle = await page.waitForFunction(() => (window as unknown as { __listPaint?: number }).__listPaint, undefined, { timeout: 60_000, polling: 50 });
    times.push((await handle.jsonValue()) as number);
    await sleep(6_000); // let the rest of the start (log, the 4 MB channel list refresh on the server) finish before the next reload
  }
  return times;
}

/** Time from a navigation in the page to the first message rows of `name` painted. */
async function switchTo(page: Page, kind: ClientKind, address: string, name: string): Promise<number> {
  return page.evaluate(
    ([k, a, n]) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        const done = (): boolean => {
          const heading = document.querySelector('main h1');
          return heading?.textContent === n && document.querySelector('[role="log"] article') !== null;
        };
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        setTimeout(() => (observer.disconnect(), reject(new Error(`no rows for ${n}`))), 20_000);
        const path = `/conversations/${encodeURIComponent(a)}`;
        if (k === 'plaza') {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        } else (window as unknown as { __baseline: { navigate(p: string): void } }).__baseline.navigate(path);
      }),
    [kind, address, name] as const,
  );
}

/** JS heap in use after a garbage collection: the page, and the dedicated worker of the same context whose script URL matches `workerUrl` (non-flattened CDP target session). */
export async function heapMB(browser: Browser, page: Page, pageSession: CDPSession, workerUrl: RegExp | null): Promise<{ page: number; worker: number | null }> {
  await pageSession.send('HeapProfiler.collectGarbage');
  const pageHeap = (await pageSession.send('Runtime.getHeapUsage')).usedSize;
  if (!workerUrl) return { page: pageHeap / 2 ** 20, worker: null };
  const worker = await attachWorker(browser, workerUrl, page.url());
  if (!worker) return { page: pageHeap / 2 ** 20, worker: null };
  try {
    await worker.ask('HeapProfiler.collectGarbage');
    const usage = await worker.ask('Runtime.getHeapUsage');
    return { page: pageHeap / 2 ** 20, worker: (usage.result?.usedSize ?? 0) / 2 ** 20 };
  } finally {
    await worker.detach();
  }
}

async function waitQuiet(ms: number): Promise<void> {
  await sleep(ms);
}

/**
 * Sends the burst (o.burst) to Hana from the server at its pace and measures the page meanwhile: long
 * main-thread tasks, each probe message's server → screen time, and Plaza's patches. With `slowdown` > 1 the
 * page's CPU is throttled that many times for the burst and until it has caught up (every probe shown, or 30 s).
 */
async function measureBurst(page: Page, session: CDPSession, kind: ClientKind, o: BrowserBenchOptions, slowdown: number): Promise<{ burst: Burst; measured: BurstMeasure }> {
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __probes: Record<string, number>; __burstObservers?: boolean };
    w.__longTasks = [];
    w.__probes = {};
    (window as unknown as { __plazaPerf?: { patches: { clear(): void } } }).__plazaPerf?.patches.clear();
    // Observed once per page: a second pair of observers would count everything twice.
    if (w.__burstObservers) return;
    w.__burstObservers = true;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
    // Only what was added is read: reading the whole log per mutation would itself load the main thread.
    new MutationObserver((records) => {
      const at = performance.timeOrigin + performance.now();
      for (const r of records) for (const node of r.addedNodes) for (const m of (node.textContent ?? '').matchAll(/probe-(\d+)-end/g)) w.__probes[m[1]!] ??= at;
    }).observe(document.body, { subtree: true, childList: true });
  });
  const burst = o.burst(`${kind}-${Date.now()}`);
  o.log(`${kind}: burst of ${burst.frames.length} frames${slowdown > 1 ? `, page slowed ${slowdown}×` : ''}`);
  if (slowdown > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  const probeSent: number[] = [];
  let sentInMs = 0;
  try {
    const hana = o.world.user.target_user_guid;
    const t0 = performance.now();
    let i = 0;
    while (i < burst.frames.length) {
      const elapsed = performance.now() - t0;
      while (i < burst.frames.length && burst.frames[i]!.at <= elapsed) {
        const f = burst.frames[i++]!;
        if (f.kind === 'PROBE') probeSent.push(now());
        o.server.hub.sendToUsers([hana], f.code, f.body as never);
      }
      await sleep(1);
    }
    sentInMs = performance.now() - t0;
    await waitQuiet(4_000);
    if (slowdown > 1) {
      // A page that fell behind is given time to catch up, so that how far behind it was is measured.
      const last = String(probeSent.length - 1);
      await page.waitForFunction((key) => (window as unknown as { __probes: Record<string, number> }).__probes[key] !== undefined, last, { timeout: 30_000, polling: 250 }).catch(() => {});
    }
  } finally {
    if (slowdown > 1) await session.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __probes: Record<string, number> };
    return { longTasks: w.__longTasks, probes: w.__probes };
  });
  const probeLatency: number[] = [];
  let missing = 0;
  probeSent.forEach((sent, n) => {
    const at = seen.probes[String(n)];
    if (at === undefined) missing++;
    else probeLatency.push(at - sent);
  });
  let workerToUi: Stats | null = null;
  let changeToScreen: Stats | null = null;
  let largestPushBytes: number | null = null;
  let pushes: number | null = null;
  if (kind === 'plaza') {
    const samples = await page.evaluate(() => (window as unknown as { __plazaPerf: { patches: { samples: { reset: boolean; bytes: number; since: number; sentAt: number; paintedAt: number | null }[] } } }).__plazaPerf.patches.samples);
    const diffs = samples.filter((s) => !s.reset);
    const painted = diffs.filter((s) => s.paintedAt !== null);
    workerToUi = stats(painted.map((s) => s.paintedAt! - s.sentAt));
    changeToScreen = stats(painted.map((s) => s.paintedAt! - s.since));
    largestPushBytes = Math.max(0, ...diffs.map((s) => s.bytes));
    pushes = diffs.length;
  }
  return {
    burst,
    measured: {
      frames: burst.frames.length,
      sentInMs,
      longTasks: { count: seen.longTasks.length, maxMs: Math.max(0, ...seen.longTasks), totalMs: seen.longTasks.reduce((a, b) => a + b, 0) },
      probe: { ...stats(probeLatency), missing },
      workerToUi,
      changeToScreen,
      largestPushBytes,
      pushes,
    },
  };
}

export async function runClient(kind: ClientKind, o: BrowserBenchOptions): Promise<BrowserRun> {
  const { browser, base, server, world } = o;
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await prepare(context);
  await context.addInitScript(LIST_PAINT_PROBE);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  o.log(`${kind}: signing in`);
  await signIn(page, base, kind, world.user.email!);
  await waitQuiet(6_000); // channel list, prefetch, compaction (2 s), view cache (1 s)

  o.log(`${kind}: cold start before the burst`);
  const before = await coldStarts(page, base, kind, o.coldStartRuns);

  // ---- the burst ----
  const dmName = world.channels.find((c) => c.address === o.dmAddress)!.name;
  await navigate(page, kind, `/conversations/${encodeURIComponent(o.dmAddress)}`);
  await page.getByRole('heading', { level: 1, name: dmName }).waitFor();
  await page.locator('[role="log"] article').first().waitFor({ timeout: 30_000 });
  await waitQuiet(2_000);
  const { burst, measured } = await measureBurst(page, session, kind, o, 1);
  const unread = (await page.evaluate((k) => (k === 'plaza' ? (window as unknown as { __plazaPerf: { unread(): Record<string, number> } }).__plazaPerf.unread() : (window as unknown as { __baseline: { unread(): Record<string, number> } }).__baseline.unread()), kind)) as Record<string, number>;
  let unreadWrong = 0;
  let unreadChecked = 0;
  const unreadExamples: string[] = [];
  for (const c of world.channels) {
    if (c.address === o.dmAddress) continue; // open and read while the probes arrive
    unreadChecked++;
    const expected = (c.unread_messages ?? 0) + (burst.messagesPer.get(c.address) ?? 0);
    if ((unread[c.address] ?? 0) !== expected) {
      unreadWrong++;
      if (unreadExamples.length < 5) unreadExamples.push(`${c.address}: shows ${unread[c.address] ?? 0}, expected ${expected}`);
    }
  }
  if (unreadExamples.length) o.log(`${kind}: unread differs in ${unreadWrong}: ${unreadExamples.join('; ')}`);
  await waitQuiet(4_000); // compaction and persistence after the burst

  // The same burst again on a page whose main thread runs 4× slower (CDP CPU throttling): a slow laptop, a busy tab.
  const { measured: slowBurst } = await measureBurst(page, session, kind, o, SLOW_PAGE_RATE);
  await waitQuiet(4_000);

  o.log(`${kind}: cold start after the burst`);
  const after = await coldStarts(page, base, kind, o.coldStartRuns);

  // ---- channel switch ----
  o.log(`${kind}: channel switch`);
  const withMessages = world.channels.filter((c) => c.last_message && c.unread_messages === 0 && c.channel_type !== 0 && !burst.messagesPer.has(c.address) && c.address !== o.dmAddress);
  const warm = withMessages.slice(0, 4);
  const cold = withMessages.slice(4, 14);
  for (const c of warm) await switchTo(page, kind, c.address, c.name);
  const cached: number[] = [];
  for (let r = 0; r < 3; r++) for (const c of warm) cached.push(await switchTo(page, kind, c.address, c.name));
  const uncached: number[] = [];
  for (const c of cold) uncached.push(await switchTo(page, kind, c.address, c.name));

  // ---- send → screen ----
  o.log(`${kind}: send → screen`);
  await navigate(page, kind, `/conversations/${encodeURIComponent(o.dmAddress)}`);
  await page.getByRole('heading', { level: 1, name: dmName }).waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { __seen: Record<string, number> };
    w.__seen = {};
    new MutationObserver((records) => {
      const at = performance.timeOrigin + performance.now();
      for (const r of records) for (const node of r.addedNodes) for (const m of (node.textContent ?? '').matchAll(/sent-(\d+)-end/g)) w.__seen[m[1]!] ??= at;
    }).observe(document.body, { subtree: true, childList: true });
  });
  const samContext = await browser.newContext();
  await prepare(samContext);
  const sam = await samContext.newPage();
  await signIn(sam, base, 'plaza', o.peerEmail);
  await navigate(sam, 'plaza', `/conversations/${encodeURIComponent(o.dmAddress)}`);
  const composer = sam.getByRole('textbox', { name: 'Message' });
  await composer.waitFor();
  // The send starts when Sam's page takes the key in: the Enter's event timestamp, before any handler runs.
  await sam.evaluate(() => {
    const w = window as unknown as { __enterAt: number };
    w.__enterAt = 0;
    addEventListener('keydown', (e) => e.key === 'Enter' && (w.__enterAt = performance.timeOrigin + e.timeStamp), true);
  });
  const latencies: number[] = [];
  const fromPressCall: number[] = [];
  const stamp = Date.now();
  for (let n = 0; n < o.sendMessages; n++) {
    await composer.fill(`sent-${stamp}${n}-end`);
    const callAt = await sam.evaluate(() => performance.timeOrigin + performance.now());
    await composer.press('Enter');
    const seenAt = await page.waitForFunction((key) => (window as unknown as { __seen: Record<string, number> }).__seen[key], `${stamp}${n}`, { polling: 'raf', timeout: 30_000 });
    const seen = (await seenAt.jsonValue()) as number;
    const enterAt = await sam.evaluate(() => (window as unknown as { __enterAt: number }).__enterAt);
    latencies.push(seen - enterAt);
    fromPressCall.push(seen - callAt);
  }
  await samContext.close();

  const memory = await heapMB(browser, page, session, kind === 'plaza' ? /\/assets\/worker-/ : null);
  await context.close();
  return {
    kind,
    coldStart: { before, after },
    burst: { ...measured, unreadWrong, unreadChecked },
    slowBurst: { rate: SLOW_PAGE_RATE, ...slowBurst },
    switch: { cached: stats(cached), uncached: stats(uncached) },
    sendToScreen: { ...stats(latencies), messages: latencies.length, fromPressCall: stats(fromPressCall) },
    memoryMB: { page: memory.page, worker: memory.worker, total: memory.page + (memory.worker ?? 0) },
  };
}
