/**
 * Teams, blocking and folders in real browsers against the local server:
 * Bob asks to join "Product Council" and Alice approves from her Alerts panel;
 * Alice blocks Gina (Globex) from Acme and Gina loses Acme's channels, then is
 * reinstated and told to refresh; Carol keeps Design in a folder whose unread
 * total follows new messages.
 */
import { expect, test, type Page } from '@playwright/test';
import { PERSIST_DELAY_MS } from '../../core-worker/event-log';
import { signInNewPage } from './sign-in';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

test('a join request approved by an admin: Bob asks, Alice approves in her Alerts panel, Bob sees the team appear', async ({ browser }) => {
  const bob = await signInNewPage(browser, 'bob@acme.test');
  const alice = await signInNewPage(browser, 'alice@acme.test');
  await expect(sidebar(bob).getByRole('link', { name: /^Product Council/ })).toHaveCount(0);

  await sidebar(bob).getByRole('button', { name: 'Browse teams' }).click();
  await expect(bob.getByRole('heading', { level: 1, name: 'Browse teams' })).toBeVisible();
  const council = bob.getByRole('listitem', { name: 'Product Council' });
  await council.getByRole('button', { name: 'Ask to join' }).click();
  await expect(council.getByText('Request sent')).toBeVisible();
  await expect(council.getByRole('button', { name: 'Cancel request' })).toBeVisible();

  // Alice gets the request live (a toast) and answers it from the Alerts panel.
  await alice.getByRole('button', { name: /^Alerts/ }).click();
  const request = alice.getByRole('dialog', { name: 'Alerts' }).getByRole('listitem', { name: 'Request to join team: Bob Brown asks to join Product Council.' });
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(request.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // Bob sees the team appear in his sidebar and in the directory, and can open it.
  const link = sidebar(bob).getByRole('link', { name: /^Product Council/ });
  await expect(link).toBeVisible();
  await expect(council.getByRole('button', { name: 'Open' })).toBeVisible();
  await link.click();
  await expect(bob.getByRole('heading', { level: 1, name: 'Product Council' })).toBeVisible();
  await expect(bob.getByRole('log').getByText('Ask to join if you want a seat at the table', { exact: false })).toBeVisible();
  await expect(bob.getByRole('status').filter({ hasText: 'Your request to join Product Council was approved.' })).toBeVisible();
});

test('blocking: Gina loses every Acme channel and is told; reinstated, she is told to refresh and gets them back', async ({ browser }) => {
  const gina = await signInNewPage(browser, 'gina@globex.test');
  const alice = await signInNewPage(browser, 'alice@acme.test');
  await expect(sidebar(gina).getByRole('link', { name: /^Launch Partners/ })).toBeVisible();
  await expect(sidebar(gina).getByRole('link', { name: /^Alice Anders/ })).toBeVisible();
  await expect(sidebar(gina).getByRole('link', { name: /^Globex/ })).toBeVisible();
  await sidebar(gina).getByRole('link', { name: /^Launch Partners/ }).click();

  // Alice, a company admin, blocks Gina from the members panel of the shared channel.
  await sidebar(alice).getByRole('link', { name: /^Launch Partners/ }).click();
  await alice.getByRole('button', { name: 'Members' }).click();
  const panel = alice.getByRole('dialog', { name: 'Members of Launch Partners' });
  const ginaItem = panel.getByRole('listitem', { name: 'Gina Garcia' });
  await expect(ginaItem).toContainText('external · Globex');
  await ginaItem.getByRole('button', { name: 'Block Gina Garcia from your company' }).click();
  await ginaItem.getByRole('group', { name: 'Block Gina Garcia?' }).getByRole('button', { name: 'Block' }).click();
  await expect(ginaItem).toContainText('blocked');

  // Gina's Acme channels go; her own company's stay; she sees why.
  await expect(sidebar(gina).getByRole('link', { name: /^Launch Partners/ })).toHaveCount(0);
  await expect(sidebar(gina).getByRole('link', { name: /^Alice Anders/ })).toHaveCount(0);
  await expect(sidebar(gina).getByRole('link', { name: /^Globex/ })).toBeVisible();
  await expect(gina.getByRole('status').filter({ hasText: 'You have been blocked from company Acme' })).toBeVisible();
  await expect(gina.getByText('This conversation is no longer available to you.')).toBeVisible();
  // Alice hears the channel no longer has external members.
  await expect(alice.getByRole('status').filter({ hasText: 'Channel Launch Partners no longer contains external members.' })).toBeVisible();

  // Alice sees Gina as blocked wherever her status shows: their direct message's row and header.
  await panel.getByRole('button', { name: 'Close' }).click();
  const dm = sidebar(alice).getByRole('link', { name: 'Gina Garcia Blocked' });
  await expect(dm).toBeVisible();
  await dm.click();
  await expect(alice.getByRole('heading', { level: 1, name: 'Gina Garcia' })).toBeVisible();
  await expect(alice.getByRole('region', { name: 'Gina Garcia' }).getByText('Blocked', { exact: true })).toBeVisible();
  await alice.reload();
  await expect(sidebar(alice).getByRole('link', { name: 'Gina Garcia Blocked' })).toBeVisible();
  // Blocked users are excluded from contacts (spec 2 §5): not in the directory (her card, opened before, says so: People.test.tsx).
  await alice.getByRole('link', { name: 'People' }).click();
  await expect(alice.getByRole('list', { name: 'Directory' }).getByRole('button', { name: /Bob Brown/ })).toBeVisible();
  await expect(alice.getByRole('list', { name: 'Directory' }).getByRole('button', { name: /Gina Garcia/ })).toHaveCount(0);
  await sidebar(alice).getByRole('link', { name: /^Launch Partners/ }).click();
  await alice.getByRole('button', { name: 'Members', exact: true }).click();

  // Reinstated: Gina is told to refresh, and after refreshing has her channels back.
  await ginaItem.getByRole('button', { name: 'Reinstate Gina Garcia' }).click();
  await gina.getByRole('button', { name: /^Alerts/ }).click();
  const restored = gina.getByRole('dialog', { name: 'Alerts' }).getByRole('listitem', { name: /^Access restored: Your access to Acme was restored/ });
  await restored.getByRole('button', { name: 'Refresh' }).click();
  await expect(sidebar(gina).getByRole('link', { name: /^Launch Partners/ })).toBeVisible();
  await expect(sidebar(gina).getByRole('link', { name: /^Alice Anders/ })).toBeVisible();
  // And Alice no longer sees her blocked.
  await expect(sidebar(alice).getByRole('link', { name: 'Gina Garcia', exact: true })).toBeVisible();
});

test('folders: create one, move a channel in from its menu, and see the unread total', async ({ browser }) => {
  const carol = await signInNewPage(browser, 'carol@acme.test');
  const alice = await signInNewPage(browser, 'alice@acme.test');

  await sidebar(carol).getByRole('button', { name: 'New folder' }).click();
  const create = carol.getByRole('dialog', { name: 'New folder' });
  await create.getByLabel('Folder name').fill('Focus');
  await create.getByRole('button', { name: 'Create' }).click();
  const folder = sidebar(carol).getByRole('button', { name: /^Focus/ });
  await expect(folder).toHaveAttribute('aria-expanded', 'true');

  await sidebar(carol).getByRole('button', { name: 'Actions for Design' }).click();
  await carol.getByRole('menuitem', { name: 'Move to folder…' }).click();
  const move = carol.getByRole('dialog', { name: 'Move Design to folder' });
  await move.getByRole('radio', { name: 'Focus' }).check();
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(move).toHaveCount(0);

  // Design now shows under Focus (right after the folder row). Carol reads it first — what earlier specs left unread
  // there is not this test's business — then looks elsewhere while Alice writes.
  await sidebar(carol).getByRole('link', { name: /^Design/ }).click();
  await expect(sidebar(carol).getByRole('button', { name: 'Focus', exact: true })).toBeVisible();
  await sidebar(carol).getByRole('link', { name: /^Acme/ }).click();
  await sidebar(alice).getByRole('link', { name: /^Design/ }).click();
  const composer = alice.getByRole('textbox', { name: 'Message' });
  await composer.fill(`Folder check ${Date.now()}`);
  await composer.press('Enter');
  await expect(sidebar(carol).getByRole('button', { name: 'Focus 1 unread' })).toBeVisible();
  await expect(sidebar(carol).getByRole('link', { name: 'Design 1 unread' })).toBeVisible();

  // Collapsed, the folder still shows the total; reading Design clears it.
  await folder.click();
  await expect(sidebar(carol).getByRole('link', { name: /^Design/ })).toHaveCount(0);
  await expect(sidebar(carol).getByRole('button', { name: 'Focus 1 unread' })).toBeVisible();
  await folder.press('ArrowRight');
  await sidebar(carol).getByRole('link', { name: /^Design/ }).click();
  await expect(sidebar(carol).getByRole('button', { name: 'Focus', exact: true })).toBeVisible();

  // After a reload the folder and its channel are still there.
  await carol.reload();
  await expect(sidebar(carol).getByRole('button', { name: 'Focus', exact: true })).toBeVisible();
  await expect(sidebar(carol).getByRole('link', { name: /^Design/ })).toBeVisible();
});

test('folders: one collapsed stays collapsed after a reload, and expanded stays expanded, even reloaded at once', async ({ browser }) => {
  let carol = await signInNewPage(browser, 'carol@acme.test');
  const folderMenu = async (name: string, item: string) => {
    await sidebar(carol).getByRole('button', { name: `Folder actions for ${name}` }).click();
    await carol.getByRole('menuitem', { name: item }).click();
  };
  await sidebar(carol).getByRole('button', { name: 'New folder' }).click();
  await carol.getByRole('dialog', { name: 'New folder' }).getByLabel('Folder name').fill('Later');
  await carol.getByRole('dialog', { name: 'New folder' }).getByRole('button', { name: 'Create' }).click();
  await folderMenu('Later', 'New subfolder…');
  await carol.getByRole('dialog', { name: 'New folder in Later' }).getByLabel('Folder name').fill('Inside');
  await carol.getByRole('dialog', { name: 'New folder in Later' }).getByRole('button', { name: 'Create' }).click();
  let later = sidebar(carol).getByRole('button', { name: 'Later', exact: true });
  let inside = sidebar(carol).getByRole('button', { name: 'Inside', exact: true });
  await expect(inside).toBeVisible();

  // At the log's own pace: it is written in batches PERSIST_DELAY_MS apart.
  await later.click();
  await expect(later).toHaveAttribute('aria-expanded', 'false');
  await expect(inside).toHaveCount(0);
  await carol.waitForTimeout(PERSIST_DELAY_MS * 4);
  await carol.reload();
  await expect(sidebar(carol).getByRole('link', { name: /^Acme/ })).toBeVisible();
  await expect(later).toHaveAttribute('aria-expanded', 'false');
  await expect(inside).toHaveCount(0);

  // And reloaded at once: the page's end stores the pending batch (ui/client/page-end.ts). The collapse lives only in
  // the log, and went with a page gone before its batch was due. The click and the reload are made in one task, as
  // close as a test gets: Playwright's click and then reload() leave the worker a round trip, often more than the
  // batch's 50 ms. Even so the loss depends on how fast the navigation is (without the fix a probe lost 2 of 4 such
  // reloads and 1 of 3 closed tabs, and this test passed twice): tests/core/sidebar.test.ts is the deterministic check.
  //
  // Each click waits for the core to be live (the header's Online): after a reload the page shows the stored sidebar
  // before the worker's core has booted, and a click made then waits in the worker for the boot — a reload in the
  // same task ends the worker first, and the click with it (seen once on a slow machine, 2026-11-28). That window is
  // a cold start's first few hundred ms; the test is about the log's pending batch, not about it.
  for (const expanded of ['true', 'false', 'true', 'false']) {
    await expect(carol.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
    await later.evaluate((button) => {
      (button as HTMLButtonElement).click();
      location.reload();
    });
    await expect(sidebar(carol).getByRole('link', { name: /^Acme/ })).toBeVisible();
    await expect(later).toHaveAttribute('aria-expanded', expanded);
    await expect(inside).toHaveCount(expanded === 'true' ? 1 : 0);
  }

  // Or the tab closed at once: the next tab shows it as left.
  await later.click();
  await carol.close();
  carol = await carol.context().newPage();
  later = sidebar(carol).getByRole('button', { name: 'Later', exact: true });
  inside = sidebar(carol).getByRole('button', { name: 'Inside', exact: true });
  await carol.goto('/');
  await expect(sidebar(carol).getByRole('link', { name: /^Acme/ })).toBeVisible();
  await expect(later).toHaveAttribute('aria-expanded', 'true');
  await expect(inside).toBeVisible();

  // Carol's sidebar as it was, for the tests after this one.
  for (const name of ['Later', 'Inside']) {
    await folderMenu(name, 'Delete…');
    await carol.getByRole('dialog', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete folder' }).click();
    await expect(sidebar(carol).getByRole('button', { name, exact: true })).toHaveCount(0);
  }
});
