/** "New message": search the people one may contact (colleagues, connections; not the blocked) and open a direct message with one. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { isContact } from './contacts';
import { Dialog, DialogActions } from './Dialog';

/** A long company list is cut here; typing narrows it. */
const MAX_RESULTS = 50;

export function StartDmDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const me = store.session.value.user?.guid;
  const needle = query.trim().toLowerCase();
  const matches = store.users.value.filter(
    (u) => u.guid !== me && isContact(u) && (needle === '' || u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle)),
  );
  const shown = matches.slice(0, MAX_RESULTS);

  const choose = async (guid: string): Promise<void> => {
    setBusy(true);
    setError(null);
    const result = await core.$startDirectMessage(guid);
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    // The keyboard goes to the new conversation's composer, ready to type (as from the quick switcher or a
    // profile card), not back to "New message": rendered at once, so that the composer found is the new one's.
    openWithKeyboardInComposer(router, result.value.address, onClose);
  };

  // A Dialog renders in the overlay layer: a modal belongs to the page (or the replayed app's frame), not inside the sidebar's <nav>.
  return (
    <Dialog title="Start a direct message" onClose={onClose}>
      <label className="field">
        <span>Search people</span>
        <input ref={inputRef} type="search" value={query} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      </label>
      {shown.length === 0 ? (
        <p className="empty">No people match “{query.trim()}”.</p>
      ) : (
        <ul className="people" aria-label="People">
          {shown.map((u) => (
            <li key={u.guid}>
              <button type="button" className="person" disabled={busy} onClick={() => void choose(u.guid)}>
                <span className="person-name">{u.name}</span> <span className="person-email">{u.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {matches.length > shown.length && (
        <p className="hint">
          Showing {shown.length} of {matches.length}. Type to narrow the list.
        </p>
      )}
      <DialogActions error={error} onCancel={onClose} />
    </Dialog>
  );
}
