/**
 * A person blocked from the company, as the company's people meet them: left out of the people to contact
 * (New message, the People directory, @-mentions, the quick switcher) while their direct message stays listed
 * and readable; that conversation's composer says why nothing can be sent there and keeps what was typed,
 * which comes back when the person is reinstated; a post racing the block is refused, saying why.
 */
import { expect, test, type Page } from '@playwright/test';
import { rest, signInRest } from './server-rest';
import { signInNewPage } from './sign-in';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });
const BLOCK = '/secure/data/confirmed/corporate/company/block_user';
const REASON = "You can't send messages to Gina Garcia: they are blocked from your company.";

test('blocked: out of the people to contact, her conversation kept; its composer says why and keeps the draft; a post racing the block is refused', async ({ browser, baseURL }) => {
  const gina = await signInNewPage(browser, 'gina@globex.test');
  const alice = await signInNewPage(browser, 'alice@acme.test');
  const admin = await signInRest(baseURL!, 'alice@acme.test');
  const ginaGuid = (await signInRest(baseURL!, 'gina@globex.test')).user.target_user_guid;
  const stamp = Date.now();

  // Before: New message offers her.
  await sidebar(alice).getByRole('button', { name: 'New message' }).click();
  const start = alice.getByRole('dialog', { name: 'Start a direct message' });
  await start.getByRole('searchbox', { name: 'Search people' }).fill('gina');
  await expect(start.getByRole('button', { name: /Gina Garcia/ })).toBeVisible();
  await start.getByRole('button', { name: 'Cancel' }).click();

  // Alice starts writing to her; Acme blocks her before it is sent.
  await sidebar(alice).getByRole('link', { name: /^Gina Garcia/ }).click();
  const composer = alice.getByRole('textbox', { name: 'Message' });
  const draft = `Draft before the block ${stamp}`;
  await composer.fill(draft);
  await rest(baseURL!, BLOCK, { target_user_guid: ginaGuid, is_blocked: true }, admin);

  // The composer says why, and keeps what was typed.
  await expect(sidebar(alice).getByRole('link', { name: 'Gina Garcia Blocked' })).toBeVisible();
  await expect(composer).toBeDisabled();
  await expect(composer).toHaveValue(draft);
  await expect(composer).toHaveAccessibleDescription(REASON);
  await expect(alice.getByText(REASON)).toBeVisible();
  // The conversation stays readable.
  await expect(alice.getByRole('log').getByText('Hi Alice, quick question about the launch budget.')).toBeVisible();

  // Not offered as someone to contact: New message, the directory, @-mentions, the quick switcher (only her conversation).
  await sidebar(alice).getByRole('button', { name: 'New message' }).click();
  await start.getByRole('searchbox', { name: 'Search people' }).fill('gina');
  await expect(start.getByText('No people match “gina”.')).toBeVisible();
  await start.getByRole('button', { name: 'Cancel' }).click();
  await alice.getByRole('link', { name: 'People' }).click();
  const directory = alice.getByRole('list', { name: 'Directory' });
  await expect(directory.getByRole('button', { name: /Bob Brown/ })).toBeVisible();
  await expect(directory.getByRole('button', { name: /Gina Garcia/ })).toHaveCount(0);
  await sidebar(alice).getByRole('link', { name: /^Design/ }).click();
  await composer.fill('@Gi');
  await expect(alice.getByRole('listbox', { name: 'People to mention' })).toHaveCount(0);
  await composer.fill('');
  await alice.keyboard.press('Control+k');
  await alice.keyboard.press('k');
  const switcher = alice.getByRole('dialog', { name: 'Jump to a conversation or person' });
  await switcher.getByRole('combobox').fill('gina');
  await expect(switcher.getByRole('option', { name: /Gina Garcia.*Direct messages/ })).toBeVisible();
  await expect(switcher.getByRole('option', { name: /Gina Garcia.*Person/ })).toHaveCount(0);
  await alice.keyboard.press('Escape');

  // Reinstated: the draft is there to send, and she gets it.
  await rest(baseURL!, BLOCK, { target_user_guid: ginaGuid, is_blocked: false }, admin);
  await sidebar(alice).getByRole('link', { name: 'Gina Garcia', exact: true }).click();
  await expect(composer).toBeEnabled();
  await expect(composer).toHaveValue(draft);
  await composer.press('Enter');
  await expect(alice.getByRole('log').getByText(draft, { exact: true })).toBeVisible();
  await gina.reload();
  await sidebar(gina).getByRole('link', { name: /^Alice Anders/ }).click();
  await expect(gina.getByRole('log').getByText(draft, { exact: true })).toBeVisible();

  // A post racing the block (written while Alice's browser had not heard of it) is refused, saying why.
  const racing = `Racing the block ${stamp}`;
  await alice.context().setOffline(true);
  await composer.fill(racing);
  await composer.press('Enter');
  await expect(alice.getByRole('log').getByText(racing, { exact: true })).toBeVisible();
  await rest(baseURL!, BLOCK, { target_user_guid: ginaGuid, is_blocked: true }, admin);
  await alice.context().setOffline(false);
  const failed = alice.getByRole('group', { name: 'Message not sent' });
  await expect(failed.getByRole('alert')).toHaveText(`Not sent: ${REASON}`, { timeout: 20_000 });
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(composer).toBeDisabled();

  // Tidy up: reinstated, for the other tests.
  await rest(baseURL!, BLOCK, { target_user_guid: ginaGuid, is_blocked: false }, admin);
  await expect(sidebar(alice).getByRole('link', { name: 'Gina Garcia', exact: true })).toBeVisible();
  await expect(gina.getByRole('log').getByText(racing, { exact: true })).toHaveCount(0);
});
