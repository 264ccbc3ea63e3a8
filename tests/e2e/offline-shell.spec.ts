/**
 * The app-shell service worker (ui/service-worker/sw.ts): signed in once online, Plaza opens again with
 * the browser offline — a reload of a conversation's page (an app route, from the cached index.html),
 * its sidebar, messages and drafts from IndexedDB and localStorage, the connection shown as down — the
 * user writes a post there, and it is delivered, once, when the network comes back, by itself. And the browser
 * going offline under an open page: its socket, which the browser leaves open, is checked and taken for dead.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './sign-in';
import { rest } from './server-rest';

test('Plaza opens offline, keeps what was typed there and sends it when the network returns', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'alice@acme.test');
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toHaveText('Online');

  // A draft left in Engineering, then Design opened: its messages are in the log.
  const stamp = Date.now();
  const draft = `a draft kept offline ${stamp}`;
  await sidebar.getByRole('link', { name: /^Engineering/ }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill(draft);
  await sidebar.getByRole('link', { name: /^Design/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByRole('article').first()).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Drafts 1' })).toBeVisible();
  const address = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // The service worker installed (precached) and controls the page.
  const controller = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    return navigator.serviceWorker.controller?.scriptURL;
  });
  expect(new URL(controller!).pathname).toBe('/sw.js');

  // Offline, the conversation's page is reloaded: the service worker answers (the network cannot).
  await context.setOffline(true);
  await page.reload();
  await expect(sidebar).toBeVisible();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart)).toBeGreaterThan(0);
  await expect(sidebar.getByRole('link', { name: /^Design/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /^Engineering/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Drafts 1' })).toBeVisible();
  await expect(status).toHaveText('Offline');
  await expect(log.getByRole('article').first()).toBeVisible();

  // Written offline: shown at once, as sending.
  const post = `written offline ${stamp}`;
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(post);
  await composer.press('Enter');
  await expect(log.getByText(post, { exact: true })).toBeVisible();
  await expect(log.getByText('Sending…')).toHaveCount(1);
  await expect(status).toContainText('1 unsent');

  // The network returns: Plaza reconnects by itself and delivers the post.
  await context.setOffline(false);
  await expect(status).toHaveText('Online', { timeout: 20_000 });
  await expect(log.getByText(post, { exact: true })).toHaveCount(1);
  await expect(log.getByText('Sending…')).toHaveCount(0);
  // The draft is still a draft, where it was typed.
  await sidebar.getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(draft);

  // On the server, exactly once.
  const alice = await rest(baseURL!, '/data/login', { email: 'alice@acme.test', password: DEMO_PASSWORD });
  const history = await rest(baseURL!, '/secure/data/confirmed/corporate/messages/history', { page: 0, address, is_favorites: false, task_guid: null }, alice);
  const texts: string[] = history.data.map((m: { json: string }) => JSON.parse(m.json)[0]?.text);
  expect(texts.filter((t) => t === post)).toHaveLength(1);
  await context.close();
});

test('the browser going offline with the socket open shows Offline within seconds, and Online again once it returns', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'bob@acme.test');
  const status = page.getByRole('banner').getByRole('status');
  await expect(status).toHaveText('Online');
  // Going offline does not close an open WebSocket: Plaza checks it (a CHK whose ACK must come within 5 s).
  await context.setOffline(true);
  await expect(status).toHaveText('Offline', { timeout: 8_000 });
  await context.setOffline(false);
  await expect(status).toHaveText('Online', { timeout: 20_000 });
  await context.close();
});
