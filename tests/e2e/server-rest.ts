/** Asking the local server directly, as a test's witness of what it holds (not through the page under test). */
import { expect } from '@playwright/test';

/** POSTs `body` to `path` (with a session's headers when given), expects 200 and returns the answer. */
export async function rest(base: string, path: string, body: unknown, session?: { login_guid: string; auth_token: string }): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'x-login-guid': session.login_guid, 'x-auth-token': session.auth_token } : {}) },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return response.json();
}
