/**
 * A session recorded in Chromium against the local server — someone else's failed sign-in, then sign in, receive
 * from another user, react, post, switch channels — is exported from the UI,
 * replays in the Node CLI to the hash the browser computed, and renders in the
 * debugger as the live page showed it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './sign-in';

/** The address of a sign-in that failed at Carol's page before hers: nobody's of the demo companies. */
const FAILED_EMAIL = 'someone.else@example.test';

const run = promisify(execFile);

/** The conversation list and the open conversation's messages, as assistive technology reads them. */
async function shownNow(page: Page): Promise<{ conversations: string; messages: string }> {
  return {
    conversations: await page.getByRole('navigation', { name: 'Conversations' }).ariaSnapshot(),
    messages: await page.getByRole('log', { name: 'Messages' }).ariaSnapshot(),
  };
}

/** A list's aria snapshot as its rows (each row's lines together), without the list's own line. */
const rowsOf = (snapshot: string): string[] => snapshot.split('\n').slice(1).join('\n').split(/\n(?=  - )/);

/** What the page shows once two readings 400 ms apart agree. */
async function settledView(page: Page): Promise<{ conversations: string; messages: string }> {
  let before = await shownNow(page);
  for (;;) {
    await page.waitForTimeout(400);
    const now = await shownNow(page);
    if (JSON.stringify(now) === JSON.stringify(before)) return now;
    before = now;
  }
}

test('a browser session exports and replays in the CLI to the same hash, with no secret in it', async ({ browser }, testInfo) => {
  const carol = await (await browser.newContext()).newPage();
  const dave = await (await browser.newContext()).newPage();
  // Someone mistypes their password at the page and walks away; Carol signs in at the same page, so in its recording.
  await carol.goto('/');
  await expect(carol).toHaveURL(/\/login/);
  await carol.getByLabel('Email').fill(FAILED_EMAIL);
  await carol.getByLabel('Password').fill('not-the-password');
  await carol.getByRole('button', { name: 'Sign in' }).click();
  await expect(carol.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await carol.getByLabel('Email').fill('carol@acme.test');
  await carol.getByLabel('Password').fill(DEMO_PASSWORD);
  await carol.getByRole('button', { name: 'Sign in' }).click();
  await expect(carol.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await signIn(dave, 'dave@acme.test');
  // A retry (or a repeat) runs against the same server: its messages must not be taken for the first attempt's.
  const earlier = testInfo.retry + testInfo.repeatEachIndex;
  const attempt = earlier ? ` (run ${earlier + 1})` : '';
  const deployText = `Deploy is green${attempt}`;
  const replyText = `Nice work${attempt}`;

  // Dave writes to Engineering; Carol receives it, reads it, answers, and moves to Design.
  await dave.getByRole('link', { name: /Engineering/ }).click();
  await dave.getByRole('textbox', { name: 'Message' }).fill(deployText);
  await dave.getByRole('textbox', { name: 'Message' }).press('Enter');
  const engineering = carol.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Engineering/ });
  await expect(engineering.getByLabel('1 unread')).toBeVisible();
  await engineering.click();
  await expect(carol.getByRole('log').getByText(deployText)).toBeVisible();
  const deploy = carol.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: deployText });
  await deploy.getByRole('button', { name: 'Add reaction' }).click();
  const picker = carol.getByRole('dialog', { name: 'Add reaction' });
  await picker.getByLabel('Search emoji').fill(':tada');
  await picker.getByLabel('Search emoji').press('ArrowDown');
  await carol.keyboard.press('Enter');
  await expect(deploy.getByRole('button', { name: 'party popper, 1 reaction by you' })).toBeVisible();
  await carol.getByRole('textbox', { name: 'Message' }).fill(replyText);
  await carol.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(carol.getByRole('log').getByText(replyText)).toBeVisible();
  await carol.getByRole('link', { name: /Design/ }).click();
  await expect(carol.getByRole('heading', { name: 'Design' })).toBeVisible();
  // What the page shows as the session is exported: the debugger must show the same. The page is read once it
  // has stopped changing, and again after the export; if something arrived around the export (the welcome bot
  // greets a few seconds after sign-in, typing first), it is exported again once the page is still.
  let live = await settledView(carol);
  const file = testInfo.outputPath('session.jsonl');
  for (;;) {
    const downloading = carol.waitForEvent('download');
    await carol.getByRole('banner').getByRole('button', { name: 'Carol Chen' }).click();
    await carol.getByRole('menuitem', { name: 'Export session' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^plaza-session-.*\.jsonl$/);
    await download.saveAs(file);
    const after = await shownNow(carol);
    if (JSON.stringify(after) === JSON.stringify(live)) break;
    live = await settledView(carol);
  }

  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain('plaza-demo');
  // Nothing typed for the failed sign-in: its address (redacted where it stood, and still replayed), its password.
  expect(text).not.toContain(FAILED_EMAIL);
  expect(text).not.toContain('not-the-password');
  expect(text).toContain('"m":"$signIn","a":["redacted-email-1@plaza.invalid","plaza-redacted-password"]');
  const credentials = await carol.evaluate(
    () =>
      new Promise<{ login_guid: string; auth_token: string }>((resolve, reject) => {
        const open = indexedDB.open('plaza');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('credentials');
          get.onsuccess = () => resolve(get.result);
        };
      }),
  );
  expect(text).not.toContain(credentials.auth_token);
  expect(text).not.toContain(credentials.login_guid);

  const footer = JSON.parse(text.trimEnd().split('\n').at(-1)!);
  const { stdout } = await run('npx', ['tsx', 'scripts/replay.ts', file]);
  expect(stdout).toContain(`hash      ${footer.hash} (recorded ${footer.hash})`);

  // The debugger, fed the same file, renders the app as Carol's page showed it when she exported.
  await carol.getByRole('banner').getByRole('button', { name: 'Carol Chen' }).click();
  const choosing = carol.waitForEvent('filechooser');
  await carol.getByRole('menuitem', { name: 'Import session…' }).click();
  await (await choosing).setFiles(file);
  await expect(carol.getByText('Replay matches the recording')).toBeVisible();
  const app = carol.getByRole('region', { name: 'Replayed app' });
  await expect(app.getByRole('heading', { name: 'Design' })).toBeVisible();
  // Read once it has settled, as the live page was. The message list renders the rows in view and the replayed
  // app's frame is shorter than Carol's page: it shows the newest messages as her page did, maybe not as far back.
  await expect
    .poll(async () => {
      const replayed = rowsOf(await app.getByRole('log', { name: 'Messages' }).ariaSnapshot());
      const shown = rowsOf(live.messages);
      return replayed.length >= Math.min(shown.length, 3) && JSON.stringify(shown.slice(-replayed.length)) === JSON.stringify(replayed);
    })
    .toBe(true);
  await expect.poll(() => app.getByRole('navigation', { name: 'Conversations' }).ariaSnapshot()).toBe(live.conversations);
});

test('each tab holds a Web Lock on the recording it writes, so another tab never evicts it', async ({ browser }) => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await signIn(first, 'bob@acme.test');
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  const held = () => first.evaluate(async () => ((await navigator.locks.query()).held ?? []).map((l) => l.name ?? '').filter((n) => n.startsWith('plaza-recording:')));
  await expect.poll(async () => (await held()).length).toBe(2);
  await second.close();
  await expect.poll(async () => (await held()).length).toBe(1);
  await context.close();
});
