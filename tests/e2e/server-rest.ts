/** Asking the local server directly, as a test's witness of what it holds (not through the page under test). */
import { expect } from '@playwright/test';
import { DEMO_PASSWORD } from './sign-in';

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

/** Signs `email` in through the API: a session for `rest`, and the user. */
export const signInRest = (base: string, email: string): Promise<{ login_guid: string; auth_token: string; user: { target_user_guid: string } }> =>
  rest(base, '/data/login', { email, password: DEMO_PASSWORD });

/**
 * `from` sends `to` an urgent message in their direct message, which raises an alert for `to` (counted on the
 * header's Alerts button) without touching a channel whose unread counts other tests read.
 */
export async function urgentDirectMessage(base: string, from: string, to: string, text: string): Promise<void> {
  const sender = await signInRest(base, from);
  const target = (await signInRest(base, to)).user.target_user_guid;
  const { channel } = await rest(base, '/secure/data/confirmed/corporate/conversations/start', { target_user_guid: target }, sender);
  await rest(base, '/secure/data/confirmed/corporate/messages/post', { address: channel.address, json: JSON.stringify([{ type: 'text', text }]), is_urgent: true }, sender);
}
