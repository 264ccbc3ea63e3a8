/** A person's profile card (spec 3 §3 User): status, contact details, and a button to message them. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { Dialog } from './Dialog';
import { StatusBadge } from './StatusBadge';
import { isBlocked } from './contacts';

export function ProfileCard({ userGuid, onClose }: { userGuid: string; onClose: () => void }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const user = store.usersByGuid.value.get(userGuid);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messageRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    messageRef.current?.focus();
    void core.$loadUserDetails(userGuid).then((r) => {
      if (!r.ok) setError(r.error.message);
    });
  }, [core, userGuid]);

  const message = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await core.$startDirectMessage(userGuid);
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    // The keyboard goes to the conversation's composer: the card, and the page that opened it, go.
    openWithKeyboardInComposer(router, result.value.address, onClose);
  };

  const name = user?.name ?? 'Unknown person';
  const d = user?.details;
  const blocked = isBlocked(user);
  return (
    <Dialog title={`Profile of ${name}`} heading={name} className="profile-card" onClose={onClose}>
      {user && <StatusBadge status={user.status} customStatus={user.customStatus} />}
      {blocked && <p className="hint">This user has been blocked from your organization.</p>}
      <dl className="profile-details">
        {d?.job_title && (
          <>
            <dt>Job title</dt>
            <dd>{d.job_title}</dd>
          </>
        )}
        {user?.email && (
          <>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
          </>
        )}
        {d?.cell_number && (
          <>
            <dt>Mobile</dt>
            <dd>{d.cell_number}</dd>
          </>
        )}
        {d?.desk_number && (
          <>
            <dt>Desk</dt>
            <dd>{d.desk_number}</dd>
          </>
        )}
        {d?.address && (
          <>
            <dt>Address</dt>
            <dd>{d.address}</dd>
          </>
        )}
        {user?.is_external && (
          <>
            <dt>Company</dt>
            <dd>Another company</dd>
          </>
        )}
      </dl>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button ref={messageRef} type="button" className="primary" disabled={busy || blocked || !user} onClick={() => void message()}>
          Message {name}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
