/** Dialogs for conversation folders: naming one (new, subfolder, rename) and choosing where to move a channel or folder. */
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Result } from '../../protocol/result';
import { usePlaza } from '../client/core-context';
import { Dialog, DialogActions, runAction } from './Dialog';
import { useFormDraft } from './use-form-draft';

/**
 * Naming a folder. What is typed is kept, under `form`, for the page's life when the dialog is closed without
 * deciding (Escape, a click elsewhere) and offered when it opens again, as in the other dialogs (useFormDraft);
 * Cancel, or the name saved, lets it go.
 */
export function FolderNameDialog({
  form,
  title,
  initial = '',
  submitLabel,
  onSubmit,
  onClose,
}: {
  form: string;
  title: string;
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<Result<unknown>>;
  onClose: () => void;
}) {
  const [{ name }, change, discard] = useFormDraft(form, { name: initial });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const done = await runAction(() => onSubmit(name), setBusy, setError);
    if (done.ok) {
      discard();
      onClose();
    }
    // Refused (no name, a name taken): the field gets the keyboard back, to be corrected.
    else inputRef.current?.focus();
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span>Folder name</span>
          <input ref={inputRef} value={name} maxLength={100} onChange={(e) => change({ name: e.target.value })} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
        </label>
        {error && (
          <p id={errorId} role="alert" className="error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            onClick={() => {
              discard();
              onClose();
            }}
          >
            Cancel
          </button>
          <button type="submit" disabled={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Where to move something: "No folder" (the top level) or one of the user's
 * folders, indented by depth. `exclude` hides the folder being moved and
 * everything inside it (the server refuses those anyway).
 */
export function MoveToFolderDialog({
  title,
  current,
  exclude,
  onMove,
  onClose,
}: {
  title: string;
  current: string | null;
  exclude?: string;
  onMove: (folderGuid: string | null) => Promise<Result<unknown>>;
  onClose: () => void;
}) {
  useSignals();
  const { store } = usePlaza();
  const [choice, setChoice] = useState<string | null>(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = useId();

  // Folders come in pre-order: a subtree is the run of deeper folders right after its root.
  const options = [];
  let skipDeeperThan: number | null = null;
  for (const f of store.folders.value) {
    if (skipDeeperThan !== null && f.depth > skipDeeperThan) continue;
    skipDeeperThan = null;
    if (f.guid === exclude) {
      skipDeeperThan = f.depth;
      continue;
    }
    options.push(f);
  }

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    const done = await runAction(() => onMove(choice), setBusy, setError);
    if (done.ok) onClose();
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <fieldset className="folder-choices">
          <legend>Folder</legend>
          <label>
            <input type="radio" name={name} checked={choice === null} onChange={() => setChoice(null)} /> No folder
          </label>
          {options.map((f) => (
            <label key={f.guid} style={{ paddingLeft: `${f.depth * 1.25}rem` }}>
              <input type="radio" name={name} checked={choice === f.guid} onChange={() => setChoice(f.guid)} /> {f.name}
            </label>
          ))}
        </fieldset>
        {options.length === 0 && <p className="hint">You have no folders yet. Create one with “New folder”.</p>}
        <DialogActions error={error} onCancel={onClose}>
          <button type="submit" disabled={busy}>
            Move
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
