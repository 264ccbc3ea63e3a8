/** "Are you sure?" for actions that cannot be undone from here (deleting, leaving). */
import { useState } from 'react';
import type { Result } from '../../protocol/result';
import { Dialog, DialogActions, runAction } from './Dialog';

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  onDone,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<Result<unknown>>;
  onClose: () => void;
  /** After a success (default: close). */
  onDone?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (): Promise<void> => {
    const done = await runAction(onConfirm, setBusy, setError);
    if (done.ok) (onDone ?? onClose)();
  };
  return (
    <Dialog title={title} onClose={onClose}>
      <p>{message}</p>
      <DialogActions error={error} onCancel={onClose}>
        <button type="button" className="danger" disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </DialogActions>
    </Dialog>
  );
}
