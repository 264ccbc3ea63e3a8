/**
 * Layout in Chromium at the window sizes people use: the header keeps every control in the window, clickable and
 * reached by Tab, down to 640 px; toasts never cover the composer (Send, Urgent, the text) or a thread's Reply.
 * Found in a QA pass: at 800 px the header ran past the window's edge (Shortcuts cut off), and the Plaza Bot's
 * "Welcome back" toast after every sign-in sat on Send for 5 s, taking the click.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { urgentDirectMessage } from './server-rest';
import { signIn } from './sign-in';

/** The header's controls, in the order Tab reaches them. */
async function headerControls(page: Page): Promise<Locator[]> {
  const header = page.getByRole('banner');
  return [header.getByRole('searchbox', { name: 'Search Plaza' }), header.getByRole('link', { name: 'People' }), ...(await header.getByRole('button').all())];
}

const nameOf = async (control: Locator): Promise<string> => (await control.getAttribute('aria-label')) ?? (await control.textContent()) ?? '?';

test('the header at 800 and 640 px: every control in the window, clickable, reached by Tab, not moved by the shortcut’s note', async ({ page, baseURL }) => {
  await signIn(page, 'dave@acme.test');
  // An alert waiting makes the Alerts button its widest ("Alerts 1").
  await urgentDirectMessage(baseURL!, 'bob@acme.test', 'dave@acme.test', 'Header width check');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Alerts, \d+ new$/ })).toBeVisible();
  const controls = await headerControls(page);
  expect(controls.length).toBeGreaterThanOrEqual(7); // search, People, the person's menu, status, Alerts, Settings, Shortcuts

  for (const width of [800, 640]) {
    await page.setViewportSize({ width, height: 720 });
    for (const control of controls) {
      const name = `${await nameOf(control)} at ${width} px`;
      await expect(control, name).toBeInViewport({ ratio: 1 });
      await control.click({ trial: true, timeout: 2_000 }); // nothing covers it
    }
    // By keyboard: from the search box, Tab goes through the rest in order, each wholly in the window.
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
  const controlsOf = async (form: Locator): Promise<Locator[]> => [...(await form.getByRole('textbox').all()), ...(await form.getByRole('checkbox').all()), ...(await form.getByRole('button').all())];
  // Nor the conversation's and the thread's headers (their buttons), just above where the toasts now show.
  const headers = [page.getByRole('button', { name: 'Search in conversation' }), page.getByRole('button', { name: 'Notifications', exact: true }), thread.getByRole('button', { name: 'Close thread' })];

  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 720 });
    await expectToastsClear(page, baseURL!, `thread open, ${width} px`, [...(await controlsOf(composer)), ...(await controlsOf(replyComposer)), ...headers]);
  }
  // At 640 px the thread is closed: beside a thread there the conversation's own Send is under the thread panel.
  await thread.getByRole('button', { name: 'Close thread' }).click();
  await expect(thread).toBeHidden();
  await page.setViewportSize({ width: 640, height: 720 });
  await expectToastsClear(page, baseURL!, '640 px', [...(await controlsOf(composer)), ...headers.slice(0, 2)]);
});
