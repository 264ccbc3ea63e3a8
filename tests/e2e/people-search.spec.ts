/**
 * People and search in Chromium against the local server: search a term,
 * open a hit that lies beyond the loaded page — the conversation scrolls to
 * it and highlights it; a custom status one user picks shows live to
 * another; a connect link between two companies becomes a connection; the
 * welcome bot greets and answers.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './sign-in';

/** Signs in over the API and posts messages into a channel (fast setup, not what is tested). */
async function postAs(request: APIRequestContext, email: string, channelName: string, texts: string[]): Promise<void> {
  const login = await (await request.post('/data/login', { data: { email, password: 'plaza-demo' } })).json();
  const headers = { 'x-login-guid': login.login_guid, 'x-auth-token': login.auth_token };
  const list = await (await request.post('/secure/data/confirmed/corporate/channels/list', { data: {}, headers })).json();
  const channel = list.channels.find((c: { name: string }) => c.name === channelName);
  for (const text of texts) {
    const res = await request.post('/secure/data/confirmed/corporate/messages/post', {
      data: { address: channel.address, json: JSON.stringify([{ type: 'text', text }]), is_urgent: false },
      headers,
    });
    expect(res.status()).toBe(200);
  }
}

test('search a term, open a hit beyond the loaded page: the conversation scrolls to it and highlights it', async ({ page, request }) => {
  const needle = `zephyr${Date.now()}`;
  await postAs(request, 'dave@acme.test', 'Engineering', [`The ${needle} rollout starts on Monday.`, ...Array.from({ length: 70 }, (_, i) => `status update ${i}`)]);

  await signIn(page, 'carol@acme.test');
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Engineering/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('status update 69')).toBeVisible();
  // The hit is older than the newest page: not loaded yet.
  await expect(log.getByText(needle, { exact: false })).toHaveCount(0);

  await page.getByRole('button', { name: 'Search in conversation' }).click();
  const form = page.getByRole('search', { name: 'Search this conversation' });
  await form.getByLabel('Search for').fill(needle.slice(0, 10)); // a prefix finds it
  await form.getByRole('button', { name: 'Search', exact: true }).click();
  const results = page.getByRole('list', { name: 'Search results' });
  const hit = results.getByRole('button', { name: new RegExp(needle) });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText(needle.slice(0, 10));
  await hit.click();

  await expect(page.getByText('Showing messages around a search result.')).toBeVisible();
  const article = log.getByRole('article').filter({ hasText: needle });
  await expect(article).toHaveAttribute('aria-current', 'true');
  await expect(article).toBeInViewport();
  await expect(article).toHaveCSS('background-color', 'rgb(255, 247, 214)');

  // Back to the newest messages.
  await page.getByRole('button', { name: 'Jump to latest messages' }).click();
  await expect(page.getByText('Showing messages around a search result.')).toHaveCount(0);
  await expect(log.getByText('status update 69')).toBeInViewport();

  // Global search from the header finds it too, with its conversation.
  await page.getByRole('searchbox', { name: 'Search Plaza' }).fill(needle);
  await page.getByRole('searchbox', { name: 'Search Plaza' }).press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  const messages = page.getByRole('region', { name: /^Messages/ });
  await expect(messages.getByRole('button', { name: new RegExp(`in Engineering.*${needle}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meetings' }).getByText('Meetings are not in Plaza yet.')).toBeVisible();
  // By keyboard, as from the search box: the hit's button goes with the search page.
  await messages.getByRole('button', { name: new RegExp(needle) }).press('Enter');
  await expect(page.getByRole('heading', { name: 'Engineering' })).toBeVisible();
  await expect(log.getByRole('article').filter({ hasText: needle })).toHaveAttribute('aria-current', 'true');
  // The keyboard is on the hit: not left on the document (where Tab would start again from the page's top), nor
  // taken by the field of the conversation's search panel, still open from above and shown again with it.
  await expect(log.getByRole('article').filter({ hasText: needle })).toBeFocused();
});

test('a custom status Alice picks shows live next to her name for Bob', async ({ browser }) => {
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@acme.test');
  await signIn(bob, 'bob@acme.test');

  await bob.getByRole('link', { name: 'People' }).click();
  const directory = bob.getByRole('list', { name: 'Directory' });
  const aliceRow = directory.getByRole('button', { name: /Alice Anders/ });
  await expect(aliceRow).toBeVisible();
  await expect(aliceRow).not.toContainText('In a meeting');

  await alice.getByRole('button', { name: /Your status/ }).click();
  const dialog = alice.getByRole('dialog', { name: 'Set your status' });
  // The radio follows the worker: checked once the server has the status.
  await dialog.getByRole('radio', { name: /In a meeting/ }).click();
  await expect(dialog.getByRole('radio', { name: /In a meeting/ })).toBeChecked();
  await expect(alice.getByRole('button', { name: 'Your status: In a meeting' })).toBeVisible();

  await expect(aliceRow).toContainText('In a meeting');
  // And in their direct message's header.
  await bob.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Alice Anders/ }).click();
  const dm = bob.getByRole('region', { name: 'Alice Anders' });
  await expect(dm.getByRole('heading', { name: 'Alice Anders' })).toBeVisible();
  await expect(dm.getByText('In a meeting')).toBeVisible();

  await dialog.getByRole('radio', { name: /Automatic/ }).click();
  await expect(dialog.getByRole('radio', { name: /Automatic/ })).toBeChecked();
  await expect(alice.getByRole('button', { name: /Your status: (Active|Idle)/ })).toBeVisible();
  await expect(dm.getByText('In a meeting')).toHaveCount(0);
  await expect(dm.getByText(/^(Active|Idle)$/)).toBeVisible();
});

test('a connect link used by someone of another company becomes a connection once accepted', async ({ browser }) => {
  const alice = await (await browser.newContext()).newPage();
  const grace = await (await browser.newContext()).newPage();
  await signIn(alice, 'alice@acme.test');
  await signIn(grace, 'grace@globex.test');

  await alice.getByRole('link', { name: 'People' }).click();
  await alice.getByRole('form', { name: 'Create a connect link' }).getByRole('button', { name: 'Create link' }).click();
  const link = alice.getByRole('list', { name: 'Your connect links' }).getByRole('textbox').first();
  await expect(link).toHaveValue(/\/connect\//);
  const url = await link.inputValue();

  await grace.goto(new URL(url).pathname);
  await grace.getByRole('form', { name: 'Use a connect link' }).getByRole('button', { name: 'Connect' }).click();
  await expect(grace.getByRole('region', { name: 'Notifications' })).toContainText('Your connection request has been sent. Please wait for approval from the user receiving the request.');
  // The field, emptied, keeps the keyboard (Connect, disabled while it is empty, would drop it on the document).
  await expect(grace.getByRole('form', { name: 'Use a connect link' }).getByLabel('Connect link')).toBeFocused();

  const requests = alice.getByRole('list', { name: 'Connection requests' });
  await expect(requests).toContainText('Grace Green');
  await requests.getByRole('button', { name: 'Accept Grace Green' }).click();
  await expect(alice.getByRole('heading', { name: 'Grace Green' })).toBeVisible();
  // Accepted, the conversation with Grace opens with the keyboard in its composer, as from "New message".
  await expect(alice.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(grace.getByRole('region', { name: 'Notifications' })).toContainText('Alice Anders has connected with you!');
  await expect(grace.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Alice Anders/ })).toBeVisible();
});

test('the welcome bot greets on sign-in, typing first, and answers a choice', async ({ page }) => {
  await signIn(page, 'dave@acme.test');
  await page.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: /Plaza Bot/ }).click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(page.getByText('Plaza Bot is typing…')).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText(/Welcome back, Dave!/).last()).toBeVisible({ timeout: 15_000 });
  await log.getByRole('button', { name: 'Topics' }).last().click();
  await expect(log.getByText('Ask me about any of these, or type a word such as "channels":').last()).toBeVisible({ timeout: 15_000 });
  await log.getByRole('button', { name: 'Video' }).last().click();
  await expect(log.getByText("Video calls aren't in Plaza yet.", { exact: false }).last()).toBeVisible({ timeout: 15_000 });
});
