/**
 * Layout in Chromium at the window sizes people use: the header keeps every control in the window, clickable and
 * reached by Tab, down to 640 px. Found in a QA pass: at 800 px the header ran past the window's edge (Shortcuts
 * cut off).
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
