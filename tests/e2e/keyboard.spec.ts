/**
 * Keyboard paths in Chromium, as a person uses them: the shortcut's note in the header leaves the page where it
 * is, and jumping to the next unread conversation from the composer, or choosing someone in "New message", lets
 * typing go on there.
 */
import { expect, test } from '@playwright/test';
import { urgentDirectMessage } from './server-rest';
import { signIn } from './sign-in';

test('the shortcut’s note in the header does not move the page, alerts waiting or not', async ({ page, baseURL }) => {
  await signIn(page, 'dave@acme.test');
  // Bob's urgent direct message: the header's Alerts button gets its badge ("Alerts 1"), which broke onto a
  // second line when the note squeezed it.
  await urgentDirectMessage(baseURL!, 'bob@acme.test', 'dave@acme.test', 'Header check');
  await expect(page.getByRole('button', { name: /^Alerts, \d+ new$/ })).toBeVisible();
  const header = page.getByRole('banner');
  const before = (await header.boundingBox())!.height;
  await page.keyboard.press('Control+k');
  await page.keyboard.press('k');
  await expect(page.getByText('Ctrl+K K: Jump to a conversation or person')).toBeAttached();
  expect((await header.boundingBox())!.height).toBe(before);
});

test('Alt+Shift+↓ from the composer: what is typed next goes into the unread conversation’s composer', async ({ page }) => {
  await signIn(page, 'carol@acme.test');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  // The welcome bot's greeting at sign-in: an unread conversation after Engineering (nothing posted, so other
  // tests see the conversations they read as they were).
  await expect(nav.getByRole('link', { name: /^Plaza Bot .*unread/ })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('textbox', { name: 'Message' }).click();
  await page.keyboard.press('Alt+Shift+ArrowDown');
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeHidden();
  await page.keyboard.type('sure, now');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('sure, now');
});

test('New message: after choosing someone, what is typed goes into the conversation’s composer', async ({ page }) => {
  await signIn(page, 'bob@acme.test');
  const nav = page.getByRole('navigation', { name: 'Conversations' });
  await nav.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start a direct message' });
  await dialog.getByLabel('Search people').fill('alice');
  // Bob's direct message with Alice is the demo's: choosing her opens it (no conversation is made for the test).
  await dialog.getByRole('button', { name: /^Alice Anders/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Alice Anders' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.keyboard.type('hello again');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('hello again');
});
