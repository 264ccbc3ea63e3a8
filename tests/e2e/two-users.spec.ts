/**
 * Two people, two browsers: Alice posts in the direct message, Bob sees it
 * live, his badge reads "1 unread", opening the conversation clears it, and
 * after a reload everything is still right (it comes back from IndexedDB).
 */
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('a message from Alice reaches Bob live, counts as unread, and clears when he reads it', async ({ browser }) => {
  // Two browsers, two sign-ins and a reload: 50-60 s on a loaded two-core machine (each step within its own wait).
  test.setTimeout(120_000);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  const bob = await bobContext.newPage();

  await signIn(alice, 'alice@acme.test');
  await signIn(bob, 'bob@acme.test');

  const bobSidebar = bob.getByRole('navigation', { name: 'Conversations' });
  const dmWithAlice = bobSidebar.getByRole('link', { name: /Alice Anders/ });
  await expect(dmWithAlice).toBeVisible();
  // Other tests share the server; only this conversation's state is this test's to assert.
  await expect(dmWithAlice.getByLabel(/unread$/)).toHaveCount(0);

  // Alice opens the DM with Bob and posts.
  await alice.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Bob Brown/ }).click();
  await expect(alice.getByRole('log')).toBeVisible();
  const text = `Lunch at noon? ${Date.now()}`;
  const composer = alice.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  const sentAt = Date.now();
  await composer.press('Enter');
  await expect(alice.getByRole('log').getByText(text)).toBeVisible();
  await expect(composer).toHaveValue('');

  // Bob sees it without reloading: the badge reads "1 unread".
  await expect(dmWithAlice.getByLabel('1 unread')).toBeVisible();
  const seenAt = Date.now();
  test.info().annotations.push({ type: 'send-to-badge-ms', description: String(seenAt - sentAt) });

  // Opening the conversation shows the message and clears the badge.
  await dmWithAlice.click();
  await expect(bob.getByRole('log').getByText(text)).toBeVisible();
  await expect(dmWithAlice.getByLabel('1 unread')).toHaveCount(0);

  // Bob replies with two lines (Shift+Enter is a new line, Enter sends); Alice sees it live in the open conversation.
  const bobComposer = bob.getByRole('textbox', { name: 'Message' });
  await bobComposer.fill('Sounds good');
  await bobComposer.press('Shift+Enter');
  await bobComposer.pressSequentially('see you there');
  await expect(bobComposer).toHaveValue('Sounds good\nsee you there');
  await bobComposer.press('Enter');
  await expect(alice.getByRole('log').getByText('see you there', { exact: false })).toBeVisible();

  // After a reload Bob's page is still right, from IndexedDB first.
  await bob.reload();
  await expect(bob.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
  await expect(bob.getByRole('log').getByText(text)).toBeVisible();
  await expect(dmWithAlice.getByLabel(/unread$/)).toHaveCount(0);

  // And a message arriving while Bob looks elsewhere counts again.
  await bob.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Design/ }).click();
  await composer.fill('One more thing');
  await composer.press('Enter');
  await expect(dmWithAlice.getByLabel('1 unread')).toBeVisible();

  await aliceContext.close();
  await bobContext.close();
});

test('signing in returns the user to where they were going', async ({ page }) => {
  await page.goto('/conversations/does-not-matter?x=1');
  await expect(page).toHaveURL(/\/login\?destination=/);
  await page.getByLabel('Email').fill('carol@acme.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email or password is incorrect.');
  await page.getByLabel('Password').fill('plaza-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/conversations\/does-not-matter\?x=1$/);
});

test('signing out goes by /secure/logout to the login page, and the next person starts at the start', async ({ page }) => {
  await signIn(page, 'carol@acme.test');
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Design/ }).click();
  await page.getByRole('button', { name: 'Carol Chen' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('dave@acme.test');
  await page.getByLabel('Password').fill('plaza-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Not Carol's conversation (Dave is not in Design).
  await expect(page.getByRole('heading', { name: 'Pick a conversation' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The spec's logout address signs out when opened signed in.
  await page.goto('/secure/logout');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Plaza' })).toBeVisible();
});

test('typing shows on the other side and a direct message can be started with anyone', async ({ browser }) => {
  const carol = await (await browser.newContext()).newPage();
  const dave = await (await browser.newContext()).newPage();
  await signIn(carol, 'carol@acme.test');
  await signIn(dave, 'dave@acme.test');

  // Carol starts a DM with Dave through the dialog, by role and label.
  await carol.getByRole('button', { name: 'New message' }).click();
  const dialog = carol.getByRole('dialog', { name: 'Start a direct message' });
  await dialog.getByLabel('Search people').fill('dave');
  await dialog.getByRole('button', { name: /Dave Diaz/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(carol).toHaveURL(/\/conversations\//);
  await expect(carol.getByRole('heading', { name: 'Dave Diaz' })).toBeVisible();

  // Dave gets the new conversation live and opens it; Carol types; Dave sees the indicator, which expires.
  const daveSidebar = dave.getByRole('navigation', { name: 'Conversations' });
  await daveSidebar.getByRole('link', { name: /Carol Chen/ }).click();
  await carol.getByRole('textbox', { name: 'Message' }).pressSequentially('Hi Dave');
  await expect(dave.getByText('Carol Chen is typing…')).toBeVisible();
  await expect(dave.getByText('Carol Chen is typing…')).toHaveCount(0, { timeout: 8_000 });
  await carol.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(dave.getByRole('log').getByText('Hi Dave')).toBeVisible();
});
