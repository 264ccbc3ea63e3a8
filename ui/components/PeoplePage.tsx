/**
 * The People screen: the directory with search and profile cards, incoming
 * connection requests, the user's connect links, and using a link someone
 * shared (spec 1 §5, spec 2 §3–§9, spec 3 §7.3). The directory renders only
 * the people in view: a large company lists thousands.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import type { ContactResultView } from '../../protocol/views-people';
import type { UserView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { ConnectLinks } from './ConnectLinks';
import { isContact } from './contacts';
import { ProfileCard } from './ProfileCard';
import { StatusBadge } from './StatusBadge';
import { useScrollerList } from './use-scroller-list';

/** A person's row as first laid out (one line); each row is measured once shown. */
const ESTIMATED_ROW_HEIGHT = 32;

const SEARCH_DELAY_MS = 250;

type Row = Pick<ContactResultView, 'user_guid' | 'name' | 'address' | 'status' | 'customStatus' | 'is_external'>;

const fromUser = (u: UserView): Row => ({ user_guid: u.guid, name: u.name, address: u.email, status: u.status, customStatus: u.customStatus, is_external: u.is_external });

export function PeoplePage({ connectLink }: { connectLink?: string }) {
  useSignals();
  const { store, core } = usePlaza();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const people = store.people.value;

  useEffect(() => {
    const trimmed = term.trim();
    if (!trimmed) return;
    const timer = setTimeout(() => {
      void core.$searchPeople(trimmed).then((r) => setError(r.ok ? null : r.error.message));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [term, core]);

  const searching = term.trim() !== '';
  const rows: Row[] = searching
    ? people.search?.term === term.trim()
      ? people.search.results
      : []
    : store.users.value.filter((u) => !u.is_bot && isContact(u)).map(fromUser);
  const pending = searching && people.search?.term !== term.trim();
  const directory = useScrollerList({ count: rows.length, scrollRef, estimate: ESTIMATED_ROW_HEIGHT, getKey: (i) => rows[i]!.user_guid });

  const close = (): void => {
    setOpen(null);
    // The row that opened the card may have gone meanwhile (the person was blocked: no longer a contact).
    (opener.current?.isConnected ? opener.current : searchRef.current)?.focus();
  };

  return (
    <section ref={scrollRef} className="people-page" aria-labelledby="people-heading">
      <h1 id="people-heading">People</h1>
      <div className="people-columns">
        <div className="people-directory">
          <label className="field">
            <span>Search people</span>
            <input ref={searchRef} type="search" value={term} autoComplete="off" onChange={(e) => setTerm(e.target.value)} />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          {pending && <p className="hint" role="status">Searching…</p>}
          {!pending && rows.length === 0 && <p className="empty">{searching ? `No people match “${term.trim()}”.` : 'Nobody here yet.'}</p>}
          <ul ref={directory.listRef} className="people virtual-list" aria-label="Directory" style={{ height: directory.height }}>
            {directory.rows.map((row) => {
              const r = rows[row.index]!;
              return (
                <li key={row.key} ref={directory.measure} data-index={row.index} className="virtual-row" style={{ transform: `translateY(${directory.top(row)}px)` }}>
                  <button
                    type="button"
                    className="person"
                    aria-haspopup="dialog"
                    onClick={(e) => {
                      opener.current = e.currentTarget;
                      setOpen(r.user_guid);
                    }}
                  >
                    <span className="person-name">{r.name}</span> <StatusBadge status={r.status} customStatus={r.customStatus} />{' '}
                    <span className="person-email">{r.address}</span>
                    {r.is_external && <span className="tag">External</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
        <div className="people-connections">
          <ConnectionRequests />
          <ConnectLinks initialLink={connectLink} />
        </div>
      </div>
      {open && <ProfileCard userGuid={open} onClose={close} />}
    </section>
  );
}

function ConnectionRequests() {
  useSignals();
  const { store, core, router } = usePlaza();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const requests = store.people.value.requests;

  const answer = async (guid: string, accept: boolean): Promise<void> => {
    setBusy(guid);
    setError(null);
    const result = await core.$respondConnection(guid, accept);
    const address = result.ok ? result.value.address : null;
    if (!address) {
      setBusy(null);
      if (!result.ok) return setError(result.error.message);
      // The answered request's row goes (now or with the worker's next patch), and its buttons with it: the
      // keyboard stays in the section, at its heading, rather than fall to the document.
      headingRef.current?.focus();
      return;
    }
    // Accepted: the conversation with them opens with the keyboard in its composer, as from "New message".
    openWithKeyboardInComposer(router, address, () => setBusy(null));
  };

  return (
    <section aria-labelledby="requests-heading">
      <h2 id="requests-heading" ref={headingRef} tabIndex={-1}>
        Connection requests
      </h2>
      {requests.length === 0 ? (
        <p className="empty">No requests waiting.</p>
      ) : (
        <ul className="requests" aria-label="Connection requests">
          {requests.map((r) => (
            <li key={r.guid}>
              <span>
                <strong>{r.name}</strong> {r.email && <span className="person-email">{r.email}</span>} wants to connect with you.
              </span>
              <button type="button" className="primary" disabled={busy === r.guid} aria-label={`Accept ${r.name}`} onClick={() => void answer(r.guid, true)}>
                Accept
              </button>
              <button type="button" disabled={busy === r.guid} aria-label={`Reject ${r.name}`} onClick={() => void answer(r.guid, false)}>
                Reject
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
