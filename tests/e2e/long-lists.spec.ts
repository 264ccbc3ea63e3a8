/**
 * The pages that scroll a long list as a whole (Browse teams, the People directory) render only the rows in
 * view: the row the keyboard is in stays rendered when the page scrolls it away, so the keyboard stays there.
 */
import { expect, test } from '@playwright/test';
import { rest } from './server-rest';
import { signIn } from './sign-in';

test('Browse teams: End scrolls the page to the foot, and the keyboard stays on the team it was on', async ({ page, baseURL }) => {
  const grace = await rest(baseURL!, '/data/login', { email: 'grace@globex.test', password: 'plaza-demo' });
  const stamp = Date.now();
  // Enough teams that the first is far out of a short window's rendered rows once the page is at its foot.
  const created: string[] = [];
  for (let i = 0; i < 40; i++) {
    const team = await rest(baseURL!, '/secure/data/confirmed/corporate/teams/create', { name: `Long list ${stamp} ${String(i).padStart(2, '0')}`, is_private: true, is_open: true }, grace);
    created.push(team.guid);
  }
  // Deleted afterwards: the specs after this one find Grace's sidebar as the demo has it.
  try {
    await page.setViewportSize({ width: 1280, height: 400 });
    // Grace, of Globex: the teams are her company's, out of the way of the Acme people the other specs use.
    await signIn(page, 'grace@globex.test');
    await page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: 'Browse teams' }).click();
    const teams = page.getByRole('list', { name: 'Teams' });
    const first = teams.getByRole('listitem').first().getByRole('button');
    await expect(first).toBeVisible();
    const name = await teams.getByRole('listitem').first().getAttribute('aria-label');
    await first.focus();
    await page.keyboard.press('End');
    // The page is at its foot: the last team is shown, and the first one's button still has the keyboard.
    await expect(teams.getByRole('listitem').last()).toBeInViewport();
    await expect(teams.getByRole('listitem', { name: `Long list ${stamp} 39` })).toBeInViewport();
    await expect(page.getByRole('listitem', { name: name! }).getByRole('button')).toBeFocused();
  } finally {
    for (const guid of created) await rest(baseURL!, '/secure/data/confirmed/corporate/teams/delete', { guid }, grace);
  }
});
