/**
 * Threads, reactions and flags in two browsers against the real server:
 * Alice does something, Bob sees it live (flags are personal: Alice's other
 * device sees hers, Bob does not).
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { rest } from './server-rest';
import { signIn as signInAs } from './sign-in';

/** Contexts opened by a test, closed after it so no signed-in page lingers into the next spec. */
const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

async function signIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  // A render error blanks the page; name it instead of timing out on a missing element.
  page.on('pageerror', (e) => console.error(`page error at ${email}: ${e.message}`));
  await signInAs(page, email);
  return page;
}

async function openChannel(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function post(page: Page, text: string): Promise<void> {
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  await expect(messageIn(page, text)).toBeVisible();
}

const messageIn = (page: Page, text: string) => page.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: text });

test('threads: Bob replies in a thread, Alice sees the reply count and the reply live, and answers', async ({ browser }) => {
  const alice = await signIn(browser, 'alice@acme.test');
  const bob = await signIn(browser, 'bob@acme.test');
  await openChannel(alice, 'Design');
  await openChannel(bob, 'Design');
  const text = `Which icon set? ${Date.now()}`;
  await post(alice, text);
  await expect(messageIn(bob, text)).toBeVisible();

  await messageIn(bob, text).getByRole('button', { name: 'Reply in thread' }).click();
  await expect(bob).toHaveURL(/\/threads\//);
  const bobThread = bob.getByRole('complementary', { name: 'Thread' });
  await expect(bobThread.getByText(text)).toBeVisible();
  const reply = bobThread.getByRole('textbox', { name: 'Reply' });
  await reply.fill('The outlined one');
  await reply.press('Enter');
  await expect(bobThread.getByRole('log', { name: 'Replies' }).getByText('The outlined one')).toBeVisible();
  // The reply lives in the thread, not in the channel.
  await expect(bob.getByRole('log', { name: 'Messages' }).getByText('The outlined one')).toHaveCount(0);

  // Alice sees the count on her message live, and opens the thread from it.
  const summary = messageIn(alice, text).getByRole('button', { name: /^1 reply, last reply / });
  await expect(summary).toBeVisible();
  await summary.click();
  const aliceThread = alice.getByRole('complementary', { name: 'Thread' });
  await expect(aliceThread.getByRole('log', { name: 'Replies' }).getByText('The outlined one')).toBeVisible();
  await aliceThread.getByRole('textbox', { name: 'Reply' }).fill('Agreed, outlined it is');
  await aliceThread.getByRole('textbox', { name: 'Reply' }).press('Enter');
  await expect(aliceThread.getByRole('log', { name: 'Replies' }).getByText('Agreed, outlined it is')).toBeVisible();
  await expect(bobThread.getByRole('log', { name: 'Replies' }).getByText('Agreed, outlined it is')).toBeVisible();
  await expect(messageIn(bob, text).getByRole('button', { name: /^2 replies/ })).toBeVisible();

  // Bob deletes his reply (with a confirm step); both threads and counts follow.
  const bobReply = bobThread.getByRole('article').filter({ hasText: 'The outlined one' });
  await bobReply.getByRole('button', { name: 'Delete message' }).click();
  await bobReply.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(aliceThread.getByText('The outlined one')).toHaveCount(0);
  await expect(messageIn(alice, text).getByRole('button', { name: /^1 reply/ })).toBeVisible();
  await aliceThread.getByRole('button', { name: 'Close thread' }).click();
  await expect(aliceThread).toHaveCount(0);
});

test('reactions: Bob reacts from the picker, Alice sees who reacted and joins, Bob takes his back', async ({ browser }) => {
  const alice = await signIn(browser, 'alice@acme.test');
  const bob = await signIn(browser, 'bob@acme.test');
  await openChannel(alice, 'Design');
  await openChannel(bob, 'Design');
  const text = `Shipped the new onboarding ${Date.now()}`;
  await post(alice, text);

  await messageIn(bob, text).getByRole('button', { name: 'Add reaction' }).click();
  const picker = bob.getByRole('dialog', { name: 'Add reaction' });
  await picker.getByLabel('Search emoji').fill(':tada');
  await picker.getByLabel('Search emoji').press('ArrowDown');
  await expect(picker.getByRole('button', { name: 'party popper :tada:' })).toBeFocused();
  await bob.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(messageIn(bob, text).getByRole('button', { name: 'party popper, 1 reaction by you' })).toHaveAttribute('aria-pressed', 'true');

  const chipAtAlice = messageIn(alice, text).getByRole('button', { name: 'party popper, 1 reaction by Bob Brown' });
  await expect(chipAtAlice).toHaveAttribute('aria-pressed', 'false');
  await chipAtAlice.click();
  await expect(messageIn(bob, text).getByRole('button', { name: 'party popper, 2 reactions by you and Alice Anders' })).toBeVisible();

  await messageIn(bob, text).getByRole('button', { name: /^party popper, 2 reactions/ }).click();
  await expect(messageIn(alice, text).getByRole('button', { name: 'party popper, 1 reaction by you' })).toBeVisible();

  // The picker's Recent list now starts with it.
  await messageIn(bob, text).getByRole('button', { name: 'Add reaction' }).click();
  await expect(bob.getByRole('dialog', { name: 'Add reaction' }).getByRole('grid', { name: 'Recent' }).getByRole('button').first()).toHaveText('🎉');
  await bob.keyboard.press('Escape');
});

test('flags: Alice flags a message red, her other browser and the Flagged view show it, Bob does not', async ({ browser }) => {
  const alice = await signIn(browser, 'alice@acme.test');
  const aliceAgain = await signIn(browser, 'alice@acme.test');
  const bob = await signIn(browser, 'bob@acme.test');
  for (const page of [alice, aliceAgain, bob]) await openChannel(page, 'Design');
  const text = `Remember to review the tokens ${Date.now()}`;
  await post(bob, text);
  await expect(messageIn(alice, text)).toBeVisible();

  await messageIn(alice, text).getByRole('button', { name: 'Flag message' }).click();
  const menu = alice.getByRole('menu', { name: 'Flag colour' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(12);
  // The newest message's menu is whole in the window (above its button): inside the message the message list cut it
  // off after its first colour.
  await expect(menu).toBeInViewport({ ratio: 1 });
  await menu.getByRole('menuitemradio', { name: 'Red', exact: true }).click();
  await expect(messageIn(alice, text).getByRole('img', { name: 'Flagged red' })).toBeVisible();
  await expect(messageIn(aliceAgain, text).getByRole('img', { name: 'Flagged red' })).toBeVisible();
  await expect(messageIn(bob, text).getByRole('img', { name: /^Flagged/ })).toHaveCount(0);

  await aliceAgain.getByRole('link', { name: 'Flagged messages' }).click();
  await expect(aliceAgain.getByRole('heading', { level: 1, name: 'Flagged messages' })).toBeVisible();
  const flagged = aliceAgain.getByRole('list', { name: 'Flagged messages' });
  await expect(flagged.getByRole('article').filter({ hasText: text })).toBeVisible();

  // Unflag in the first browser: it leaves the list in the other.
  await messageIn(alice, text).getByRole('button', { name: 'Change flag' }).click();
  await alice.getByRole('menu', { name: 'Flag colour' }).getByRole('menuitem', { name: 'Remove flag' }).click();
  await expect(flagged.getByRole('article').filter({ hasText: text })).toHaveCount(0);
});

test('urgent messages and the New messages divider', async ({ browser }) => {
  const carol = await signIn(browser, 'carol@acme.test');
  const dave = await signIn(browser, 'dave@acme.test');
  await openChannel(carol, 'Engineering');
  await openChannel(dave, 'Acme');
  const text = `Deploy freeze now ${Date.now()}`;
  await carol.getByRole('checkbox', { name: 'Urgent' }).check();
  await post(carol, text);
  await expect(carol.getByRole('checkbox', { name: 'Urgent' })).not.toBeChecked();
  await expect(messageIn(carol, text)).toHaveAttribute('aria-label', /^Urgent: Carol Chen, /);

  // Dave was elsewhere: opening Engineering shows where the new messages start.
  await openChannel(dave, 'Engineering');
  await expect(dave.getByRole('separator', { name: 'New messages' })).toBeVisible();
  // The divider is on screen: there is nothing to jump to.
  await expect(dave.getByRole('button', { name: /^Jump to first unread/ })).toHaveCount(0);
  await expect(messageIn(dave, text).getByText('Urgent', { exact: true })).toBeVisible();
});

test('"Jump to first unread" reaches the first of more unread messages than the first page holds', async ({ browser, baseURL }) => {
  const api = (path: string, body: unknown, session?: { login_guid: string; auth_token: string }) => rest(baseURL!, `/secure/data/confirmed/corporate/${path}`, body, session);
  const bob = await rest(baseURL!, '/data/login', { email: 'bob@acme.test', password: 'plaza-demo' });
  const aliceGuid = (await rest(baseURL!, '/data/login', { email: 'alice@acme.test', password: 'plaza-demo' })).user.target_user_guid;
  // A team of its own (the record-replay test compares Carol's Design and sidebar, live and replayed), where Bob
  // posts 120 before Alice signs in: more than the two newest pages (50 each) hold.
  const run = Date.now();
  const team = await api('teams/create', { name: `Catch-up ${run}`, members: [{ target_user_guid: aliceGuid, member_type: 0 }] }, bob);
  for (let i = 1; i <= 120; i++) {
    await api('messages/post', { address: team.address, json: JSON.stringify([{ type: 'text', text: `catch-up ${run} #${i}` }]), is_urgent: false }, bob);
  }

  const alice = await signIn(browser, 'alice@acme.test');
  await openChannel(alice, `Catch-up ${run}`);
  await alice.getByRole('button', { name: 'Jump to first unread (120 new)' }).click();
  // Not the oldest message of the newest page (#71): the older pages are loaded, and the view goes to #1.
  await expect(alice.getByRole('log', { name: 'Messages' }).getByText(`catch-up ${run} #1`, { exact: true })).toBeInViewport();
  await expect(alice.getByRole('separator', { name: 'New messages' })).toBeInViewport();
});

test('with a thread open, a team admin’s conversation header stays beside the thread, not under it', async ({ browser }) => {
  const bob = await signIn(browser, 'bob@acme.test'); // Engineering's admin: Members, Team settings, Leave, Search, Notifications
  await openChannel(bob, 'Engineering');
  await messageIn(bob, 'Release checklist for 2.3').getByRole('button', { name: /^\d+ repl/ }).click();
  const thread = bob.getByRole('complementary', { name: 'Thread' });
  await expect(thread.getByRole('button', { name: 'Close thread' })).toBeVisible();
  for (const width of [1280, 1024]) {
    await bob.setViewportSize({ width, height: 720 });
    const panelLeft = (await thread.boundingBox())!.x;
    const header = bob.locator('.conversation-header');
    for (const button of await header.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, `${await button.textContent()} at ${width} px`).toBeLessThanOrEqual(panelLeft);
    }
    // And nothing covers the thread's own controls.
    await thread.getByRole('button', { name: 'Close thread' }).click({ trial: true });
  }
});
