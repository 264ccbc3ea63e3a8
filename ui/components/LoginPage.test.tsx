// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../protocol/result';
import { renderApp } from '../testing/render-app';
import { signedIn, signedOut, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const atLogin = (destination = '/') =>
  renderApp({ path: `/login?destination=${encodeURIComponent(destination)}`, patches: [snapshot({ session: signedOut })] });

describe('LoginPage', () => {
  it('has labelled email and password fields with autocomplete hints, and the demo hint', () => {
    atLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to Plaza' })).toBeTruthy();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect([email.type, email.autocomplete]).toEqual(['email', 'username']);
    expect([password.type, password.autocomplete]).toEqual(['password', 'current-password']);
    expect(screen.getByText('Demo: alice@acme.test / plaza-demo')).toBeTruthy();
    // The keyboard starts in the email field.
    expect(document.activeElement).toBe(email);
  });

  it('signs in, disables the button while submitting, and follows the destination', async () => {
    const app = atLogin('/conversations/c9');
    let resolve!: (v: { ok: true; value: null }) => void;
    app.core.$signIn = (email, password) => {
      app.core.calls.push({ method: '$signIn', args: [email, password] });
      return new Promise((r) => (resolve = r));
    };
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'plaza-demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(app.core.callsTo('$signIn')).toEqual([['alice@acme.test', 'plaza-demo']]);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => resolve({ ok: true, value: null }));
    app.push({ seq: 2, reset: false, session: signedIn });
    expect(app.location()).toBe('/conversations/c9');
  });

  it('shows a failure as an alert, marks the blamed field and puts the keyboard there', async () => {
    const app = atLogin();
    app.core.signInResult = fail({ name: 'AuthError', message: 'Wrong email or password.', field: 'password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Wrong email or password.');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.getAttribute('aria-invalid')).toBe('true');
    // The keyboard is on the password, selected: typing replaces it.
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 4]);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
    expect(app.location()).toBe('/login?destination=%2F');
  });

  it('puts the keyboard on the email when the email is refused', async () => {
    const app = atLogin();
    app.core.signInResult = fail({ name: 'InvalidRequest', message: 'Invalid email address', field: 'email' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@acme' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('alert');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('says in plain words when the server cannot be reached or fails', async () => {
    const app = atLogin();
    app.core.signInResult = fail({ name: 'NetworkError', message: 'Network error: Failed to fetch' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'alice@acme.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'plaza-demo' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Plaza cannot reach the server. Check your connection and try again.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    app.core.signInResult = fail({ name: 'ServerError', message: 'The server failed (503).', status: 503 });
    await act(async () => void fireEvent.submit(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert').textContent).toBe('The server is not answering right now. Please try again in a moment.');
  });

  it('explains an ended session', () => {
    renderApp({ path: '/login', patches: [snapshot({ session: { status: 'signed-out', user: null, endedReason: 'unauthorized', unconfirmed: false } })] });
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeTruthy();
    // The email field, where the keyboard starts, is described by it.
    const described = screen.getByLabelText('Email').getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toBe('Your session has ended. Please sign in again.');
  });
});
