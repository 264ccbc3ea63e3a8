/**
 * A browser shared by several people, one after another (one profile, one tab): each person sees and exports only
 * their own sessions. Signing out leaves the page — a fresh page and core worker, so a fresh recording — and the
 * next person finds nothing of the person before: not their session in Recording settings or Export session, not
 * what they left typed in a dialog for the page's life. What the person before typed in a conversation waits for
 * them, and is there at their next sign-in.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './sign-in';

async function signOut(page: Page, name: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Plaza' })).toBeVisible();
}

async function signInHere(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
}

/** The rows of Recording settings' stored recordings (the dialog stays open). */
async function storedRecordings(page: Page, name: string) {
  await page.getByRole('banner').getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Recording settings…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recording' });
  await expect(dialog.getByText('Loading…')).toHaveCount(0);
  return dialog.getByRole('list', { name: 'Stored recordings' }).getByRole('listitem');
}

/** The `$signIn` intents of a session file (what was typed, address and password, is redacted). */
const signIns = (text: string): string[] => text.split('\n').filter((line) => line.includes('"$signIn"'));

/** Whose sign-ins a session file holds: the user of each accepted sign-in's answer (the only answers with a login guid). */
const signedIn = (text: string): string[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{"k":"res"') && line.includes('"login_guid"'))
    .map((line) => (JSON.parse(line) as { b: { user: { email: string } } }).b.user.email);

test('after Dave signs out, Bob in the same tab sees and exports only his own sessions; Dave’s draft waits for Dave', async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'dave@acme.test');
  const draft = `Dave's unsent words ${Date.now()}`;
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill(draft);
  // Kept for the page's life: a dialog closed without deciding keeps what was typed.
  await page.getByRole('button', { name: 'New team' }).click();
  await page.getByRole('dialog', { name: 'New team' }).getByLabel('Name').fill('Dave’s secret project');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New team' })).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { davesPage: boolean }).davesPage = true));

  await signOut(page, 'Dave Diaz');
  // A fresh page: what Dave's page held is gone with it.
  expect(await page.evaluate(() => (window as unknown as { davesPage?: boolean }).davesPage)).toBeUndefined();

  await signInHere(page, 'bob@acme.test');
  await page.getByRole('button', { name: 'New team' }).click();
  await expect(page.getByRole('dialog', { name: 'New team' }).getByLabel('Name')).toHaveValue('');
  await page.keyboard.press('Escape');

  const bobs = await storedRecordings(page, 'Bob Brown');
  await expect(bobs).toHaveCount(1);
  await expect(bobs.first()).toContainText('(this session)');
  await page.getByRole('dialog', { name: 'Recording' }).getByRole('button', { name: 'Cancel' }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('banner').getByRole('button', { name: 'Bob Brown' }).click();
  await page.getByRole('menuitem', { name: 'Export session' }).click();
  const file = testInfo.outputPath('bob.jsonl');
  await (await downloading).saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(signIns(text).length).toBeGreaterThan(0);
  expect(signIns(text).every((line) => line.includes('redacted-email-') && !line.includes('@acme.test'))).toBe(true);
  // Dave's address is in Bob's directory, so in the recording; his sign-in is not.
  expect(signedIn(text)).toEqual(['bob@acme.test']);
  expect(JSON.parse(text.slice(0, text.indexOf('\n'))).user).not.toBeNull();

  await signOut(page, 'Bob Brown');
  await signInHere(page, 'dave@acme.test');
  // Dave's draft came back with him, in the conversation he typed it in.
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(draft);

  // His two sessions, not Bob's; the earlier one exports as his.
  const daves = await storedRecordings(page, 'Dave Diaz');
  await expect(daves).toHaveCount(2);
  await expect(daves.first()).toContainText('(this session)');
  const earlier = page.waitForEvent('download');
  await daves.nth(1).getByRole('button', { name: /^Export recording of/ }).click();
  const earlierFile = testInfo.outputPath('dave-earlier.jsonl');
  await (await earlier).saveAs(earlierFile);
  const earlierText = readFileSync(earlierFile, 'utf8');
  expect(signIns(earlierText).length).toBeGreaterThan(0);
  expect(signedIn(earlierText)).toEqual(['dave@acme.test']);
  await context.close();
});
