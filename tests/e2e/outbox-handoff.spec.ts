/**
 * A tab that goes with an unsent post hands it to the same user's other open tab
 * (ui/client/outbox-handoff.ts). Bob has two tabs; in tab A his post cannot reach the server (its
 * requests are aborted, A's only: page.route catches the core worker's fetches); A goes; tab B
 * shows the post and delivers it, and the server has it once. A crashed tab says nothing — no
 * pagehide — and no new tab starts: only its Web Lock, which the browser releases, tells B.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './sign-in';
import { rest } from './server-rest';

/** Bob's two tabs (three with `third`) on his conversation with Alice, and in tab A a post that cannot be sent. */
async function postLeftUnsentInOneOfTwoTabs(browser: Browser, { third = false } = {}) {
  const context = await browser.newContext();
  const a = await context.newPage();
  await signIn(a, 'bob@acme.test');
  await a.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Alice Anders/ }).click();
  await expect(a.getByRole('log', { name: 'Messages' })).toBeVisible();
  const conversation = new URL(a.url()).pathname;
  const b = await context.newPage();
  await b.goto(conversation);
  const logB = b.getByRole('log', { name: 'Messages' });
  await expect(logB).toBeVisible();
  // Opened before the post: a tab starting later would take over every stored entry, as a core does at start.
  const c = third ? await context.newPage() : null;
  if (c) {
    await c.goto(conversation);
    await expect(c.getByRole('log', { name: 'Messages' })).toBeVisible();
  }
  // Every tab holds its lock (and waits for the others').
  const tabLocks = () => b.evaluate(async () => ((await navigator.locks.query()).held ?? []).map((l) => l.name ?? '').filter((n) => n.startsWith('plaza.tab:')));
  await expect.poll(async () => (await tabLocks()).length).toBe(third ? 3 : 2);

  // Tab A's posts never reach the server (B's do).
  await a.route('**/messages/post', (route) => route.abort('internetdisconnected'));
  const text = `left in a tab that went ${Date.now()}`;
  const composer = a.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  const logA = a.getByRole('log', { name: 'Messages' });
  await expect(logA.getByText(text, { exact: true })).toBeVisible();
  await expect(logA.getByText('Sending…')).toHaveCount(1);
  await expect(a.getByRole('banner').getByRole('status')).toContainText('1 unsent');
  await expect(logB.getByText(text, { exact: true })).toHaveCount(0);
  return { context, a, b, c, logB, text, tabLocks, address: decodeURIComponent(conversation.split('/').pop()!) };
}

/** Tab B shows the post, delivered, and the server has one copy. */
async function deliveredOnceFrom(b: Page, text: string, address: string, baseURL: string) {
  const log = b.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(text, { exact: true })).toHaveCount(1);
  await expect(log.getByText('Sending…')).toHaveCount(0);
  const alice = await rest(baseURL, '/data/login', { email: 'alice@acme.test', password: 'plaza-demo' });
  const history = await rest(baseURL, '/secure/data/confirmed/corporate/messages/history', { page: 0, address, is_favorites: false, task_guid: null }, alice);
  expect(history.data.filter((m: { json: string }) => JSON.parse(m.json)[0]?.text === text)).toHaveLength(1);
}

test('a tab that crashes with an unsent post has the user’s other tab show and send it, once', async ({ browser, baseURL }) => {
  const { context, a, b, text, tabLocks, address } = await postLeftUnsentInOneOfTwoTabs(browser);
  // A's renderer is killed. (CDP's Page.crash took the whole headless browser down here, or hung;
  // chrome://kill is Chromium's debug URL that kills the current renderer without navigating.)
  await a.evaluate(() => addEventListener('pagehide', () => new BroadcastChannel('e2e.pagehide').postMessage('pagehide')));
  await b.evaluate(() => {
    const heard: unknown[] = ((window as unknown as { heard: unknown[] }).heard = []);
    new BroadcastChannel('e2e.pagehide').onmessage = (e) => heard.push(e.data);
  });
  const crashed = a.waitForEvent('crash');
  await a.goto('chrome://kill').catch(() => {}); // the navigation is aborted: the renderer is gone
  await crashed;
  await expect.poll(async () => (await tabLocks()).length).toBe(1);
  await deliveredOnceFrom(b, text, address, baseURL!);
  expect(await b.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]); // no pagehide: the lock told B
  await context.close();
});

test('a tab closed with an unsent post has the user’s other tab show and send it, once', async ({ browser, baseURL }) => {
  const { context, a, b, text, address } = await postLeftUnsentInOneOfTwoTabs(browser);
  await a.close(); // pagehide, then the page and its lock go: B hears both, and sends once
  await deliveredOnceFrom(b, text, address, baseURL!);
  await context.close();
});

test('a third tab going hands nothing over: the post left unsent in a tab still open stays that tab’s', async ({ browser }) => {
  const { context, a, b, c, logB, text, tabLocks } = await postLeftUnsentInOneOfTwoTabs(browser, { third: true });
  await c!.close(); // C's lock goes: B takes over C's entries — none — and not A's
  await expect.poll(async () => (await tabLocks()).length).toBe(2);
  await b.waitForTimeout(1_500); // past B's second look at the store, a second after C went
  await expect(logB.getByText(text, { exact: true })).toHaveCount(0);
  await expect(a.getByRole('log', { name: 'Messages' }).getByText('Sending…')).toHaveCount(1); // still A's to send
  await context.close();
});

test('a tab opened while another has an unsent post leaves it to that tab', async ({ browser }) => {
  const { context, a, text, tabLocks } = await postLeftUnsentInOneOfTwoTabs(browser);
  const d = await context.newPage();
  await d.goto(new URL(a.url()).pathname);
  const logD = d.getByRole('log', { name: 'Messages' });
  await expect(logD).toBeVisible();
  await expect.poll(async () => (await tabLocks()).length).toBe(3);
  await d.waitForTimeout(1_000); // its outbox loaded and sent what it took
  await expect(logD.getByText(text, { exact: true })).toHaveCount(0);
  await expect(a.getByRole('log', { name: 'Messages' }).getByText('Sending…')).toHaveCount(1); // still A's to send
  await context.close();
});
