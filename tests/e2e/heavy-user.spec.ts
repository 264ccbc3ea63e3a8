/**
 * The heavy user's tools in Chromium against the local server: the quick
 * switcher (keyboard only), jumping to the next unread conversation, and mark
 * all read — which the server keeps, so a reload still shows nothing unread.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** Signed in and started for good (the user's log opened, the socket up): the keyboard tests below begin from a settled app. */
async function signInOnline(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
}

async function post(page: Page, conversation: RegExp, text: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: conversation }).click();
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(page.getByRole('log').getByText(text)).toBeVisible();
}

test('quick switcher, next unread and mark all read, by keyboard, kept by the server', async ({ browser }) => {
  const alice = await (await browser.newContext()).newPage();
  const carol = await (await browser.newContext()).newPage();
  await signInOnline(alice, 'alice@acme.test');
  await signInOnline(carol, 'carol@acme.test');
  const sidebar = carol.getByRole('navigation', { name: 'Conversations' });
  // The channel list has arrived (the socket can be online before it): the switcher searches what the core holds.
  await expect(sidebar.getByRole('link', { name: /^Engineering/ })).toBeVisible();

  // The quick switcher: Ctrl+K K, type, arrows, Enter — no mouse.
  await carol.keyboard.press('Control+k');
  await expect(carol.getByText('Ctrl+K …')).toBeVisible();
  await carol.keyboard.press('k');
  const combo = carol.getByRole('combobox', { name: 'Conversation or person' });
  await expect(combo).toBeFocused();
  await combo.fill('engin');
  const options = carol.getByRole('listbox', { name: 'Matches' }).getByRole('option');
  await expect(options.first()).toContainText('Engineering');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await combo.press('Enter');
  await expect(carol.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  // A person without a conversation yet: the switcher starts one.
  await carol.keyboard.press('Control+k');
  await carol.keyboard.press('k');
  await combo.fill('dave');
  await expect(options.first()).toContainText('Dave Diaz');
  await combo.press('Enter');
  await expect(carol.getByRole('heading', { level: 1, name: 'Dave Diaz' })).toBeVisible();

  // Carol waits in the bot's conversation, the last of the sidebar: the welcome bot greets her on every
  // sign-in (possibly while this test runs), and an open conversation's new messages are read at once.
  await carol.keyboard.press('Control+k');
  await carol.keyboard.press('k');
  await combo.fill('plaza bot');
  await expect(options.first()).toContainText('Plaza Bot');
  await combo.press('Enter');
  await expect(carol.getByRole('heading', { level: 1, name: 'Plaza Bot' })).toBeVisible();

  // Alice writes in two of Carol's conversations; Carol jumps from one unread to the next (wrapping to the top).
  const stamp = Date.now();
  await post(alice, /^Design/, `design news ${stamp}`);
  await post(alice, /^Acme/, `company news ${stamp}`);
  await expect(sidebar.getByRole('link', { name: /^Design.*1 unread/ })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /^Acme.*1 unread/ })).toBeVisible();
  await carol.keyboard.press('Alt+Shift+ArrowDown');
  await expect(carol.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible(); // the company group comes first
  await expect(carol.getByRole('log').getByText(`company news ${stamp}`)).toBeVisible();
  await carol.keyboard.press('Alt+Shift+ArrowDown');
  await expect(carol.getByRole('heading', { level: 1, name: 'Design' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /unread/ })).toHaveCount(0);

  // Mark all read: Alice writes again, Carol (elsewhere) marks everything read in one go.
  await carol.keyboard.press('Control+k');
  await carol.keyboard.press('k');
  await combo.fill('plaza bot');
  await combo.press('Enter');
  await expect(carol.getByRole('heading', { level: 1, name: 'Plaza Bot' })).toBeVisible();
  await post(alice, /^Design/, `more design ${stamp}`);
  await post(alice, /^News/, `more news ${stamp}`);
  await expect(sidebar.getByRole('link', { name: /unread/ })).toHaveCount(2);
  await carol.getByRole('button', { name: 'Mark all read' }).click();
  await expect(carol.getByText('Marked 2 conversations read.')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /unread/ })).toHaveCount(0);
  // The server took it: after a reload (the channel list is fetched again) nothing is unread.
  await carol.reload();
  await expect(carol.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Design/ })).toBeVisible();
  await expect(carol.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
  await expect(carol.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /unread/ })).toHaveCount(0);
});
