/**
 * `npx tsx scripts/bench-frame-phase.ts [dist …]`: where in the page's frame the core worker's updates land, and
 * how long each then waits to be painted. Starts the local server on a fresh demo workspace with each built
 * client given (default `dist`; build one with `npx vite build --outDir …`), signs Alice in in headless
 * Chromium, and has the server push her MSG frames across her conversations (4 every ~5 ms, 6 s) — a burst, so
 * the worker coalesces them into one update per frame. From the page's own patch samples (window.__plazaPerf)
 * it prints, per client, p10/p50/p90/p99 of: the oldest change in an update folded → sent, sent → applied,
 * applied → the next animation frame (painted), sent → painted, folded → painted, and when each update was sent
 * relative to the page's last animation frame. `PHASE_THROTTLE=4` slows the page 4× (CDP CPU throttling). With several clients the runs alternate, so each is measured
 * under the same load. A measurement for core-worker/frame-scheduler.ts (SEND_INTO_FRAME_MS), not a timed test.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { createPlazaServer } from '../server/app';

interface Sample {
  reset: boolean;
  since: number;
  sentAt: number;
  appliedAt: number;
  paintedAt: number | null;
}

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function measure(dist: string): Promise<void> {
  const server = await createPlazaServer({ port: 0, dataDir: mkdtempSync(join(tmpdir(), 'plaza-phase-')), staticDir: resolve(dist), log: () => {} });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext();
    // tsx keeps function names by wrapping functions passed to the page in a `__name` helper only Node has.
    await context.addInitScript('globalThis.__name = globalThis.__name || ((fn) => fn);');
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('alice@acme.test');
    await page.getByLabel('Password').fill('plaza-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link').first().waitFor();
    await page.waitForTimeout(1_500);
    const [alice] = await server.db.query<{ guid: string }>("SELECT guid FROM users WHERE email = 'alice@acme.test'");
    const addresses = (await server.db.query<{ address: string }>('SELECT c.address FROM channels c JOIN channel_members m ON m.channel_guid = c.guid WHERE m.user_guid = $1', [alice!.guid])).map((r) => r.address);
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __plazaPerf: { patches: { clear(): void } } };
      w.__frames = [];
      const tick = (t: number) => {
        w.__frames.push(performance.timeOrigin + t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      w.__plazaPerf.patches.clear();
    });
    // PHASE_THROTTLE=4: the page slowed 4× (CDP CPU throttling), as the benchmark's slow page.
    const throttle = Number(process.env.PHASE_THROTTLE ?? 1);
    if (throttle > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const senders = ['bob', 'carol', 'dave'];
    const started = performance.now();
    let i = 0;
    while (performance.now() - started < 6_000) {
      for (let k = 0; k < 4; k++, i++) {
        const message = { guid: `phase-${Date.now()}-${i}`, address: addresses[i % addresses.length]!, created: Date.now(), from_guid: senders[i % 3]!, from_first_name: 'Some', from_last_name: 'One', json: '[{"type":"text","text":"burst"}]' };
        server.hub.sendToUsers([alice!.guid], 'MSG', { message } as never);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await page.waitForTimeout(500);
    const { samples, frames } = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __plazaPerf: { patches: { samples: Sample[] } } };
      return { samples: w.__plazaPerf.patches.samples, frames: w.__frames };
    });
    const updates = samples.filter((s) => !s.reset && s.paintedAt !== null);
    const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!.toFixed(1);
    const show = (name: string, xs: number[]) => console.log(`  ${name.padEnd(24)} p10 ${quantile(xs, 0.1)}  p50 ${quantile(xs, 0.5)}  p90 ${quantile(xs, 0.9)}  p99 ${quantile(xs, 0.99)} ms`);
    console.log(`${dist}: ${i} frames pushed, ${updates.length} updates`);
    show('folded → sent', updates.map((s) => s.sentAt - s.since));
    show('sent → applied', updates.map((s) => s.appliedAt - s.sentAt));
    show('applied → painted', updates.map((s) => s.paintedAt! - s.appliedAt));
    show('sent → painted', updates.map((s) => s.paintedAt! - s.sentAt));
    show('folded → painted', updates.map((s) => s.paintedAt! - s.since));
    show('sent − last page frame', updates.map((s) => s.sentAt - Math.max(...frames.filter((f) => f <= s.sentAt))).filter((x) => x < 100));
  } finally {
    await browser.close();
    await server.close();
  }
}

const dists = process.argv.slice(2);
for (const dist of dists.length ? dists : ['dist']) await measure(dist);
process.exit(0);
