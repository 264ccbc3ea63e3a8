/**
 * The status menu in the header (spec 3 §4.1, §7.6): a button showing the
 * user's status opens a dialog to pick Automatic or one of their custom
 * statuses (a radio group), and to add, edit or delete statuses. A form left
 * unsaved is kept for the page's life (ui/client/status-drafts.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { STATUS_COLORS, STATUS_ICONS, STATUS_ICON_LABELS, type StatusColor, type StatusIcon } from '../../protocol/custom-status-values';
import type { Result } from '../../protocol/result';
import { usePlaza } from '../client/core-context';
import { statusDraftKey, type StatusDraft as Draft } from '../client/status-drafts';
import { DialogActions } from './Dialog';
import { trapTab, useKeepFocusInside, useKeepInWindow } from './dialog-helpers';
import { blameProps } from './field-error';
import { STATUS_COLOR_LABELS, STATUS_ICON_GLYPHS } from './status-icons';
import { StatusBadge } from './StatusBadge';

export function StatusMenu() {
  useSignals();
  const { store, statusDrafts } = usePlaza();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLSpanElement>(null);
  const { self, statuses, statusesLoaded } = store.people.value;
  const user = store.session.value.user?.guid ?? '';
  // An edit kept for a status deleted meanwhile (on another device, say) goes with it, whether the dialog is open
  // or not: its Edit is gone, and a status added later with the same icon is another.
  useEffect(() => {
    if (!statusesLoaded) return;
    for (const icon of STATUS_ICONS) if (!statuses.some((s) => s.icon === icon)) statusDrafts.drop(user, icon);
  }, [statuses, statusesLoaded, statusDrafts, user]);
  // A click elsewhere closes the menu, as Escape does.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent): void => {
      if (!menuRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
  const label = self.customStatus ? self.customStatus.text : self.presence;
  const close = (): void => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <span ref={menuRef} className="status-menu">
      <button ref={buttonRef} type="button" aria-haspopup="dialog" aria-expanded={open} aria-label={`Your status: ${label}`} onClick={() => setOpen((o) => !o)}>
        <StatusBadge status={self.presence} customStatus={self.customStatus} />
      </button>
      {open && <StatusDialog onClose={close} />}
    </span>
  );
}

function StatusDialog({ onClose }: { onClose: () => void }) {
  useSignals();
  const { store, core, statusDrafts } = usePlaza();
  const { statuses, statusesLoaded } = store.people.value;
  /** Whose forms are kept: the signed-in user's (the shell, and so this dialog, shows only while someone is). */
  const user = store.session.value.user?.guid ?? '';
  const selected = statuses.find((s) => s.selected)?.icon ?? null;
  /** The latest refusal, and the form's field it blames ('text': none, too long), if any. */
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLInputElement>(null);
  const groupId = useId();
  const errorId = useId();

  useEffect(() => firstRef.current?.focus(), []);
  // Adding, saving or deleting a status takes the focused button away: the keyboard stays in the dialog.
  useKeepFocusInside(dialogRef);
  // 22rem wide from the status button's right edge, it ran past the window's left edge below about 400 px.
  useKeepInWindow(dialogRef);
  // Add a status and Edit open the form with the keyboard in its text, ready to type.
  const formFor = draft ? statusDraftKey(draft) : null;
  useEffect(() => {
    if (formFor) textRef.current?.focus();
  }, [formFor]);

  const run = async (call: Promise<Result<null>>): Promise<boolean> => {
    setBusy(true);
    setError(null);
    const result = await call;
    setBusy(false);
    if (!result.ok) setError({ message: result.error.message, field: result.error.field ?? null });
    // A refused text gets the keyboard, to be corrected (the alert says why), as in the other dialogs' forms.
    if (!result.ok && result.error.field === 'text') textRef.current?.focus();
    return result.ok;
  };

  const freeIcons = STATUS_ICONS.filter((i) => !statuses.some((s) => s.icon === i) || i === draft?.editing);

  /** The button that opened the form ('new': Add a status; else the status's Edit), to give the keyboard back to. */
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (draft || !returnTo.current) return;
    dialogRef.current?.querySelector<HTMLElement>(`[data-opens-form="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  }, [draft]);

  /** A refusal that blamed the form's field goes with the form: it would blame another form's field. */
  const dropFieldError = (): void => setError((e) => (e?.field ? null : e));

  /** Forgets (or, with `keep`, keeps) the form's text, by the status it is for. */
  const park = (form: Draft, keep: boolean): void => (keep ? statusDrafts.keep(user, form) : statusDrafts.drop(user, statusDraftKey(form)));

  /**
   * A change to the open form, kept as it is typed: the dialog may close at any moment (Close, Escape, a
   * click elsewhere) and reopening it and the form brings the form back as it was left.
   */
  const change = (next: Draft): void => {
    setDraft(next);
    park(next, true);
  };

  /** Opens the form for a status, or a new one, as it was left if it was backed out of. */
  const openForm = (fresh: Draft): void => {
    // Another status's form open meanwhile keeps its text too.
    if (draft) park(draft, true);
    dropFieldError();
    const before = statusDrafts.get(user, statusDraftKey(fresh));
    // A new status kept with an icon that a status has taken meanwhile gets the first free icon.
    const taken = before && !before.editing && statuses.some((s) => s.icon === before.icon);
    setDraft(before ? (taken ? { ...before, icon: fresh.icon } : before) : fresh);
  };

  /** Closes the form, the keyboard back on the button that opened it. */
  const closeForm = (keep: boolean): void => {
    if (!draft) return;
    dropFieldError();
    park(draft, keep);
    returnTo.current = draft.editing ?? 'new';
    setDraft(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      // Escape backs out one level, as in Slack: from the add/edit form to the list of statuses, then out of the
      // dialog. Nothing typed is lost: the form backed out of reopens as it was left, in this dialog or the next
      // one opened. Cancel is the way to drop what was typed.
      if (draft) closeForm(true);
      else onClose();
    } else if (e.key === 'Tab') trapTab(e, dialogRef.current);
  };

  /** Deletes a status; an edit of it left unsaved goes with it (a status added later with its icon is another). */
  const deleteStatus = async (icon: StatusIcon): Promise<void> => {
    if (await run(core.$deleteStatus(icon))) statusDrafts.drop(user, icon);
  };

  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!draft) return;
    const input = { icon: draft.icon, text: draft.text, color: draft.color };
    const saved = await run(draft.editing ? core.$updateStatus(draft.editing, input) : core.$insertStatus(input));
    if (saved) {
      // Dropped even if the dialog closed meanwhile: what was typed is saved.
      park(draft, false);
      setDraft(null);
    }
  };

  return (
    <div ref={dialogRef} className="popover status-dialog" role="dialog" aria-label="Set your status" tabIndex={-1} onKeyDown={onKeyDown}>
      <h2 id={groupId}>Your status</h2>
      <div role="radiogroup" aria-labelledby={groupId} className="status-options">
        <label className="status-option">
          <input ref={firstRef} type="radio" name="status" checked={selected === null} disabled={busy} onChange={() => void run(core.$automaticStatus())} />
          Automatic <span className="hint">(Active, Idle or Offline)</span>
        </label>
        {statuses.map((s) => (
          <div key={s.icon} className="status-row">
            <label className={`status-option status-${s.color}`}>
              <input type="radio" name="status" checked={s.selected} disabled={busy} onChange={() => void run(core.$selectStatus(s.icon))} />
              <span aria-hidden="true">{STATUS_ICON_GLYPHS[s.icon]}</span> {s.text}
            </label>
            <button type="button" aria-label={`Edit ${s.text}`} data-opens-form={s.icon} disabled={busy} onClick={() => openForm({ editing: s.icon, icon: s.icon, text: s.text, color: s.color })}>
              Edit
            </button>
            <button type="button" className="danger" aria-label={`Delete ${s.text}`} disabled={busy} onClick={() => void deleteStatus(s.icon)}>
              Delete
            </button>
          </div>
        ))}
        {!statusesLoaded && <p className="hint">Loading your statuses…</p>}
      </div>
      {draft ? (
        <form className="status-form" aria-label={draft.editing ? 'Edit status' : 'New status'} onSubmit={(e) => void save(e)}>
          <label className="field">
            <span>Text</span>
            <input
              ref={textRef}
              value={draft.text}
              maxLength={100}
              onChange={(e) => change({ ...draft, text: e.target.value })}
              {...blameProps(error?.field === 'text', errorId)}
            />
          </label>
          <label className="field">
            <span>Icon</span>
            <select value={draft.icon} onChange={(e) => change({ ...draft, icon: e.target.value as StatusIcon })}>
              {freeIcons.map((i) => (
                <option key={i} value={i}>
                  {STATUS_ICON_GLYPHS[i]} {STATUS_ICON_LABELS[i]}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Colour</span>
            <select value={draft.color} onChange={(e) => change({ ...draft, color: e.target.value as StatusColor })}>
              {STATUS_COLORS.map((c) => (
                <option key={c} value={c}>
                  {STATUS_COLOR_LABELS[c]}
                </option>
              ))}
            </select>
          </label>
          <div className="dialog-actions">
            <button type="submit" className="primary" disabled={busy}>
              Save status
            </button>
            <button type="button" onClick={() => closeForm(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        freeIcons.length > 0 && (
          <button type="button" data-opens-form="new" disabled={busy} onClick={() => openForm({ editing: null, icon: freeIcons[0]!, text: '', color: 'green' })}>
            Add a status
          </button>
        )
      )}
      <DialogActions error={error?.message ?? null} errorId={errorId} onCancel={onClose} cancel="Close" />
    </div>
  );
}
