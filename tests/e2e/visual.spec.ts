/**
 * Visual tests of the key screens, driven by a recorded session rather than by
 * the live server: /debug/replay (which works signed out) imports the fixture,
 * replays it with the real core in a worker, and renders the real app UI from
 * the replayed state. The clock, time zone, locale, viewport and pixel ratio
 * are fixed; carets and animations are frozen. Baselines live in
 * tests/e2e/__screenshots__/ (see snapshotPathTemplate in playwright.config.ts);
 * regenerate them with `npx playwright test tests/e2e/visual.spec.ts --update-snapshots`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { INPUT_KINDS, parseSessionFile } from '../../protocol/session-file';

const fixture = fileURLToPath(new URL('../../fixtures/sessions/bob-reads-and-replies.jsonl', import.meta.url));
// Parsed as the app reads it: either version (version 2 writes frames and digests as compact, non-JSON lines).
const session = parseSessionFile(readFileSync(fixture, 'utf8'));
const started = session.header.started;

/** 1-based index of the nth input that is intent `method`, as in tests/fixture-ui. */
function inputIndexOfIntent(method: string, nth: number, predicate: (args: unknown[]) => boolean = () => true): number {
  let index = 0;
  let seen = 0;
  for (const line of session.lines) {
    if (!INPUT_KINDS.has(line.k)) continue;
    index++;
    if (line.k === 'intent' && line.m === method && predicate(line.a) && ++seen === nth) return index;
  }
  throw new Error(`no ${method} intent #${nth} in the fixture`);
}

/** Everything up to Bob's reply in the direct message and its confirmation, before he opened Design. */
const afterReplyInDm = inputIndexOfIntent('$openConversation', 2, (a) => a[0] !== null) - 1;

/**
 * The tolerance. On this machine repeated runs write byte-identical PNGs, so
 * the slack is only for stray antialiasing pixels (a few glyph edges) from a
 * Chromium or font update; a wholesale font change still fails, and should
 * (regenerate the baselines then). Measured against deliberate changes:
 * - `threshold` 0.05 (per-pixel colour distance, default 0.2): at 0.2 the
 *   accent blue going from #2457c5 to #2563eb differed in 0 pixels; at 0.05
 *   in 9,799 (the sign-in button) and 600–850 on the app screens.
 * - `maxDiffPixelRatio` 0.00002: about 20 pixels of the sign-in page,
 *   15 of the replayed app, 41 of the full debugger page. Renaming "Online"
 *   to "Connected" differs in 100 pixels even at threshold 0.2, so a changed
 *   word fails; a single changed letter (15 pixels) may not.
 */
const maxDiffPixelRatio = 0.00002;
const shot = { maxDiffPixelRatio, threshold: 0.05, animations: 'disabled', caret: 'hide', scale: 'css' } as const;

test.use({
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  timezoneId: 'UTC',
  locale: 'en-GB',
  colorScheme: 'light',
  reducedMotion: 'reduce',
});

test.beforeEach(async ({ page }) => {
  // A fixed "now", one minute into the session (as in tests/fixture-ui), before any page script runs.
  await page.clock.setFixedTime(started + 60_000);
});

async function importFixture(page: Page): Promise<{ slider: Locator; app: Locator; max: number }> {
  await page.goto('/debug/replay');
  await page.getByLabel('Import session').setInputFiles(fixture);
  await expect(page.getByText('Replay matches the recording')).toBeVisible();
  const slider = page.getByRole('slider', { name: 'Position' });
  const max = Number(await slider.getAttribute('aria-valuemax'));
  await expect(slider).toHaveAttribute('aria-valuenow', String(max));
  return { slider, app: page.getByRole('region', { name: 'Replayed app' }), max };
}

/** Seek with the keyboard, as a user would, and wait for the replayed app to follow. */
async function seek(page: Page, slider: Locator, to: number, max: number): Promise<void> {
  await slider.focus();
  await page.keyboard.press('End');
  for (let i = max; i > to; i--) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', String(to));
  await expect(page.getByText(`Input ${to} of ${max}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Projection state' })).toHaveAttribute('aria-busy', 'false');
}

test('sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveScreenshot('login.png', shot);
});

test('replayed app at the end of the session: Design open, sidebar as Bob left it', async ({ page }) => {
  const { app } = await importFixture(page);
  await expect(app.getByRole('heading', { name: 'Design' })).toBeVisible();
  await expect(app.getByRole('log', { name: 'Messages' }).getByText('design review at 3?')).toBeVisible();
  await expect(app).toHaveScreenshot('replayed-end-design.png', shot);
});

test('replayed app right after Bob replied in the direct message', async ({ page }) => {
  const { slider, app, max } = await importFixture(page);
  await seek(page, slider, afterReplyInDm, max);
  await expect(app.getByRole('heading', { name: 'Alice Anders' })).toBeVisible();
  const log = app.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('hello Bob')).toBeVisible();
  await expect(log.getByRole('link', { name: 'https://acme.test' })).toBeVisible();
  await expect(app).toHaveScreenshot('replayed-after-dm-reply.png', shot);
});

test('debugger screen at a fixed position', async ({ page }) => {
  const { slider, max } = await importFixture(page);
  await seek(page, slider, afterReplyInDm, max);
  // Blur the slider so no focus ring depends on where focus was left.
  await page.getByRole('heading', { name: 'Session replay' }).click();
  await expect(page).toHaveScreenshot('debugger.png', {
    ...shot,
    fullPage: true,
    // Wall-clock measurements in the worker: "Loaded in N ms" (the replay), how many frames the decoder
    // beside it got to first (a race), and the state line's "hash … · N events · N ms" (the fold to this position).
    mask: [
      page.locator('.debug-summary dt', { hasText: 'Loaded in' }).locator('xpath=following-sibling::dd[1]'),
      page.locator('.debug-summary dt', { hasText: 'Frames decoded on a second thread' }).locator('xpath=following-sibling::dd[1]'),
      page.locator('.debug-hash'),
    ],
  });
});
