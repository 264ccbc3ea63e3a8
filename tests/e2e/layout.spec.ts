/**
 * Layout in Chromium at the window sizes people use: the header keeps every control in the window, clickable and
 * reached by Tab, down to 640 px; toasts never cover the composer (Send, Urgent, the text) or a thread's Reply; at
 * 640 px an open thread takes over the conversation's area, every control of both reachable.
 * Found in a QA pass: at 800 px the header ran past the window's edge (Shortcuts cut off), the Plaza Bot's
 * "Welcome back" toast after every sign-in sat on Send for 5 s, taking the click, and at 640 px with a thread open
 * the conversation's Send was under the thread panel and the thread's Reply past the window's edge.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { urgentDirectMessage } from './server-rest';
import { signIn } from './sign-in';

/**
 * The header's controls at the window's width now, in the order Tab reaches them: below 720 px first the button that
 * shows the conversation list (narrow.spec.ts).
 */
async function headerControls(page: Page): Promise<Locator[]> {
  const header = page.getByRole('banner');
  const buttons = await header.getByRole('button').all();
  const listButton = buttons.length > 0 && (await buttons[0]!.textContent()) === 'Conversations' ? buttons.splice(0, 1) : [];
  return [...listButton, header.getByRole('searchbox', { name: 'Search Plaza' }), header.getByRole('link', { name: 'People' }), ...buttons];
}

const nameOf = async (control: Locator): Promise<string> => (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '?';

test('the header at 800 and 640 px: every control in the window, clickable, reached by Tab, not moved by the shortcut’s note', async ({ page, baseURL }) => {
  await signIn(page, 'dave@acme.test');
  // An alert waiting makes the Alerts button its widest ("Alerts 1").
  await urgentDirectMessage(baseURL!, 'bob@acme.test', 'dave@acme.test', 'Header width check');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Alerts, \d+ new$/ })).toBeVisible();
  expect((await headerControls(page)).length).toBeGreaterThanOrEqual(7); // search, People, the person's menu, status, Alerts, Settings, Shortcuts

  for (const width of [800, 640]) {
    await page.setViewportSize({ width, height: 720 });
    // Below 720 px the header starts with the button that shows the conversation list.
    const listButton = page.getByRole('banner').getByRole('button', { name: 'Conversations' });
    if (width === 640) await expect(listButton).toBeVisible();
    else await expect(listButton).toHaveCount(0);
    const controls = await headerControls(page);
    for (const control of controls) {
      const name = `${await nameOf(control)} at ${width} px`;
      await expect(control, name).toBeInViewport({ ratio: 1 });
      await control.click({ trial: true, timeout: 2_000 }); // nothing covers it
    }
    // By keyboard: from the first, Tab goes through the rest in order, each wholly in the window.
    await controls[0]!.focus();
    for (const control of controls.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(control, `Tab to ${await nameOf(control)} at ${width} px`).toBeFocused();
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    // The shortcut's note shows where there is room: it never pushes controls onto another line.
    const height = (await header.boundingBox())!.height;
    await page.keyboard.press('Control+k');
    await page.keyboard.press('k');
    await expect(page.getByText('Ctrl+K K: Jump to a conversation or person')).toBeAttached();
    expect((await header.boundingBox())!.height, `the header's height at ${width} px`).toBe(height);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Jump to a conversation or person' })).toBeHidden();
  }
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True when the two boxes share any area. */
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The part of `box` inside `frame` (an empty box where none is). */
function clip(box: Box, frame: Box): Box {
  const x = Math.max(box.x, frame.x);
  const y = Math.max(box.y, frame.y);
  return { x, y, width: Math.max(0, Math.min(box.x + box.width, frame.x + frame.width) - x), height: Math.max(0, Math.min(box.y + box.height, frame.y + frame.height) - y) };
}

/**
 * Raises a fresh toast (Bob's urgent direct message: an alert, which is not held back by the one-a-second limit on
 * message toasts) and expects no toast on screen to cover any of `controls`, by their boxes and by a pointer.
 */
async function expectToastsClear(page: Page, baseURL: string, label: string, controls: Locator[]): Promise<void> {
  const text = `Toast check: ${label}`;
  await urgentDirectMessage(baseURL, 'bob@acme.test', 'dave@acme.test', text);
  const region = page.getByRole('region', { name: 'Notifications' });
  const toasts = region.getByRole('status');
  await expect(toasts.filter({ hasText: text })).toBeVisible();
  // What shows of each: more than fit scroll within the stack, which clips them.
  const stack = (await region.boundingBox())!;
  const boxes = (await Promise.all((await toasts.all()).map((t) => t.boundingBox()))).flatMap((b) => (b === null ? [] : [clip(b, stack)]));
  for (const control of controls) {
    const name = `${await nameOf(control)} (${label})`;
    const box = await control.boundingBox();
    if (box === null) throw new Error(`${name} is not on screen`);
    for (const toast of boxes) expect(overlaps(toast, box), `a toast covers ${name}`).toBe(false);
    await control.click({ trial: true, timeout: 2_000 });
  }
}

/** Every control of a composer form: its text, Urgent, Insert emoji, Send or Reply. */
const controlsOf = async (form: Locator): Promise<Locator[]> => [...(await form.getByRole('textbox').all()), ...(await form.getByRole('checkbox').all()), ...(await form.getByRole('button').all())];

/** Expects each control wholly in the window and clickable (nothing covers it). */
async function expectReachable(controls: Locator[], label: string): Promise<void> {
  for (const control of controls) {
    const name = `${await nameOf(control)} (${label})`;
    await expect(control, name).toBeInViewport({ ratio: 1 });
    await control.click({ trial: true, timeout: 2_000 });
  }
}

test('toasts never cover the composer or a thread’s Reply, at 1280, 800 and 640 px', async ({ page, baseURL }) => {
  await signIn(page, 'dave@acme.test');
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  const log = page.getByRole('log', { name: 'Messages' });
  await log.getByRole('article').filter({ hasText: 'Release checklist for 2.3' }).getByRole('button', { name: /^\d+ repl/ }).click();
  const thread = page.getByRole('complementary', { name: 'Thread' });
  await expect(thread.getByRole('button', { name: 'Close thread' })).toBeVisible();

  // Something typed in each, so Send and Reply are enabled, as when about to be clicked.
  const composer = page.getByRole('form', { name: 'New message' });
  const replyComposer = thread.getByRole('form', { name: 'Reply in thread' });
  await composer.getByRole('textbox', { name: 'Message' }).fill('Ready to send');
  await replyComposer.getByRole('textbox', { name: 'Reply' }).fill('Ready to reply');
  // Nor the conversation's and the thread's headers (their buttons), just above where the toasts now show.
  const headers = [page.getByRole('button', { name: 'Search in conversation' }), page.getByRole('button', { name: 'Notifications', exact: true }), thread.getByRole('button', { name: 'Close thread' })];

  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 720 });
    await expectToastsClear(page, baseURL!, `thread open, ${width} px`, [...(await controlsOf(composer)), ...(await controlsOf(replyComposer)), ...headers]);
  }
  // At 640 px the thread takes over the conversation's area (narrow-layout.ts): toasts show over its replies, clear
  // of its Reply composer and Close thread; closed, over the conversation's messages again.
  await page.setViewportSize({ width: 640, height: 720 });
  await expectToastsClear(page, baseURL!, 'thread open, 640 px', [...(await controlsOf(replyComposer)), headers[2]!]);
  const toast = (await page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: 'thread open, 640 px' }).boundingBox())!;
  const panel = (await thread.boundingBox())!;
  expect(toast.x >= panel.x && toast.x + toast.width <= panel.x + panel.width, 'the toast is over the thread').toBe(true);
  await thread.getByRole('button', { name: 'Close thread' }).click();
  await expect(thread).toBeHidden();
  await expectToastsClear(page, baseURL!, '640 px', [...(await controlsOf(composer)), ...headers.slice(0, 2)]);
});

