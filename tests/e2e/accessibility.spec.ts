/**
 * Automated accessibility checks of the key screens with axe-core, in the real app against the local
 * server: the WCAG 2.x A and AA rules (names, roles, contrast, keyboard access to scrolling regions, label
 * in name) and axe's best practices (one main landmark, a level-one heading, unique landmark names).
 *
 * One best practice is off: `region` (all content inside landmarks). Menus and popovers render in an
 * overlay layer at the end of <body> (ui/components/overlay-layer.tsx) so a scrolling list cannot clip
 * them; they hold the keyboard focus while open, which is how assistive technology finds them. In a narrow
 * window with the conversation list shown in the page's place, the page's main landmark and heading are hidden with
 * the page, and those two best practices are off for that one screen.
 *
 * It signs in as Grace (Globex), whom no other test reads unread counts or flags of: the flag it sets to
 * check the flag colours it removes again.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { urgentDirectMessage } from './server-rest';
import { signIn } from './sign-in';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const fixture = fileURLToPath(new URL('../../fixtures/sessions/bob-reads-and-replies.jsonl', import.meta.url));

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe's violations on the page as it is now, each with the first few elements it found; `except` names rules left out. */
async function violations(page: Page, except: readonly string[] = []): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  return page.evaluate(async (except) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: Object.fromEntries(['region', ...except].map((id) => [id, { enabled: false }])),
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`),
    }));
  }, except);
}

/** Expects no violations (but of the rules `except` names), listing them (rule, help, elements) when there are. */
async function expectAccessible(page: Page, screen: string, except: readonly string[] = []): Promise<void> {
  const found = await violations(page, except);
  const report = found.map((v) => `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');
  expect(found, `${screen}:\n${report}`).toEqual([]);
}

test('the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in to Plaza', level: 1 })).toBeVisible();
  await expectAccessible(page, 'sign-in');
});

