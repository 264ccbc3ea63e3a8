/**
 * Narrow windows in Chromium, as on a phone (360×740) and a small one held sideways (640×800): below 720 px the
 * conversation list is a panel behind the header's "Conversations" button (ui/components/list-panel.ts), shown in the
 * page's place, by pointer and by keyboard; the page never scrolls sideways, and the header, the composer, a
 * message's actions, menus and dialogs are all in the window. At 1280 px the sidebar is beside the page as before.
 * Found in a QA pass: at 360 px, signed in with a conversation open, the page scrolled 128 px sideways — the 17rem
 * sidebar and the conversation side by side — and a message's actions ran to the window's edge, each squeezed onto two lines.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { rest, signInRest } from './server-rest';
import { signIn } from './sign-in';

/** How far the page scrolls sideways: how much wider than the window its content is. */
const sidewaysScroll = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

const nameOf = async (control: Locator): Promise<string> => (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '?';

/** Expects each control wholly in the window and clickable (nothing covers it), and the page not to scroll sideways. */
async function expectInWindow(page: Page, controls: Locator[], label: string): Promise<void> {
  for (const control of controls) {
    const name = `${await nameOf(control)} (${label})`;
    await expect(control, name).toBeInViewport({ ratio: 1 });
    await control.click({ trial: true, timeout: 2_000 });
  }
  expect(await sidewaysScroll(page), `sideways scroll (${label})`).toBe(0);
}

/** The header's controls: search, People, and its buttons. */
const headerControls = async (page: Page): Promise<Locator[]> => {
  const header = page.getByRole('banner');
  return [header.getByRole('searchbox', { name: 'Search Plaza' }), header.getByRole('link', { name: 'People' }), ...(await header.getByRole('button').all())];
};

/** Every control of a composer form: its text, Urgent, Insert emoji, Send or Reply. */
const controlsOf = async (form: Locator): Promise<Locator[]> => [...(await form.getByRole('textbox').all()), ...(await form.getByRole('checkbox').all()), ...(await form.getByRole('button').all())];

/** A team of Dave's own, for the test to post in without touching conversations other tests read. */
async function davesTeam(baseURL: string, label: string): Promise<string> {
  const name = `Narrow ${label} ${Date.now()}`;
  await rest(baseURL, '/secure/data/confirmed/corporate/teams/create', { name }, await signInRest(baseURL, 'dave@acme.test'));
  return name;
}

const startsWith = (name: string): RegExp => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

for (const { width, height } of [
  { width: 360, height: 740 },
  { width: 640, height: 800 },
]) {
  test(`at ${width}×${height} the header’s Conversations button shows and hides the list in the page’s place, by pointer and keyboard, nothing typed lost`, async ({ page, baseURL }) => {
    const team = await davesTeam(baseURL!, `${width}`);
    await page.setViewportSize({ width, height });
    await signIn(page, 'dave@acme.test');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Conversations' });
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect(page.getByRole('heading', { level: 1, name: 'Pick a conversation' })).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await expectInWindow(page, await headerControls(page), 'signed in');

    // By pointer: shown, it has the page's place (the page is hidden, not squeezed beside it), the whole width.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(list).toBeVisible();
    await expect(list).toHaveAttribute('id', (await toggle.getAttribute('aria-controls'))!);
    await expect(page.getByRole('heading', { level: 1, name: 'Pick a conversation' })).toBeHidden();
    const box = (await list.boundingBox())!;
    expect([Math.round(box.x), Math.round(box.width)], 'the list’s left edge and width').toEqual([0, width]);
    await expectInWindow(page, [list.getByRole('button', { name: 'New message' }), list.getByRole('link', { name: startsWith(team) })], 'list shown');

    // A conversation opened from it: the list goes, the conversation is there with the keyboard in its composer.
    await list.getByRole('link', { name: startsWith(team) }).click();
    await expect(list).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();
    const composer = page.getByRole('form', { name: 'New message' });
    const message = composer.getByRole('textbox', { name: 'Message' });
    await expect(message).toBeFocused();
    await page.keyboard.type('Half a thought');
    await expectInWindow(page, [...(await headerControls(page)), ...(await controlsOf(composer))], 'conversation open');

    // By keyboard: Enter on the button shows it with the keyboard on the open conversation; the composer is hidden
    // but keeps its text.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(list).toBeVisible();
    const current = list.getByRole('link', { name: startsWith(team) });
    await expect(current).toBeFocused();
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(composer).toBeHidden();
    const hiddenMessage = page.getByRole('form', { name: 'New message', includeHidden: true }).getByRole('textbox', { name: 'Message', includeHidden: true });
    await expect(hiddenMessage).toHaveValue('Half a thought');
    // The sidebar's keys work in it: ↑/↓ between conversations (one Tab stop), Tab to the row's menu.
    await page.keyboard.press('ArrowUp');
    await expect(current).not.toBeFocused();
    await expect(list.locator(':focus'), 'the row moved to').toBeInViewport({ ratio: 1 });
    await page.keyboard.press('ArrowDown');
    await expect(current).toBeFocused();
    await page.keyboard.press('Tab');
    const rowMenu = list.getByRole('button', { name: `Actions for ${team}` });
    await expect(rowMenu).toBeFocused();
    // Its menu opens in the window; Escape closes the menu, not the list.
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${team}` });
    await expectInWindow(page, [menu.getByRole('menuitem', { name: 'Move to folder…' })], 'the row’s menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(rowMenu).toBeFocused();
    await expect(list).toBeVisible();

    // Escape hides it, the keyboard back on the button; what was typed is still there.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(message).toHaveValue('Half a thought');

    // Shown again, Enter on the conversation already open hides it too, the keyboard back after the text: post it.
    await page.keyboard.press('Enter');
    await expect(current).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(list).toBeHidden();
    await expect(message).toBeFocused();
    await page.keyboard.type(' for the team');
    await page.keyboard.press('Enter');
    const posted = page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'Half a thought for the team' });
    await expect(posted).toBeVisible();
    await expect(message).toHaveValue('');
    // (Toasts may show over it, as over any message: only its being in the window is asked.)
    await expect(posted).toBeInViewport();
    expect(await sidewaysScroll(page), 'sideways scroll (posted)').toBe(0);

    // The button by pointer, both ways: hidden again, the keyboard on the button.
    await toggle.click();
    await expect(list).toBeVisible();
    await toggle.click();
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();

    // Another page opened from it (Drafts): the list goes, the keyboard is in the page shown.
    await message.fill('Kept while away');
    await toggle.click();
    await list.getByRole('link', { name: /^Drafts/ }).click();
    await expect(list).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible();
    await expect(page.getByRole('main')).toBeFocused();
    expect(await sidewaysScroll(page), 'sideways scroll (Drafts)').toBe(0);
    // And back through the list: the text typed is in the conversation's composer.
    await toggle.click();
    await list.getByRole('link', { name: startsWith(team) }).click();
    await expect(message).toBeFocused();
    await expect(message).toHaveValue('Kept while away');
    await message.fill('');
  });
}

test('at 360 and 640 px a message’s actions, menus and dialogs are in the window, and Escape backs out one level at a time', async ({ page }) => {
  await signIn(page, 'bob@acme.test'); // Engineering's admin: Members, Team settings, Leave in its header
  for (const width of [360, 640]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    const label = (what: string): string => `${what}, ${width} px`;
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Conversations' });
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await toggle.click();
    await list.getByRole('link', { name: /^Engineering/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
    const conversation = page.getByRole('region', { name: 'Engineering' });
    const headerButtons = ['Members', 'Team settings', 'Leave', 'Search in conversation', 'Notifications'].map((name) => conversation.getByRole('button', { name, exact: true }));
    await expectInWindow(page, headerButtons, label('the conversation’s header'));

    // A message's actions, shown on hover — on a short message (Bob's second in a row: one line, no header), which is
    // shorter than its actions wrapped onto two rows.
    const composer = page.getByRole('form', { name: 'New message' }).getByRole('textbox', { name: 'Message' });
    for (const text of [`Short ${width}`, 'ok']) {
      await composer.fill(text);
      await composer.press('Enter');
    }
    const newest = page.getByRole('log', { name: 'Messages' }).getByRole('article').last();
    await expect(newest).toContainText('ok');
    await newest.hover();
    const actions = newest.getByRole('group', { name: 'Message actions' });
    await expectInWindow(page, await actions.getByRole('button').all(), label('a message’s actions'));
    // The flag menu.
    await actions.getByRole('button', { name: 'Flag message' }).click();
    const flags = page.getByRole('menu', { name: 'Flag colour' });
    await expectInWindow(page, await flags.getByRole('menuitemradio').or(flags.getByRole('menuitem')).all(), label('the flag menu'));
    await page.keyboard.press('Escape');
    await expect(flags).toBeHidden();

    // The conversation's notifications menu, and the Members and emoji dialogs.
    await conversation.getByRole('button', { name: 'Notifications', exact: true }).click();
    const notify = page.getByRole('menu', { name: 'Notifications' });
    await expectInWindow(page, await notify.getByRole('menuitem').all(), label('the notifications menu'));
    await page.keyboard.press('Escape');
    await expect(notify).toBeHidden();
    await conversation.getByRole('button', { name: 'Members', exact: true }).click();
    const members = page.getByRole('dialog', { name: /^Members of Engineering/ });
    await expect(members, label('the Members dialog')).toBeInViewport({ ratio: 1 });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(members).toBeHidden();
    await page.getByRole('form', { name: 'New message' }).getByRole('button', { name: 'Insert emoji' }).click();
    const emoji = page.getByRole('dialog', { name: 'Insert emoji' });
    await expect(emoji, label('the emoji picker')).toBeInViewport({ ratio: 1 });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(emoji).toBeHidden();

    // The header's menu and dialog: the person's menu, Shortcuts.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Bob Brown' }).click();
    const sessionMenu = page.getByRole('menu', { name: 'Bob Brown' });
    await expectInWindow(page, await sessionMenu.getByRole('menuitem').all(), label('the person’s menu'));
    await page.keyboard.press('Escape');
    await expect(sessionMenu).toBeHidden();
    await header.getByRole('button', { name: 'Shortcuts' }).click();
    const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(shortcuts, label('the shortcuts')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(shortcuts).toBeHidden();

    // A dialog opened from the list: Escape closes the dialog (the list stays, the keyboard on what opened it),
    // then the list (the keyboard on the header's button).
    await toggle.click();
    await list.getByRole('button', { name: 'New message' }).click();
    const start = page.getByRole('dialog', { name: 'Start a direct message' });
    await expect(start, label('New message')).toBeInViewport({ ratio: 1 });
    expect(await sidewaysScroll(page)).toBe(0);
    await page.keyboard.press('Escape');
    await expect(start).toBeHidden();
    await expect(list).toBeVisible();
    await expect(list.getByRole('button', { name: 'New message' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(toggle).toBeFocused();
  }
});

test('at 1280 px the sidebar is beside the page as before: no Conversations button, the keyboard stays in the list', async ({ page }) => {
  await signIn(page, 'dave@acme.test');
  await page.setViewportSize({ width: 1280, height: 800 });
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Conversations' })).toHaveCount(0);
  const side = (await list.boundingBox())!;
  expect([side.x, side.width], 'the sidebar: its left edge and width (17rem)').toEqual([0, 255]);
  const engineering = list.getByRole('link', { name: /^Engineering/ });
  await engineering.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  await expect(list).toBeVisible();
  await expect(engineering).toBeFocused();
  const main = (await page.getByRole('main').boundingBox())!;
  expect(main.x, 'the page beside the sidebar').toBe(255);
});

test('a window narrowed with the keyboard in the sidebar shows it as the panel; narrowed while typing, the list stays hidden', async ({ page }) => {
  await signIn(page, 'dave@acme.test');
  const list = page.getByRole('navigation', { name: 'Conversations' });
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Conversations' });
  const engineering = list.getByRole('link', { name: /^Engineering/ });
  await engineering.click();
  const message = page.getByRole('form', { name: 'New message' }).getByRole('textbox', { name: 'Message' });
  await engineering.focus();

  await page.setViewportSize({ width: 640, height: 800 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(list).toBeVisible();
  await expect(engineering).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();

  // Widened, the sidebar is beside the page again; narrowed while typing in the composer, the keyboard stays there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toHaveCount(0);
  await expect(list).toBeVisible();
  await message.click();
  await page.keyboard.type('Typed wide');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(list).toBeHidden();
  await expect(message).toBeFocused();
  await page.keyboard.type(', then narrow');
  await expect(message).toHaveValue('Typed wide, then narrow');
  await message.fill('');
});

test('at 360 px Ctrl+K G shows the list with the keyboard in it, and Skip to conversation goes past it to the composer', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'dave@acme.test');
  const list = page.getByRole('navigation', { name: 'Conversations' });
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Conversations' });
  await toggle.click();
  await list.getByRole('link', { name: /^Engineering/ }).click();
  const message = page.getByRole('form', { name: 'New message' }).getByRole('textbox', { name: 'Message' });
  await expect(message).toBeFocused();

  await page.keyboard.press('Control+k');
  await page.keyboard.press('g');
  await expect(list).toBeVisible();
  await expect(list.getByRole('link', { name: /^Engineering/ })).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('link', { name: 'Skip to conversation' }).focus();
  await page.keyboard.press('Enter');
  await expect(list).toBeHidden();
  await expect(message).toBeFocused();
});
