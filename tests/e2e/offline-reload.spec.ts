/**
 * Realtime reliability in the browser (issue 4): Bob's page talks to the
 * server through the fault-injecting proxy (tests/chaos/tcp-proxy.ts). The
 * server goes away; Bob writes two messages (shown as sending), Alice writes
 * three, Bob reloads the page in the middle of the outage — his unsent posts
 * come back from IndexedDB — and when the server is back everything arrives
 * exactly once, in order, on his screen and on the server.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';
import { rest } from './server-rest';
import { startTcpProxy } from '../chaos/tcp-proxy';

test('posts typed during an outage arrive exactly once after a reload in the middle of it', async ({ browser, baseURL }) => {
  const proxy = await startTcpProxy({ target: baseURL! });
  try {
    const context = await browser.newContext({ baseURL: proxy.url });
    const bob = await context.newPage();
    await signIn(bob, 'bob@acme.test');
    await bob.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Alice Anders/ }).click();
    const log = bob.getByRole('log', { name: 'Messages' });
    await expect(log).toBeVisible();
    const address = decodeURIComponent(new URL(bob.url()).pathname.split('/').pop()!);
    const alice = await rest(baseURL!, '/data/login', { email: 'alice@acme.test', password: 'plaza-demo' });
    const status = bob.getByRole('banner').getByRole('status');
    await expect(status).toHaveText('Online');

    // The server goes away.
    proxy.setDown(true);
    await expect(status).not.toHaveText('Online');
    const stamp = Date.now();
    const mine = [`offline one ${stamp}`, `offline two ${stamp}`];
    const composer = bob.getByRole('textbox', { name: 'Message' });
    for (const text of mine) {
      await composer.fill(text);
      await composer.press('Enter');
      await expect(log.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(log.getByText('Sending…')).toHaveCount(2);
    await expect(status).toContainText('2 unsent');
    const theirs = [0, 1, 2].map((i) => `while you were away ${i} ${stamp}`);
    for (const text of theirs) await rest(baseURL!, '/secure/data/confirmed/corporate/messages/post', { address, json: JSON.stringify([{ type: 'text', text }]), is_urgent: false }, alice);
    // Offline for more than 5 s: the 'Internet connection offline' alert (type 1003), announced by a toast.
    const notifications = bob.getByRole('region', { name: 'Notifications' });
    await expect(notifications.getByRole('alert').filter({ hasText: 'Internet connection offline' })).toBeVisible({ timeout: 15_000 });

    // A reload in the middle of the outage: the page loads, and the unsent posts are still there, still sending.
    await bob.reload();
    await expect(log).toBeVisible();
    for (const text of mine) await expect(log.getByText(text, { exact: true })).toBeVisible();
    await expect(log.getByText('Sending…')).toHaveCount(2);
    await expect(log.getByText(theirs[0]!)).toHaveCount(0);

    // The server comes back; the browser says so.
    proxy.setDown(false);
    await bob.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(status).toHaveText('Online', { timeout: 15_000 });
    for (const text of [...mine, ...theirs]) await expect(log.getByText(text, { exact: true })).toHaveCount(1);
    await expect(log.getByText('Sending…')).toHaveCount(0);
    // In order: Bob's posts reached the server after Alice's, so they come after them.
    const shown = await log.getByRole('article').allTextContents();
    const at = (text: string) => shown.findIndex((t) => t.includes(text));
    expect(theirs.map(at)).toEqual([...theirs.map(at)].sort((a, b) => a - b));
    expect(at(mine[0]!)).toBeLessThan(at(mine[1]!));
    expect(at(theirs[2]!)).toBeLessThan(at(mine[0]!));
    // The alert is gone once online.
    await bob.getByRole('button', { name: /^Alerts/ }).click();
    await expect(bob.getByRole('listitem', { name: /^Internet connection offline/ })).toHaveCount(0);

    // On the server: each of Bob's posts exactly once.
    const history = await rest(baseURL!, '/secure/data/confirmed/corporate/messages/history', { page: 0, address, is_favorites: false, task_guid: null }, alice);
    const texts: string[] = history.data.map((m: { json: string }) => JSON.parse(m.json)[0]?.text);
    for (const text of [...mine, ...theirs]) expect(texts.filter((t) => t === text), text).toHaveLength(1);
    await context.close();
  } finally {
    await proxy.close();
  }
});
