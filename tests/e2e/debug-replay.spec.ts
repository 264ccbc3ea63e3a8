/**
 * The debugger in Chromium: a session recorded in the browser is exported,
 * imported at /debug/replay (reached from the header), replays to the
 * recording, and is scrubbed with the keyboard while the replayed app follows;
 * its lists are one Tab stop each, and Back to Plaza leaves the keyboard at the
 * app's heading.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

const run = promisify(execFile);

test('imports an exported session and scrubs it with the keyboard', async ({ page }, testInfo) => {
  await signIn(page, 'carol@acme.test');
  // A retry (or a repeat) runs against the same server: its message must not be taken for the first attempt's.
  const earlier = testInfo.retry + testInfo.repeatEachIndex;
  const text = earlier ? `replay me (run ${earlier + 1})` : 'replay me';
  await page.getByRole('link', { name: /Engineering/ }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
  await page.waitForTimeout(300);

  const downloading = page.waitForEvent('download');
  await page.getByRole('banner').getByRole('button', { name: 'Carol Chen' }).click();
  await page.getByRole('menuitem', { name: 'Export session' }).click();
  const file = testInfo.outputPath('session.jsonl');
  await (await downloading).saveAs(file);

  await page.getByRole('banner').getByRole('button', { name: 'Carol Chen' }).click();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import session…' }).click();
  await (await choosing).setFiles(file);
  await expect(page).toHaveURL(/\/debug\/replay$/);
  await expect(page.getByText('Replay matches the recording')).toBeVisible();

  const slider = page.getByRole('slider', { name: 'Position' });
  const max = Number(await slider.getAttribute('aria-valuemax'));
  expect(max).toBeGreaterThan(5);
  await expect(slider).toHaveAttribute('aria-valuenow', String(max));
  const app = page.getByRole('region', { name: 'Replayed app' });
  await expect(app.getByRole('log').getByText(text)).toBeVisible();
  // The input list follows the playhead: the current input's row is in view, at the end and at the start.
  const inputs = page.getByRole('listbox', { name: /^Inputs/ });
  // The page scrolled to show the list whole (it starts near the foot of a 720-pixel window); the list's own scrolling is what is tested.
  await page.getByRole('region', { name: 'Inputs' }).getByRole('heading').evaluate((heading) => heading.scrollIntoView());
  await expect(inputs.getByRole('option', { name: new RegExp(`^#${max} `), selected: true })).toBeInViewport();

  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  // Before the first input, the list shows its start.
  await expect(inputs.getByRole('option', { name: /^#1 / })).toBeInViewport();
  await expect(app.getByText(/Not signed in at this point/)).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', String(max));
  await expect(app.getByRole('log').getByText(text)).toBeVisible();
  await expect(page.getByLabel('channels state')).toContainText('"byAddress"');

  // Each list is one Tab stop, whatever its length: from the last filter, Tab reaches the inputs, then the
  // events, then the projection panel. In a list the keys move the row it names (aria-activedescendant), and
  // scroll it into view; Enter on an input seeks there.
  const events = page.getByRole('listbox', { name: /^Events/ });
  const activeRow = async (list: typeof inputs) => page.locator(`[id="${await list.getAttribute('aria-activedescendant')}"]`);
  await page.getByLabel('Filter by user').focus();
  await page.keyboard.press('Tab');
  await expect(inputs).toBeFocused();
  await expect(await activeRow(inputs)).toHaveText(new RegExp(`^#${max} `));
  await page.keyboard.press('Home');
  await expect(await activeRow(inputs)).toHaveText(/^#1 /);
  await expect(await activeRow(inputs)).toBeInViewport();
  await page.keyboard.press('End');
  await expect(await activeRow(inputs)).toHaveText(new RegExp(`^#${max} `));
  await expect(await activeRow(inputs)).toBeInViewport();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(slider).toHaveAttribute('aria-valuenow', String(max)); // moving is not seeking
  await page.keyboard.press('Enter');
  await expect(slider).toHaveAttribute('aria-valuenow', String(max - 2));
  await expect(inputs.getByRole('option', { selected: true })).toHaveText(new RegExp(`^#${max - 2} `));
  await expect(inputs).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(events).toBeFocused();
  await page.keyboard.press('Home');
  await expect(await activeRow(events)).toHaveText(/^seq /);
  await expect(await activeRow(events)).toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Projection state' }).getByLabel('Projection')).toBeFocused();
  await slider.focus();
  await page.keyboard.press('End');

  // The inputs up to a point saved from the debugger replay in the CLI to the footer the debugger wrote.
  const middle = Math.floor(max / 2);
  await slider.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < middle; i++) await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', String(middle));
  const saving = page.waitForEvent('download');
  const save = page.getByRole('button', { name: `Save inputs 1–${middle}` });
  await save.click();
  const saved = await saving;
  // The button keeps the keyboard focus through the save (a button disabled meanwhile would drop it to the page).
  await expect(save).toBeFocused();
  expect(saved.suggestedFilename()).toMatch(new RegExp(`^plaza-session-.*-first-${middle}\\.jsonl$`));
  const part = testInfo.outputPath('first-inputs.jsonl');
  await saved.saveAs(part);
  const footer = JSON.parse(readFileSync(part, 'utf8').trimEnd().split('\n').at(-1)!);
  expect(footer.inputs).toBe(middle);
  const { stdout } = await run('npx', ['tsx', 'scripts/replay.ts', part]);
  expect(stdout).toContain(`inputs    ${middle} of ${middle}`);
  expect(stdout).toContain(`hash      ${footer.hash} (recorded ${footer.hash})`);
  await slider.focus();
  await page.keyboard.press('End');
  await expect(slider).toHaveAttribute('aria-valuenow', String(max));

  // A playback button that its own press makes unavailable keeps the focus (a disabled one dropped it to the page).
  await page.keyboard.press('ArrowLeft');
  const stepForward = page.getByRole('button', { name: 'Step forward' });
  await stepForward.focus();
  await page.keyboard.press('Enter');
  await expect(slider).toHaveAttribute('aria-valuenow', String(max));
  await expect(stepForward).toHaveAttribute('aria-disabled', 'true');
  await expect(stepForward).toBeFocused();

  // The replayed app's overlays open inside its frame: a menu right under its button, a dialog over the frame only.
  await app.scrollIntoViewIfNeeded();
  const frame = (await app.boundingBox())!;
  const actions = app.getByRole('button', { name: 'Actions for Engineering' });
  await actions.click();
  const menu = app.getByRole('menu', { name: 'Actions for Engineering' });
  await expect(menu).toBeVisible();
  const [button, menuBox] = [(await actions.boundingBox())!, (await menu.boundingBox())!];
  expect(Math.abs(menuBox.y - (button.y + button.height + 2))).toBeLessThan(2);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await app.getByRole('button', { name: 'Jump to…' }).click();
  const backdrop = (await app.getByRole('dialog', { name: 'Jump to a conversation or person' }).locator('..').boundingBox())!;
  expect(backdrop).toEqual(expect.objectContaining({ width: frame.width - 4, height: frame.height - 4 })); // inside the 2-pixel border
  await page.keyboard.press('Escape');
  await expect(app.getByRole('dialog')).toBeHidden();

  // Back to Plaza, by keyboard: the debugger goes, and the keyboard starts at the app's heading, not on the page's body.
  await page.getByRole('button', { name: 'Back to Plaza' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Pick a conversation', level: 1 })).toBeFocused();
});

test('loads a session file chosen again after it was edited, and names the file shown', async ({ page }, testInfo) => {
  // A developer edits the file the debugger shows (cuts it, alters a line to see what breaks) and chooses it
  // again: the browser reports no change when the same file is chosen, so the page kept the old replay.
  const file = testInfo.outputPath('bob.jsonl');
  const original = readFileSync('fixtures/sessions/bob-reads-and-replies.jsonl', 'utf8');
  writeFileSync(file, original);
  await page.goto('/debug/replay');
  const chooser = page.getByLabel('Import session');
  await chooser.setInputFiles(file);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Replay matches the recording')).toBeVisible();
  await expect(summary.getByRole('definition').first()).toHaveText('bob.jsonl');

  const digest = /^E 1 [0-9a-f]{16}$/m.exec(original)![0];
  writeFileSync(file, original.replace(digest, 'E 1 0000000000000000'));
  await chooser.setInputFiles(file);
  await expect(summary.getByRole('alert')).toContainText('the events it appended differ');
});
