/**
 * The corporate landing page (spec 1 §2, §8: where a 418 answer leads). The
 * spec does not show it; Plaza explains that the workspace account is not
 * ready yet and offers to try again (a catch-up; any accepted answer leaves
 * the page, back to where the user was) or to sign out.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { usePlaza } from '../client/core-context';
import { safeDestination } from '../client/router';

export function LandingPage({ destination }: { destination: string | null }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const unconfirmed = store.session.value.unconfirmed;
  const [trying, setTrying] = useState(false);
  // How many times Try again ended with the account still unconfirmed: said, so the press is not a silent no-op.
  const [stillWaiting, setStillWaiting] = useState(0);

  // Confirmed again (a later call succeeded): back to where the 418 came, the conversation the user was in.
  useEffect(() => {
    if (!unconfirmed && !trying) router.navigate(safeDestination(destination), { replace: true });
  }, [unconfirmed, trying, router, destination]);

  const tryAgain = async (): Promise<void> => {
    setTrying(true);
    try {
      await core.$resync();
      if (store.session.peek().unconfirmed) setStillWaiting((n) => n + 1);
    } finally {
      setTrying(false);
    }
  };

  return (
    <main className="landing">
      <h1>Your workspace account is not ready yet</h1>
      <p>The server needs your account to be confirmed for your company before you can use Plaza. Ask your company admin to confirm it, then try again.</p>
      <p className="landing-actions">
        <button type="button" className="primary" disabled={trying} onClick={() => void tryAgain()}>
          {trying ? 'Trying…' : 'Try again'}
        </button>
        <button type="button" onClick={() => void core.$signOut()}>
          Sign out
        </button>
      </p>
      <p role="status" className="hint">
        {stillWaiting > 0 && !trying && `Still not confirmed${stillWaiting > 1 ? ` (${stillWaiting} tries)` : ''}. Ask your company admin, then try again.`}
      </p>
    </main>
  );
}
