/**
 * A modal dialog (WAI-ARIA dialog pattern): rendered in the overlay layer (<body>, or the replayed app's frame
 * in the debugger), labelled by its title; focus moves into it when it opens, Tab is kept inside, Escape and
 * the backdrop close it, and focus goes back to where it was when it closes.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { trapTab, useKeepFocusInside, useReturnFocus } from './dialog-helpers';
import { Overlay } from './overlay-layer';

export interface DialogProps {
  /** The dialog's accessible name, and its heading unless `heading` is given. */
  title: string;
  /** A heading that differs from the name (a profile card is named "Profile of X" and headed "X"); null: none shown (the quick switcher's field says what it is). */
  heading?: ReactNode | null;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** The dialog element, for a caller that looks inside it (e.g. to move focus into a grid). */
  dialogRef?: RefObject<HTMLDivElement | null>;
  /** The dialog's own keys (Escape and Tab are the dialog's): the quick switcher's arrows and Enter. */
  onKeyDown?: (e: KeyboardEvent<HTMLDivElement>) => void;
}

export function Dialog({ title, heading = title, onClose, children, className, dialogRef, onKeyDown: ownKeys }: DialogProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = dialogRef ?? ownRef;

  // When it closes, focus goes back to the control that opened it — unless it has gone, or closing moved
  // focus on (a dialog that opens what it made). When it opens, the first field (or else control) gets it.
  useReturnFocus(ref);
  useKeepFocusInside(ref);
  useEffect(() => {
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>('input, textarea, select') ?? dialog?.querySelector<HTMLElement>('button');
    first?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      trapTab(e, ref.current);
    } else {
      ownKeys?.(e);
    }
  };

  return (
    <Overlay>
      <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
        <div ref={ref} className={`dialog${className ? ` ${className}` : ''}`} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} onKeyDown={onKeyDown}>
          {heading !== null && <h2>{heading}</h2>}
          {children}
        </div>
      </div>
    </Overlay>
  );
}

/**
 * The foot of a dialog: its error, if any, as an alert, then its buttons — the one that closes it (Cancel, or
 * Close where nothing is pending) first, then the dialog's own (`children`: Save, Create, Delete…).
 */
export function DialogActions({
  error,
  errorId,
  onCancel,
  cancel = 'Cancel',
  children,
}: {
  error: string | null;
  /** The error's element id, for the field it blames to name (blameProps). */
  errorId?: string;
  onCancel: () => void;
  cancel?: 'Cancel' | 'Close';
  children?: ReactNode;
}) {
  return (
    <>
      {error && (
        <p id={errorId} role="alert" className="error">
          {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onCancel}>
          {cancel}
        </button>
        {children}
      </div>
    </>
  );
}

/** Runs an action that returns a Result, keeping busy and error state for a form. */
export async function runAction(
  action: () => Promise<{ ok: true } | { ok: false; error: { message: string; field?: string } }>,
  setBusy: (busy: boolean) => void,
  setError: (error: string | null) => void,
): Promise<{ ok: boolean; field?: string }> {
  setBusy(true);
  setError(null);
  const result = await action();
  setBusy(false);
  if (result.ok) return { ok: true };
  setError(result.error.message);
  return { ok: false, ...(result.error.field ? { field: result.error.field } : {}) };
}