test('a thread at 640 px takes over the conversation’s area: every control reachable by pointer and keyboard, the focus sensible, nothing typed lost', async ({ page }) => {
  await signIn(page, 'dave@acme.test');
  await page.setViewportSize({ width: 640, height: 720 });
  // At 640 px the conversation list is a panel behind the header's Conversations button (narrow.spec.ts).
  await page.getByRole('banner').getByRole('button', { name: 'Conversations' }).click();
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /^Engineering/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Engineering' })).toBeVisible();
  const composer = page.getByRole('form', { name: 'New message' });
  const message = composer.getByRole('textbox', { name: 'Message' });
  await message.fill('Half a thought for Engineering');
  await composer.getByRole('checkbox', { name: 'Urgent' }).check();

  const opener = page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'Release checklist for 2.3' }).getByRole('button', { name: /^\d+ repl/ });
  const thread = page.getByRole('complementary', { name: 'Thread' });
  const close = thread.getByRole('button', { name: 'Close thread' });
  const replyComposer = thread.getByRole('form', { name: 'Reply in thread' });
  const reply = replyComposer.getByRole('textbox', { name: 'Reply' });

  for (const how of ['pointer', 'keyboard'] as const) {
    if (how === 'pointer') await opener.click();
    else {
      await opener.focus();
      await page.keyboard.press('Enter');
    }
    // Opened, the keyboard is on Close thread, the way back; the thread has the conversation's area, the conversation is hidden.
    await expect(close).toBeFocused();
    await expectReachable([close, ...(await controlsOf(replyComposer))], `thread open by ${how}`);
    await expect(composer).toBeHidden();
    // By keyboard: from Close thread, Tab goes through the thread to its Reply composer, each stop wholly in the window.
    for (let i = 0; i < 20 && !(await reply.evaluate((e) => e === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused, `Tab stop ${i + 1} (${how})`).toBeInViewport({ ratio: 1 });
    }
    await expect(reply).toBeFocused();
    if (how === 'pointer') await page.keyboard.type('A reply in progress');
    else await expect(reply).toHaveValue('A reply in progress');

    // Closed (Close thread, or Escape from inside the thread), the conversation is back, the keyboard on what opened
    // the thread, and what was typed in the conversation still there.
    if (how === 'pointer') await close.click();
    else await page.keyboard.press('Escape');
    await expect(thread).toBeHidden();
    await expect(opener).toBeFocused();
    // Where it was: the messages were not scrolled away from it (to the end) while the thread covered them.
    await expect(opener).toBeInViewport({ ratio: 1 });
    await expect(message).toHaveValue('Half a thought for Engineering');
    await expect(composer.getByRole('checkbox', { name: 'Urgent' })).toBeChecked();
    await expectReachable(await controlsOf(composer), `thread closed by ${how}`);
  }

  // The window narrowed with a thread open and the keyboard in the conversation's composer: the keyboard comes to
  // Close thread, not left on a hidden composer; and Skip to conversation goes to the composer shown, the thread's.
  await page.setViewportSize({ width: 1024, height: 720 });
  await opener.click();
  await message.focus();
  await page.setViewportSize({ width: 640, height: 720 });
  await expect(close).toBeFocused();
  await page.getByRole('link', { name: 'Skip to conversation' }).focus();
  await page.keyboard.press('Enter');
  await expect(reply).toBeFocused();
  await expect(reply).toHaveValue('A reply in progress');
});

