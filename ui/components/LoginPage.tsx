/** The sign-in form. Navigation after success is the App's (it follows the session). */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FAILURE } from '../../protocol/rest/failure-names';
import type { Failure } from '../../protocol/result';
import type { SessionView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { blameProps } from './field-error';

const ENDED_MESSAGES: Record<NonNullable<SessionView['endedReason']>, string | null> = {
  'signed-out': null,
  unauthorized: 'Your session has ended. Please sign in again.',
  'server-logout': 'You were signed out. Please sign in again.',
};

/** What a sign-in that did not reach an answer says: the worker's wording ('Network error: Failed to fetch') is for logs. */
const UNREACHED_MESSAGES: Partial<Record<string, string>> = {
  [FAILURE.network]: 'Plaza cannot reach the server. Check your connection and try again.',
  [FAILURE.server]: 'The server is not answering right now. Please try again in a moment.',
};

export function LoginPage() {
  useSignals();
  const { store, core, router } = usePlaza();
  const route = router.route.value;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const errorId = useId();
  const fieldRefs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  // The session that ended before this page (App.tsx leaves the page at every session end, saying why in the address).
  const endedReason = store.session.value.endedReason ?? (route.name === 'login' ? route.reason : null);
  const ended = endedReason ? ENDED_MESSAGES[endedReason] : null;

  const onSubmit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setSubmitting(true);
    setFailure(null);
    try {
      const result = await core.$signIn(email.trim(), password);
      if (!result.ok) {
        setFailure(result.error);
        // The refused field gets the keyboard, to be corrected (the alert says why); a password, selected, to be typed again.
        const field = result.error.field === 'email' || result.error.field === 'password' ? fieldRefs[result.error.field].current : null;
        field?.focus();
        if (field?.type === 'password') field.select();
      }
    } catch {
      // The worker itself failed (a bug or a crash): say so rather than spin forever.
      setFailure({ name: 'UnexpectedError', message: 'Something went wrong. Please try again.' });
    } finally {
      setSubmitting(false);
    }
  };

  const blame = (field: string) => blameProps(failure?.field === field, errorId);

  return (
    <main className="login-page">
      <form className="login-form" aria-labelledby={`${errorId}-heading`} onSubmit={(e) => void onSubmit(e)}>
        <h1 id={`${errorId}-heading`}>Sign in to Plaza</h1>
        {ended && (
          <p id={`${errorId}-ended`} className="notice">
            {ended}
          </p>
        )}
        <label className="field">
          <span>Email</span>
          <input
            ref={fieldRefs.email}
            // The page is for signing in: the keyboard starts in its first field, as on Slack's and Teams' sign-in pages.
            // Why the last session ended is read with the field, which the keyboard reaches before the notice.
            autoFocus
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            {...(ended ? { 'aria-describedby': `${errorId}-ended` } : {})}
            {...blame('email')}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            ref={fieldRefs.password}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...blame('password')}
          />
        </label>
        {failure && (
          <p id={errorId} role="alert" className="error">
            {UNREACHED_MESSAGES[failure.name] ?? failure.message}
          </p>
        )}
        <button type="submit" className="primary" disabled={submitting}>
          Sign in
        </button>
        <p className="hint">Demo: alice@acme.test / plaza-demo</p>
      </form>
    </main>
  );
}
