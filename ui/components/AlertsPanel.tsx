/** The alerts list (spec 1 §4, §9): each alert with the actions its type allows. */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Result } from '../../protocol/result';
import type { AlertView } from '../../protocol/views';
import { usePlaza } from '../client/core-context';
import { openWithKeyboardInComposer } from './composer-focus';
import { trapTab, useKeepFocusInside, useReturnFocus } from './dialog-helpers';
import { formatMessageTime } from './format-time';

export function AlertsPanel({ onClose }: { onClose: () => void }) {
  useSignals();
  const { store } = usePlaza();
  const panelRef = useRef<HTMLDivElement>(null);
  const alerts = store.alerts.value;

  // Closed, the focus goes back to the Alerts button (or whatever opened the panel).
  useReturnFocus(panelRef);
  // Approving or dismissing an alert takes its buttons away: the keyboard stays in the panel.
  useKeepFocusInside(panelRef);
  useEffect(() => panelRef.current?.querySelector<HTMLElement>('button')?.focus(), []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (e.key === 'Tab') {
      trapTab(e, panelRef.current);
    }
  };

  return (
    <div ref={panelRef} className="alerts-panel" role="dialog" aria-label="Alerts" tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="alerts-head">
        <h2>Alerts</h2>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      {alerts.length === 0 ? (
        <p className="empty">No alerts.</p>
      ) : (
        <ul className="alerts-list" aria-label="Alerts">
          {alerts.map((a) => (
            <AlertItem key={a.guid} alert={a} onNavigate={onClose} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AlertItem({ alert, onNavigate }: { alert: AlertView; onNavigate: () => void }) {
  const { core, router } = usePlaza();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async <T,>(action: () => Promise<Result<T>>): Promise<T | null> => {
    setBusy(true);
    setError(null);
    const result = await action();
    setBusy(false);
    if (!result.ok) {
      setError(result.error.message || 'That did not work.');
      return null;
    }
    return result.value;
  };

  const runAction = async (): Promise<void> => {
    const outcome = await run(() => core.$runAlertAction(alert.guid));
    if (!outcome) return;
    if (outcome.reload) router.reload();
    else if (outcome.navigate) {
      // The keyboard goes to the conversation's composer, as from a toast's Open or Alt+Shift+M — not back to the
      // Alerts button, where the panel returns it when it closes: closed first, then the composer is looked for.
      openWithKeyboardInComposer(router, outcome.navigate, onNavigate);
    }
  };

  const label = `${alert.typeName}: ${alert.message}`;
  const classes = ['alert-item'];
  if (alert.dismissed) classes.push('alert-dismissed');
  if (alert.tone === 'error') classes.push('alert-error');
  return (
    <li className={classes.join(' ')} aria-label={label}>
      <div className="alert-text">
        <strong>{alert.typeName}</strong> <span>{alert.message}</span>
        <AlertTime created={alert.created} />
        {alert.cancelled && <span className="alert-state"> · Request cancelled</span>}
        {alert.dismissed && <span className="alert-state"> · Dismissed</span>}
      </div>
      {!alert.dismissed && (
        <div className="alert-actions">
          {alert.action && (
            <button type="button" disabled={busy} onClick={() => void runAction()}>
              {alert.action.label}
            </button>
          )}
          {alert.behaviour === 'approve' ? (
            <>
              <button type="button" disabled={busy} onClick={() => void run(() => core.$processJoinRequest(alert.guid, true))}>
                Approve
              </button>
              <button type="button" disabled={busy} onClick={() => void run(() => core.$processJoinRequest(alert.guid, false))}>
                Deny
              </button>
            </>
          ) : (
            <button type="button" disabled={busy} onClick={() => void run(() => core.$dismissAlerts([alert.guid]))}>
              Dismiss
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </li>
  );
}

function AlertTime({ created }: { created: number }) {
  const t = formatMessageTime(created);
  return (
    <time className="alert-time" dateTime={t.iso} title={t.full}>
      {' '}
      {t.label}
    </time>
  );
}
