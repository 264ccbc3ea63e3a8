/**
 * A team's members, loaded when the panel opens (lazy): who is in it (admins
 * first, people of other companies marked), and for those who manage it:
 * adding colleagues, making admins, removing, email invitations with their
 * reminders. Company admins may block a person of another company from their
 * company (spec 1 §4 "Blocking") and reinstate them.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChannelEntryView, InviteView, TeamMemberView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { Dialog, runAction } from './Dialog';
import { blameProps } from './field-error';
import { useFormDraft } from './use-form-draft';

const MAX_SUGGESTIONS = 8;

export function TeamMembersPanel({ entry, onClose }: { entry: ChannelEntryView; onClose: () => void }) {
  useSignals();
  const { store, core } = usePlaza();
  const view = store.teamMembers.value.get(entry.address);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void core.$loadTeamMembers(entry.address);
  }, [core, entry.address]);

  const act = (run: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>) => void runAction(run, setBusy, setError);
  const members = view?.members ?? [];
  const manage = view?.canManage ?? false;

  return (
    <Dialog title={`Members of ${entry.name}`} onClose={onClose} className="members-dialog">
      {!view || (view.status === 'loading' && members.length === 0) ? (
        <p role="status">Loading members…</p>
      ) : view.status === 'error' && members.length === 0 ? (
        <p role="alert" className="error">
          {view.error}
        </p>
      ) : (
        <ul className="member-list" aria-label="Members">
          {members.map((m) => (
            <MemberItem key={m.guid} member={m} manage={manage} busy={busy} act={act} address={entry.address} />
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {manage && view && <AddPeople address={entry.address} memberGuids={new Set(members.map((m) => m.guid))} />}
      {manage && view && <InviteByEmail address={entry.address} invites={view.invites} />}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

function MemberItem({
  member: m,
  manage,
  busy,
  act,
  address,
}: {
  member: TeamMemberView;
  manage: boolean;
  busy: boolean;
  act: (run: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>) => void;
  address: string;
}) {
  const { core } = usePlaza();
  const [confirmBlock, setConfirmBlock] = useState(false);
  const tags = [m.isMe ? 'you' : null, m.isAdmin ? 'admin' : null, m.isExternal ? `external · ${m.company}` : null, m.isBlocked ? 'blocked' : null].filter(Boolean);
  return (
    <li className="member-item" aria-label={m.name}>
      <div className="member-text">
        <strong>{m.name}</strong> {tags.length > 0 && <span className="hint">({tags.join(', ')})</span>}
        {m.email && <span className="person-email"> {m.email}</span>}
      </div>
      <div className="member-actions">
        {manage && !m.isBlocked && (
          <button type="button" disabled={busy} onClick={() => act(() => core.$setMemberAdmin(address, m.guid, !m.isAdmin))} aria-label={`${m.isAdmin ? 'Remove admin' : 'Make admin'}: ${m.name}`}>
            {m.isAdmin ? 'Remove admin' : 'Make admin'}
          </button>
        )}
        {manage && !m.isMe && !m.isBlocked && (
          <button type="button" disabled={busy} onClick={() => act(() => core.$removeTeamMember(address, m.guid))} aria-label={`Remove ${m.name}`}>
            Remove
          </button>
        )}
        {m.canBlock && m.isBlocked && (
          <button type="button" disabled={busy} onClick={() => act(() => core.$setBlocked(m.guid, false))} aria-label={`Reinstate ${m.name}`}>
            Reinstate
          </button>
        )}
        {m.canBlock && !m.isBlocked && !confirmBlock && (
          <button type="button" disabled={busy} onClick={() => setConfirmBlock(true)} aria-label={`Block ${m.name} from your company`}>
            Block…
          </button>
        )}
      </div>
      {confirmBlock && (
        <div className="confirm" role="group" aria-label={`Block ${m.name}?`}>
          <span>
            Block {m.name}? They lose every channel of your company until reinstated.
          </span>
          <button
            type="button"
            className="danger"
            onClick={() => {
              setConfirmBlock(false);
              act(() => core.$setBlocked(m.guid, true));
            }}
          >
            Block
          </button>
          <button type="button" onClick={() => setConfirmBlock(false)}>
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Adds colleagues from the company directory (and connections of other companies, which the server adds
 * only once confirmed, as invitations by email are).
 */
