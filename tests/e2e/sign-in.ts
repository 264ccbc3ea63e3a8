/** Signing in as a demo user the way a person does: the login page, its labelled fields, its button. */
import { expect, type Browser, type Page } from '@playwright/test';

/** Every demo user's password (server/seed). */
export const DEMO_PASSWORD = 'plaza-demo';

/**
 * Opens `path` signed out (which leads to the login page), signs in as `email` and waits for the
 * conversation list — or, in a window narrow enough for the list to be a panel, for the header's button that shows it.
 */
export async function signIn(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Conversations' }).or(page.getByRole('banner').getByRole('button', { name: 'Conversations' }))).toBeVisible();
}

/** A page in a browser context of its own (its own storage: another person), signed in as `email`. */
export async function signInNewPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}
