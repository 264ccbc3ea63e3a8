/**
 * Pending two-factor reset requests (spec 1 §4, §6): for company admins every
 * request of the company, for others their own. A request cancelled through a
 * CAN frame stays flagged for the admins until they dismiss its alert (type
 * 16): dismissing a cancelled reset alert clears the reset flag for the person
 * (spec 1 §4). The person's own cancelled request simply goes.
 */
import type { Alert } from '../protocol/entities';
import type { Envelope, MfaResetEntry } from '../protocol/events';
import { ALERT_TYPE } from '../protocol/rules/alerts';
import type { AlertsState } from './alerts';
import type { ChangeSet } from './changes';

export interface MfaRequest extends MfaResetEntry {
  cancelled: boolean;
}

export interface MfaState {
  /** By target_user_guid. */
  requests: Map<string, MfaRequest>;
  /** Reset alerts (type 16) whose request was cancelled. */
  cancelledAlerts: Set<string>;
}

export function createMfa(): MfaState {
  return { requests: new Map(), cancelledAlerts: new Set() };
}

/** The person a reset alert is about. */
export function resetTarget(alert: Alert): string | null {
  if (alert.alert_type !== ALERT_TYPE.mfaResetRequest || !alert.target || typeof alert.target !== 'object') return null;
  const who = alert.target['target_user_guid'];
  return typeof who === 'string' && who ? who : null;
}

function resetName(alert: Alert): string {
  const name = alert.target && typeof alert.target === 'object' ? alert.target['name'] : undefined;
  return typeof name === 'string' ? name : '';
}

/** Marks the undismissed reset alerts about `who` cancelled. */
function cancelAlertsOf(state: MfaState, alerts: AlertsState, who: string, changes: ChangeSet): void {
  for (const alert of alerts.byGuid.values()) {
    if (alert.is_dismissed || resetTarget(alert) !== who || state.cancelledAlerts.has(alert.guid)) continue;
    state.cancelledAlerts.add(alert.guid);
    changes.alerts.add(alert.guid);
  }
}

/**
 * A request is no longer pending: the user's own goes; another person's stays
 * flagged as cancelled while an undismissed reset alert about them remains.
 */
function cancel(state: MfaState, alerts: AlertsState, who: string, me: string | undefined, changes: ChangeSet): void {
  const request = state.requests.get(who);
  const alert = [...alerts.byGuid.values()].find((a) => !a.is_dismissed && resetTarget(a) === who);
  if (who === me || !alert) {
    if (state.requests.delete(who)) changes.mfa = true;
  } else if (!request?.cancelled) {
    // A request not known here (it was cancelled before this client listed them) is named by its alert.
    state.requests.set(who, { ...(request ?? { target_user_guid: who, name: resetName(alert), requested: alert.alert_created }), cancelled: true });
    changes.mfa = true;
  }
  cancelAlertsOf(state, alerts, who, changes);
}

export function applyMfa(state: MfaState, { event }: Envelope, changes: ChangeSet, me: string | undefined, alerts: AlertsState): void {
  switch (event.type) {
    case 'mfa-resets.listed': {
      const listed = new Set(event.requests.map((r) => r.target_user_guid));
      // Gone from the server's list while we were away: cancelled or answered (an answer's alerts come dismissed).
      for (const who of [...state.requests.keys()]) if (!listed.has(who)) cancel(state, alerts, who, me, changes);
      for (const r of event.requests) state.requests.set(r.target_user_guid, { ...r, cancelled: false });
      changes.mfa = true;
      return;
    }
    case 'alert.received': {
      const who = resetTarget(event.alert);
      if (!who || event.alert.is_dismissed || alerts.byGuid.has(event.alert.guid)) return;
      state.requests.set(who, { target_user_guid: who, name: resetName(event.alert), requested: event.alert.alert_created, cancelled: false });
      changes.mfa = true;
      return;
    }
    case 'mfa-reset.cancelled':
      cancel(state, alerts, event.target_user_guid, me, changes);
      return;
    case 'alerts.dismissed':
      for (const guid of event.guids) {
        const alert = alerts.byGuid.get(guid);
        if (!alert || !state.cancelledAlerts.has(guid)) continue;
        const who = resetTarget(alert);
        if (who && state.requests.get(who)?.cancelled && state.requests.delete(who)) changes.mfa = true;
      }
      return;
    case 'session.ended':
      if (state.requests.size) changes.mfa = true;
      state.requests.clear();
      state.cancelledAlerts.clear();
      return;
    default:
      return;
  }
}
