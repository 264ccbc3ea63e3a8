/**
 * Signing out and /secure/logout (spec 1 §2, §7). The server ends the session (a later call with it gets
 * 403), and the same browser's other tab — one sign-in, shared — goes to the login page too rather than
 * going on as the user until reloaded.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('signing out in one tab signs out the user’s other tab and ends the session on the server', async ({ browser }) => {
  const context = await browser.newContext();
  const a = await context.newPage();
  await signIn(a, 'carol@acme.test');
  const credentials = await a.evaluate(async () => {
    const open = indexedDB.open('plaza');
    const db = await new Promise<IDBDatabase>((resolve, reject) => ((open.onsuccess = () => resolve(open.result)), (open.onerror = () => reject(open.error))));
    const read = db.transaction('kv').objectStore('kv').get('credentials');
    return new Promise<{ login_guid: string; auth_token: string }>((resolve) => (read.onsuccess = () => resolve(read.result)));
  });
  const b = await context.newPage();
  await b.goto('/');
  await expect(b.getByRole('navigation', { name: 'Conversations' })).toBeVisible();

  await a.getByRole('button', { name: 'Carol Chen' }).click();
  await a.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(a.getByRole('heading', { name: 'Sign in to Plaza' })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Sign in to Plaza' })).toBeVisible();
  await expect(b.getByText('You were signed out. Please sign in again.')).toBeVisible();

  const after = await a.request.post('/secure/data/ping', { data: {}, headers: { 'x-login-guid': credentials.login_guid, 'x-auth-token': credentials.auth_token } });
  expect(after.status()).toBe(403);
  await context.close();
});

test('/secure/logout signs out and leads to the login page', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'carol@acme.test');
  await page.goto('/secure/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Plaza' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in to Plaza' })).toBeVisible();
  await context.close();
});