function AddPeople({ address, memberGuids }: { address: string; memberGuids: ReadonlySet<string> }) {
  useSignals();
  const { store, core } = usePlaza();
  const [query, setQuery] = useState('');
  const [asAdmin, setAsAdmin] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** A person of another company the server asked to confirm: Add anyway sends the confirmation. */
  const [external, setExternal] = useState<{ guid: string; name: string } | null>(null);

  const findRef = useRef<HTMLInputElement>(null);

  const add = async (person: { guid: string; name: string }, externalConfirmed: boolean): Promise<void> => {
    const options = { asAdmins: asAdmin, ...(externalConfirmed ? { externalConfirmed: true } : {}) };
    const searched = query;
    const done = await runAction(() => core.$addTeamMembers(address, [person.guid], options), setBusy, setError);
    setExternal(!done.ok && done.field === 'external_confirmed' ? person : null);
    if (!done.ok) return;
    // The search that found them is done with; a name typed meanwhile (the member shows before the answer
    // does, and the next one is being looked for) is the user's and stays.
    setQuery((now) => (now === searched ? '' : now));
    // Their button went with them: the keyboard goes to the field, for the next person (unless it is in a field).
    if (!(document.activeElement instanceof HTMLInputElement)) findRef.current?.focus();
  };
  const needle = query.trim().toLocaleLowerCase();
  const candidates = needle
    ? store.users.value.filter((u) => !u.is_bot && !memberGuids.has(u.guid) && (u.name.toLocaleLowerCase().includes(needle) || u.email.toLocaleLowerCase().includes(needle))).slice(0, MAX_SUGGESTIONS)
    : [];

  return (
    <section className="stack" aria-label="Add people">
      <h3>Add people</h3>
      <label className="field">
        <span>Find a colleague</span>
        <input ref={findRef} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      <label className="check">
        <input type="checkbox" checked={asAdmin} onChange={(e) => setAsAdmin(e.target.checked)} /> Add as admins
      </label>
      {needle && candidates.length === 0 && <p className="hint">Nobody else matches “{query.trim()}”.</p>}
      <ul className="people" aria-label="Colleagues to add">
        {candidates.map((u) => (
          <li key={u.guid}>
            <button
              type="button"
              disabled={busy}
              aria-label={`Add ${u.name}`}
              onClick={() => void add(u, false)}
            >
              Add {u.name}
            </button>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {external && (
        <div className="confirm" role="group" aria-label={`Add ${external.name} from another company?`}>
          <span>{external.name} is from another company and will see this team’s messages.</span>{' '}
          <button type="button" disabled={busy} onClick={() => void add(external, true)}>
            Add anyway
          </button>{' '}
          <button
            type="button"
            onClick={() => {
              setExternal(null);
              setError(null);
            }}
          >
            Cancel
          </button>
        </div>
      )}
    </section>
  );
}

/** Email invitations (lists split on commas or semicolons), pending ones with reminders. */
function InviteByEmail({ address, invites }: { address: string; invites: InviteView[] }) {
  const { core } = usePlaza();
  // Kept for the page's life when the panel is closed before sending (useFormDraft).
  const [form, change, discard] = useFormDraft(`invite:${address}`, { emails: '', asAdmin: false });
  const { emails, asAdmin } = form;
  const [needsConfirmation, setNeedsConfirmation] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Whether the last refusal blamed the addresses typed (none, a malformed one, one with an account already). */
  const [emailsRefused, setEmailsRefused] = useState(false);
  const emailsRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const due = invites.filter((i) => i.remindDue);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const done = await runAction(() => core.$inviteByEmail(address, emails, { asAdmins: asAdmin, externalConfirmed: confirmed }), setBusy, setError);
    setEmailsRefused(!done.ok && done.field === 'emails');
    if (done.ok) {
      discard();
      setNeedsConfirmation(false);
      setConfirmed(false);
    } else if (done.field === 'external_confirmed') {
      setNeedsConfirmation(true);
    } else if (done.field === 'emails') {
      // The field to correct gets the keyboard (the alert says why), as in the other dialogs' forms.
      emailsRef.current?.focus();
    }
  };

  const act = (run: () => Promise<{ ok: true } | { ok: false; error: { message: string } }>) => void runAction(run, setBusy, setError);

  return (
    <section className="stack" aria-label="Invite by email">
      <h3>Invite by email</h3>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <label className="field">
          <span>Email addresses</span>
          <input
            ref={emailsRef}
            value={emails}
            placeholder="name@example.com, other@example.com"
            onChange={(e) => change({ emails: e.target.value })}
            {...blameProps(emailsRefused && error !== null, errorId)}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={asAdmin} onChange={(e) => change({ asAdmin: e.target.checked })} /> Invite as admins
        </label>
        {needsConfirmation && (
          <label className="check">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} /> Some are from another company: invite them anyway
          </label>
        )}
        <button type="submit" disabled={busy}>
          Send invitations
        </button>
      </form>
      {error && (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      )}
      {due.length > 0 && (
        <div className="notice" role="group" aria-label="Reminders">
          <span>
            {due.length === 1 ? '1 invitation has' : `${due.length} invitations have`} not been accepted for a day or more.
          </span>{' '}
          <button type="button" disabled={busy} onClick={() => act(() => core.$remindInvites(address))}>
            Send reminders
          </button>{' '}
          <button type="button" disabled={busy} onClick={() => act(() => core.$dismissInviteReminders(address, due.map((i) => i.guid)))}>
            Dismiss
          </button>
        </div>
      )}
      {invites.length > 0 && (
        <ul className="member-list" aria-label="Pending invitations">
          {invites.map((i) => (
            <li key={i.guid} className="member-item" aria-label={i.email}>
              <div className="member-text">
                <strong>{i.email}</strong>{' '}
                <span className="hint">
                  ({[i.isAdmin ? 'admin' : null, i.isExternal ? 'external' : null, `sent ${i.sentCount === 1 ? 'once' : `${i.sentCount} times`}`].filter(Boolean).join(', ')})
                </span>
              </div>
              <div className="member-actions">
                <button type="button" disabled={busy} aria-label={`Remind ${i.email}`} onClick={() => act(() => core.$remindInvites(address, [i.guid]))}>
                  Remind
                </button>
                <button type="button" disabled={busy} aria-label={`Revoke the invitation of ${i.email}`} onClick={() => act(() => core.$revokeInvite(address, i.guid))}>
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
