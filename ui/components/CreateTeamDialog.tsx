/**
 * "New team": name, description and flags (spec 1 §5 defaults: private, not
 * read-only, open). As coded in the product, a read-only team is always open,
 * so the form shows the effective flags (creationFlags) rather than surprise
 * anyone. Company admins may create a department instead. Closed without
 * Create or Cancel (Escape, a click elsewhere), the form is kept for the
 * page's life and offered again (useFormDraft).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type FormEvent } from 'react';
import { creationFlags } from '../../protocol/rules/team-rules';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { Dialog, DialogActions, runAction } from './Dialog';
import { blameProps } from './field-error';
import { useFormDraft } from './use-form-draft';

/** spec 1 §5's defaults: private, not read-only, open. */
const BLANK = { name: '', description: '', isHr: false, isPrivate: true, readOnly: false, isOpen: true };

export function CreateTeamDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { store, core, router } = usePlaza();
  const isCompanyAdmin = store.session.value.user?.is_company_admin ?? false;
  const [form, change, discard] = useFormDraft('create-team', BLANK);
  const { name, description, isHr, isPrivate, readOnly, isOpen } = form;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  // read_only is sent only when chosen: given at all, it decides is_open (as coded).
  const request = { name, description, is_hr: isHr, is_private: isPrivate, is_open: isOpen, ...(readOnly ? { read_only: true } : {}) };
  const effective = creationFlags(request);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    let address = '';
    const done = await runAction(
      async () => {
        const result = await core.$createTeam(request);
        if (result.ok) address = result.value.address;
        return result;
      },
      setBusy,
      setError,
    );
    setInvalidField(done.ok ? null : (done.field ?? null));
    if (!done.ok) {
      // The field the worker refused gets the keyboard, to be corrected (the alert says why).
      if (done.field === 'name') nameRef.current?.focus();
      return;
    }
    discard();
    // The keyboard goes to the new team's composer, ready for its first message (as "New message" does), not
    // back to "New team": rendered at once, so that the composer found is the new team's.
    openWithKeyboardInComposer(router, address, onClose);
  };

  return (
    <Dialog title={isHr ? 'New department' : 'New team'} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="stack">
        <label className="field">
          <span>Name</span>
          <input ref={nameRef} value={name} maxLength={100} onChange={(e) => change({ name: e.target.value })} {...blameProps(invalidField === 'name', errorId)} />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea value={description} rows={2} maxLength={1000} onChange={(e) => change({ description: e.target.value })} {...blameProps(invalidField === 'description', errorId)} />
        </label>
        {isCompanyAdmin && (
          <label className="check">
            <input type="checkbox" checked={isHr} onChange={(e) => change({ isHr: e.target.checked })} /> Department
          </label>
        )}
        <label className="check">
          <input type="checkbox" checked={isPrivate} onChange={(e) => change({ isPrivate: e.target.checked })} /> Private
        </label>
        <label className="check">
          <input type="checkbox" checked={readOnly} onChange={(e) => change({ readOnly: e.target.checked })} /> Read-only (only admins post)
        </label>
        <label className="check">
          <input type="checkbox" checked={effective.is_open} disabled={readOnly} onChange={(e) => change({ isOpen: e.target.checked })} /> Open: anyone in the company may join
          without approval
        </label>
        {readOnly && <p className="hint">Read-only teams are always open to join.</p>}
        <DialogActions
          error={error}
          errorId={errorId}
          onCancel={() => {
            discard();
            onClose();
          }}
        >
          <button type="submit" disabled={busy}>
            Create
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
