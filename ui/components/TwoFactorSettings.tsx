/**
 * Two-factor reset requests (spec 1 §6, spec 3 §7.4): ask the company admins
 * for a reset, or cancel the request; admins see every pending request and
 * reset or decline it. A request cancelled meanwhile stays listed (marked) until
 * its alert is dismissed (spec 1 §4).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import type { Result } from '../../protocol/result';
import { usePlaza } from '../client/core-context';
import { formatMessageTime } from './format-time';
import { useAction } from './use-action';

export function TwoFactorSettings() {
  useSignals();
  const { store, core } = usePlaza();
  const { busy, error, run } = useAction();
  const me = store.session.value.user;
  const requests = store.mfaResets.value;
  const own = requests.find((r) => r.own && !r.cancelled);
  const others = requests.filter((r) => !r.own);

  // Requesting a reset (or cancelling it) replaces the button pressed with other content once the worker has the
  // new list, so the keyboard would fall to the page: it goes to what replaced the button — the sentence saying
  // the request was made (a status, so it is read out), or the Request button again after a cancel.
  const asked = own !== undefined;
  // (Unless the person has moved on meanwhile: the focus is left alone if it is elsewhere than the page or this line.)
  const pressed = useRef(false);
  const lineRef = useRef<HTMLParagraphElement>(null);
  const sentRef = useRef<HTMLSpanElement>(null);
  const requestRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const here = active === null || active === document.body || (lineRef.current?.contains(active) ?? false);
    if (pressed.current && here) (asked ? sentRef : requestRef).current?.focus();
    pressed.current = false;
  }, [asked]);
  const press = (call: () => Promise<Result<null>>): void => {
    pressed.current = true;
    void run(call);
  };

  return (
    <fieldset className="settings-group">
      <legend>Two-factor authentication</legend>
      {own ? (
        <p ref={lineRef}>
          <span ref={sentRef} role="status" tabIndex={-1}>
            You asked for a reset {formatMessageTime(own.requested).label}.
          </span>{' '}
          <button type="button" disabled={busy} onClick={() => press(() => core.$cancelMfaReset(own.target_user_guid))}>
            Cancel the request
          </button>
        </p>
      ) : (
        <p ref={lineRef}>
          Lost your second factor?{' '}
          <button ref={requestRef} type="button" disabled={busy} onClick={() => press(() => core.$requestMfaReset())}>
            Request two-factor reset
          </button>
        </p>
      )}
      {me?.is_company_admin && (
        <>
          <h2 className="settings-subheading">Reset requests</h2>
          {others.length === 0 ? (
            <p className="hint">No pending requests.</p>
          ) : (
            <ul className="settings-list" aria-label="Two-factor reset requests">
              {others.map((r) => (
                <li key={r.target_user_guid} aria-label={r.name}>
                  <span>{r.name}</span> <span className="hint">{formatMessageTime(r.requested).label}</span>
                  {r.cancelled ? (
                    <span className="hint"> · Cancelled (dismiss its alert to clear)</span>
                  ) : (
                    <>
                      {' '}
                      <button type="button" disabled={busy} aria-label={`Reset two-factor for ${r.name}`} onClick={() => void run(() => core.$resetMfa(r.target_user_guid))}>
                        Reset
                      </button>{' '}
                      <button type="button" disabled={busy} aria-label={`Decline the request of ${r.name}`} onClick={() => void run(() => core.$cancelMfaReset(r.target_user_guid))}>
                        Decline
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
