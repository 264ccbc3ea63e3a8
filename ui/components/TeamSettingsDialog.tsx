/** A team's settings for those who manage it: rename ('Channel Renamed'), privacy flags, move to the user's company, delete. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ChannelEntryView } from '../../protocol/views';
import { focusPageHeading } from '../client/arrival-focus';
import { usePlaza } from '../client/core-context';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog, runAction } from './Dialog';
import { blameProps } from './field-error';

export function TeamSettingsDialog({ entry, onClose }: { entry: ChannelEntryView; onClose: () => void }) {
  const { core, router } = usePlaza();
  const team = entry.team!;
  const [name, setName] = useState(entry.name);
  const [isPrivate, setIsPrivate] = useState(entry.is_private);
  const [isOpen, setIsOpen] = useState(team.is_open);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [nameRefused, setNameRefused] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const act = async (run: () => ReturnType<typeof core.$renameTeam>, message: string): Promise<{ ok: boolean; field?: string }> => {
    setDone(null);
    // The message that blamed the name goes with this call's: the name is not what another call's is about.
    setNameRefused(false);
    const result = await runAction(run, setBusy, setError);
    if (result.ok) setDone(message);
    return result;
  };

  const rename = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const result = await act(() => core.$renameTeam(entry.address, name), 'Renamed.');
    // A name refused (none, too long) gets the keyboard back, to be corrected; the alert says why.
    setNameRefused(result.field === 'name');
    if (result.field === 'name') nameRef.current?.focus();
  };
  const saveFlags = (e: FormEvent): void => {
    e.preventDefault();
    void act(() => core.$setTeamFlags(entry.address, { is_private: isPrivate, is_open: isOpen }), 'Privacy saved.');
  };

  if (confirmDelete) {
    return (
      <ConfirmDialog
        title={`Delete ${entry.name}?`}
        message="Every member loses it and its messages. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => core.$deleteTeam(entry.address)}
        onClose={() => setConfirmDelete(false)}
        onDone={() => {
          // The team's page goes: the keyboard starts at the heading of the page left for (not the document).
          flushSync(() => {
            onClose();
            router.navigate('/');
          });
          focusPageHeading();
        }}
      />
    );
  }

  return (
    <Dialog title={`${team.is_hr ? 'Department' : 'Team'} settings`} onClose={onClose}>
      <form onSubmit={(e) => void rename(e)} className="stack">
        <label className="field">
          <span>Name</span>
          <input ref={nameRef} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} {...blameProps(nameRefused, errorId)} />
        </label>
        <button type="submit" disabled={busy}>
          Rename
        </button>
      </form>
      <form onSubmit={saveFlags} className="stack">
        <fieldset>
          <legend>Privacy</legend>
          <label className="check">
            <input type="checkbox" checked={isPrivate} onChange={(e) => setIsPrivate(e.target.checked)} /> Private
          </label>
          <label className="check">
            <input type="checkbox" checked={isOpen} onChange={(e) => setIsOpen(e.target.checked)} /> Open: anyone in the company may join without approval
          </label>
        </fieldset>
        <button type="submit" disabled={busy}>
          Save privacy
        </button>
      </form>
      {team.canMoveToCompany && (
        <div className="stack">
          <p className="hint">This team belongs to another company. As its admin and a company admin, you can move it into yours.</p>
          <button type="button" disabled={busy} onClick={() => void act(() => core.$moveTeamToCompany(entry.address), 'Moved to your company.')}>
            Move to my company
          </button>
        </div>
      )}
      {done && (
        <p role="status" className="hint">
          {done}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
          Delete {team.is_hr ? 'department' : 'team'}…
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
