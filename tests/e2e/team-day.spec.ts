/**
 * A team's ordinary day in Chromium, three people signed in at once, for where the keyboard lands after each
 * step: Alice creates a team (the keyboard in its composer, to write at once), adds Carol and Dave, removes
 * Dave while he types there (the keyboard on the notice saying why, his text kept); Carol leaves it (the
 * keyboard on the page she lands on, not the document); Alice finds a message through global search (the keyboard
 * on the hit), writes something far too long (refused, kept, said why), and deletes the team.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInNewPage } from './sign-in';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Conversations' });

test('a team from creation to deletion: the keyboard lands where the next step is, and an over-long message is kept', async ({ browser }) => {
  // Two sign-ins and a dozen server round trips on a loaded two-core machine.
  test.setTimeout(120_000);
  const alice = await signInNewPage(browser, 'alice@acme.test');
  const carol = await signInNewPage(browser, 'carol@acme.test');
  const dave = await signInNewPage(browser, 'dave@acme.test');
  const team = `Day team ${Date.now()}`;

  // Alice creates the team: the keyboard is in its composer, so she types its first message straight away.
  await sidebar(alice).getByRole('button', { name: 'New team' }).click();
  const create = alice.getByRole('dialog', { name: 'New team' });
  await create.getByLabel('Name').fill(team);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(alice.getByRole('heading', { level: 1, name: team })).toBeVisible();
  const composer = alice.getByRole('textbox', { name: 'Message' });
  await expect(composer).toBeFocused();
  const plan = `Plan for the day ${Date.now()}`;
  await alice.keyboard.type(plan);
  await alice.keyboard.press('Enter');
  await expect(alice.getByRole('log').getByText(plan)).toBeVisible();

  // She adds Carol, who opens the team and leaves it: the keyboard goes to the page she lands on.
  await alice.getByRole('button', { name: 'Members', exact: true }).click();
  const members = alice.getByRole('dialog', { name: `Members of ${team}` });
  await members.getByLabel('Find a colleague').fill('Carol');
  await members.getByRole('button', { name: 'Add Carol Chen' }).click();
  await expect(members.getByRole('listitem', { name: 'Carol Chen' })).toBeVisible();
  await members.getByLabel('Find a colleague').fill('Dave');
  await members.getByRole('button', { name: 'Add Dave Diaz' }).click();
  await expect(members.getByRole('listitem', { name: 'Dave Diaz' })).toBeVisible();

  // Dave is typing in the team when Alice removes him: the keyboard goes to the notice saying why, and what
  // he typed is still there to copy.
  await sidebar(dave).getByRole('link', { name: new RegExp(`^${team}`) }).click();
  const daveComposer = dave.getByRole('textbox', { name: 'Message' });
  await daveComposer.fill('An idea I had not sent yet');
  await expect(daveComposer).toBeFocused();
  await members.getByRole('button', { name: 'Remove Dave Diaz' }).click();
  await expect(members.getByRole('listitem', { name: 'Dave Diaz' })).toHaveCount(0);
  await expect(dave.getByText('This conversation is no longer available to you.')).toBeFocused();
  await expect(dave.getByText('An idea I had not sent yet')).toBeVisible();
  await members.getByRole('button', { name: 'Close' }).click();
  await sidebar(carol).getByRole('link', { name: new RegExp(`^${team}`) }).click();
  await expect(carol.getByRole('log').getByText(plan)).toBeVisible();
  await carol.getByRole('button', { name: 'Leave' }).click();
  await carol.getByRole('dialog', { name: `Leave ${team}?` }).getByRole('button', { name: 'Leave' }).click();
  await expect(sidebar(carol).getByRole('link', { name: new RegExp(`^${team}`) })).toHaveCount(0);
  await expect(carol.getByRole('heading', { level: 1, name: 'Pick a conversation' })).toBeFocused();

  // Alice finds the message through global search; opening the hit puts the keyboard on the message.
  await alice.getByRole('searchbox', { name: 'Search Plaza' }).fill(plan);
  await alice.getByRole('searchbox', { name: 'Search Plaza' }).press('Enter');
  const hit = alice.getByRole('list', { name: 'Message results' }).getByRole('button', { name: new RegExp(plan) });
  await hit.focus();
  await alice.keyboard.press('Enter');
  await expect(alice.getByRole('heading', { level: 1, name: team })).toBeVisible();
  await expect(alice.getByRole('log').getByRole('article').filter({ hasText: plan })).toBeFocused();

  // Far too long a message: refused with the reason, and the text stays in the composer to be split.
  const long = 'a'.repeat(250_000);
  await composer.fill(long);
  await composer.press('Enter');
  await expect(alice.getByRole('alert').filter({ hasText: 'This message is too long to send: 250,000 characters' })).toBeVisible();
  await expect(composer).toHaveValue(long);
  await expect(alice.getByRole('group', { name: 'Message not sent' })).toHaveCount(0);
  await composer.fill('');

  // Alice deletes the team from its settings: the keyboard goes to the page she lands on.
  await alice.getByRole('button', { name: 'Team settings' }).click();
  await alice.getByRole('dialog', { name: 'Team settings' }).getByRole('button', { name: 'Delete team' }).click();
  await alice.getByRole('dialog', { name: `Delete ${team}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(sidebar(alice).getByRole('link', { name: new RegExp(`^${team}`) })).toHaveCount(0);
  await expect(alice.getByRole('heading', { level: 1, name: 'Pick a conversation' })).toBeFocused();

  await alice.context().close();
  await carol.context().close();
  await dave.context().close();
});