test('the app: a conversation, the flag menu and a flagged message, thread, a refused form, search, people, teams, settings', async ({ page }) => {
  await signIn(page, 'grace@globex.test');
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await sidebar.getByRole('link', { name: /^Plaza Bot/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  const message = log.getByRole('article').first();
  await expect(message).toBeVisible();
  await expectAccessible(page, 'a conversation');

  // The first Tab stop on arriving at the page skips the header and the sidebar: Enter puts the keyboard in the composer.
  await page.reload();
  await expect(log.getByRole('article').first()).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to conversation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'New message' }).getByRole('textbox', { name: 'Message' })).toBeFocused();

  // The message log is one Tab stop (the newest message), not one per button: back from the composer, past
  // the newest message's own actions, the keyboard is on it. ↑ moves to the message before, Tab enters it.
  const articles = log.getByRole('article');
  const count = await articles.count();
  expect(count).toBeGreaterThanOrEqual(2);
  const onAMessage = () => page.evaluate(() => document.activeElement?.tagName === 'ARTICLE');
  for (let presses = 0; presses < 8 && !(await onAMessage()); presses++) await page.keyboard.press('Shift+Tab');
  await expect(articles.nth(count - 1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(articles.nth(count - 2)).toBeFocused();
  await expectAccessible(page, 'a message focused by the keyboard');
  await page.keyboard.press('Tab');
  await expect.poll(() => articles.nth(count - 2).evaluate((el) => el !== document.activeElement && el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('End');
  await expect(articles.nth(count - 1)).toBeFocused();

  // The conversation list is one Tab stop too: Ctrl+K G puts the keyboard on the open conversation (Grace's
  // last), ↑ and ↓ move.
  await page.keyboard.press('Control+k');
  await page.keyboard.press('g');
  const openLink = sidebar.getByRole('link', { name: /^Plaza Bot/ });
  await expect(openLink).toBeFocused();
  await expect(openLink).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('ArrowUp');
  await expect(openLink).not.toBeFocused();
  await expect(openLink).toHaveAttribute('tabindex', '-1');
  await expectAccessible(page, 'the conversation list by keyboard');
  await page.keyboard.press('ArrowDown');
  await expect(openLink).toBeFocused();

  // The flag menu shows all 12 colours by name; a flagged message names its colour. Yellow is the lightest.
  await message.hover();
  await message.getByRole('button', { name: 'Flag message' }).click();
  await expect(page.getByRole('menu', { name: 'Flag colour' })).toBeVisible();
  await expectAccessible(page, 'the flag menu');
  await page.getByRole('menuitemradio', { name: 'Yellow', exact: true }).click();
  await expect(message.getByRole('img', { name: 'Flagged Yellow' })).toBeVisible();
  await expectAccessible(page, 'a message flagged yellow');
  await message.hover();
  await message.getByRole('button', { name: 'Change flag' }).click();
  await page.getByRole('menuitem', { name: 'Remove flag' }).click();
  await expect(message.getByRole('img', { name: /^Flagged/ })).toHaveCount(0);

  await message.hover();
  await message.getByRole('button', { name: 'Reply in thread' }).click();
  await expect(page.getByRole('form', { name: 'Reply in thread' })).toBeVisible();
  await expectAccessible(page, 'a thread');

  // A refused form keeps the keyboard: the field in error gets it (not the page, as when the busy Create
  // button dropped it), and Escape still closes the dialog, giving the focus back to what opened it.
  const newTeam = page.getByRole('button', { name: 'New team' });
  await newTeam.click();
  const dialog = page.getByRole('dialog', { name: 'New team' });
  await dialog.getByRole('button', { name: 'Create' }).press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('A team needs a name.');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await expectAccessible(page, 'a refused form');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(newTeam).toBeFocused();

  // Global search, from the header's box: hits name everything they show.
  const box = page.getByRole('search', { name: 'Search Plaza' }).getByRole('searchbox');
  await box.fill('Plaza');
  await box.press('Enter');
  await expect(page.getByRole('search', { name: 'Search everything' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Messages/ })).toBeVisible();
  await expectAccessible(page, 'search');

  await page.getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await expectAccessible(page, 'people');

  await page.getByRole('button', { name: 'Browse teams' }).click();
  await expect(page.getByRole('heading', { name: 'Browse teams', level: 1 })).toBeVisible();
  await expectAccessible(page, 'browse teams');

  await page.goto('/settings/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expectAccessible(page, 'notification settings');
});

test('a narrow window (360 px): the conversation list as a panel, hidden and shown, and a conversation', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'grace@globex.test');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Conversations' });
  await expectAccessible(page, 'signed in, the list hidden');
  await toggle.click();
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await expect(list).toBeVisible();
  // Shown, the list has the page's place: the page — its main landmark and its heading — is hidden from everyone,
  // as on a phone's list screen, and the banner and the "Conversations" navigation are the landmarks. Those two best
  // practices are asked of the page with the list hidden (before and after).
  await expectAccessible(page, 'the list shown', ['landmark-one-main', 'page-has-heading-one']);
  await list.getByRole('link', { name: /^Plaza Bot/ }).click();
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article').first()).toBeVisible();
  await expect(list).toBeHidden();
  await expectAccessible(page, 'a conversation, the list hidden');
});

test('the header with new alerts, and the Drafts page', async ({ page, baseURL }) => {
  await signIn(page, 'dave@acme.test');
  // Bob's urgent direct message: an alert for Dave, counted on the header's Alerts button.
  await urgentDirectMessage(baseURL!, 'bob@acme.test', 'dave@acme.test', 'Alert for the axe check');
  await expect(page.getByRole('button', { name: /^Alerts, \d+ new$/ })).toBeVisible();
  // A draft, for the Drafts page to list.
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^HR/ }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('A draft for the axe check');
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Drafts/ }).click();
  await expect(page.getByRole('heading', { name: 'Drafts', level: 1 })).toBeVisible();
  await expect(page.getByText('A draft for the axe check')).toBeVisible();
  await expectAccessible(page, 'the header with new alerts, the Drafts page');
  await page.getByRole('button', { name: 'Discard' }).click();
});

test('the session debugger with a recording loaded', async ({ page }) => {
  await page.goto('/debug/replay');
  await expect(page.getByRole('heading', { name: 'Session replay', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the debugger, empty');
  await page.getByLabel(/Import session/).setInputFiles(fixture);
  await expect(page.getByText('Replay matches the recording')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Replayed app' })).toBeVisible();
  await expectAccessible(page, 'the debugger, loaded');
});