/** How far the page scrolls sideways: how much wider than the window its content is. */
const sidewaysScroll = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 360 px the page after sign-in is no wider than the window: it does not scroll sideways', async ({ page }) => {
  await signIn(page, 'dave@acme.test');
  await page.setViewportSize({ width: 360, height: 720 });
  const heading = page.getByRole('heading', { level: 1, name: 'Pick a conversation' });
  await expect(heading).toBeVisible();
  // It was 32 px wider: the empty state's heading, wider than the room beside the sidebar.
  expect(await sidewaysScroll(page), 'sideways scroll at 360 px').toBe(0);
  await expect(heading).toBeInViewport({ ratio: 1 });
});

test('the status pop-up stays in the window down to 360 px, every control in it reachable', async ({ page }) => {
  await signIn(page, 'dave@acme.test');
  const button = page.getByRole('banner').getByRole('button', { name: /^Your status: / });
  const dialog = page.getByRole('dialog', { name: 'Set your status' });
  for (const width of [1280, 400, 360]) {
    await page.setViewportSize({ width, height: 720 });
    await button.click();
    await expect(dialog).toBeVisible();
    await expect(dialog, `the pop-up at ${width} px`).toBeInViewport({ ratio: 1 });
    for (const control of [...(await dialog.getByRole('radio').all()), ...(await dialog.getByRole('button').all())]) {
      await expect(control, `${await nameOf(control)} at ${width} px`).toBeInViewport({ ratio: 1 });
      await control.click({ trial: true, timeout: 2_000 });
    }
    if (width === 1280) {
      // Where there is room, as before: under the button, from its right edge.
      const [pop, anchor] = [(await dialog.boundingBox())!, (await button.boundingBox())!];
      expect(Math.abs(pop.x + pop.width - (anchor.x + anchor.width)), 'right edges apart at 1280 px').toBeLessThan(1);
    }
    expect(await sidewaysScroll(page), `sideways scroll at ${width} px`).toBe(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('a sidebar row’s menu at the bottom of the window opens above its button, wholly in the window', async ({ page }) => {
  // Found in a QA pass as the heavy user: the menu of the last row on screen opened below the window's edge.
  await page.setViewportSize({ width: 1280, height: 520 });
  await signIn(page, 'alice@acme.test');
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  await expect(sidebar.getByRole('link', { name: /^Engineering/ })).toBeVisible();
  // The last conversation's menu button wholly in the window: the sidebar's list runs on past the window.
  const buttons = await sidebar.getByRole('button', { name: /^Actions for / }).all();
  let last: Locator | null = null;
  for (const button of buttons) if (await button.evaluate((b) => b.getBoundingClientRect().bottom <= window.innerHeight)) last = button;
  expect(last, 'a row menu in the window').not.toBeNull();
  const box = (await last!.boundingBox())!;
  expect(box.y + box.height, 'the row is at the bottom of the window').toBeGreaterThan(520 - 40);

  await last!.click();
  const menu = page.getByRole('menu', { name: (await last!.getAttribute('aria-label'))! });
  await expect(menu.getByRole('menuitem', { name: 'Move to folder…' })).toBeFocused();
  await expect(menu).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: /^Move .* to folder$/ })).toBeVisible();
});
