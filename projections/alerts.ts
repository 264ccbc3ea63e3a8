/**
 * The user's alerts (spec 1 §4): server alerts from last_alerts and ALR frames,
 * and the client's own (types 1000+). Dismissing marks an alert; a listed
 * alert the server reports dismissed stays dismissed. Newest first.
 *
 * Alerts whose behaviour is 'dismiss after timeout' (types 4, 10, 17, 19, 20)
 * are dismissed 5 s after they arrive (spec 3 §9 "Alerts timeout 5 s"), judged
 * by envelope time like toasts; `timedOut` remembers the server alerts
 * dismissed that way until the server has been told (features/alerts.ts).
 */
import type { Alert } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { ALERT_TIMEOUT_MS, alertBehaviour, isClientAlertType } from '../protocol/rules/alerts';
import type { ChangeSet } from './changes';

export interface AlertsState {
  byGuid: Map<string, Alert>;
  /** Envelope time each alert arrived (for dismiss-after-timeout). */
  receivedAt: Map<string, number>;
  /** Undismissed alerts that dismiss themselves, and when. */
  timeouts: Map<string, number>;
  /** Server alerts dismissed by their timeout that the server has not yet been told about. */
  timedOut: Set<string>;
}

export function createAlerts(): AlertsState {
  return { byGuid: new Map(), receivedAt: new Map(), timeouts: new Map(), timedOut: new Set() };
}

/** A copy later folds cannot change (alerts are values: folds replace them, never mutate them). */
export function cloneAlerts(state: AlertsState): AlertsState {
  return { byGuid: new Map(state.byGuid), receivedAt: new Map(state.receivedAt), timeouts: new Map(state.timeouts), timedOut: new Set(state.timedOut) };
}

function put(state: AlertsState, alert: Alert, at: number, changes: ChangeSet): void {
  state.byGuid.set(alert.guid, alert);
  if (!state.receivedAt.has(alert.guid)) state.receivedAt.set(alert.guid, at);
  if (alert.is_dismissed) {
    state.timeouts.delete(alert.guid);
    state.timedOut.delete(alert.guid);
  } else if (alertBehaviour(alert.alert_type) === 'dismiss-after-timeout') {
    state.timeouts.set(alert.guid, state.receivedAt.get(alert.guid)! + ALERT_TIMEOUT_MS);
  }
  changes.alerts.add(alert.guid);
}

function forget(state: AlertsState, guid: string, changes: ChangeSet): void {
  state.byGuid.delete(guid);
  state.receivedAt.delete(guid);
  state.timeouts.delete(guid);
  state.timedOut.delete(guid);
  changes.alerts.add(guid);
}

function dismiss(state: AlertsState, guid: string, changes: ChangeSet): boolean {
  state.timeouts.delete(guid);
  const alert = state.byGuid.get(guid);
  if (!alert || alert.is_dismissed) return false;
  state.byGuid.set(guid, { ...alert, is_dismissed: true });
  changes.alerts.add(guid);
  return true;
}

/** Dismisses what timed out by `at`. */
function timeOut(state: AlertsState, at: number, changes: ChangeSet): void {
  for (const [guid, due] of state.timeouts) {
    if (due > at) continue;
    const alert = state.byGuid.get(guid);
    if (dismiss(state, guid, changes) && alert && !isClientAlertType(alert.alert_type)) state.timedOut.add(guid);
  }
}

export function applyAlerts(state: AlertsState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'alerts.listed': {
      const listed = new Set(event.alerts.map((a) => a.guid));
      for (const guid of [...state.byGuid.keys()]) {
        const alert = state.byGuid.get(guid)!;
        if (isClientAlertType(alert.alert_type) || listed.has(guid)) continue;
        forget(state, guid, changes);
      }
      for (const alert of event.alerts) put(state, alert, at, changes);
      break;
    }
    case 'alert.received':
      put(state, event.alert, at, changes);
      break;
    case 'alerts.dismissed':
      for (const guid of event.guids) {
        state.timedOut.delete(guid);
        dismiss(state, guid, changes);
      }
      break;
    case 'alert.cleared':
      if (state.byGuid.has(event.guid)) forget(state, event.guid, changes);
      break;
    case 'session.ended':
      for (const guid of [...state.byGuid.keys()]) forget(state, guid, changes);
      break;
    default:
      break;
  }
  // After the event, so an overdue alert that is listed again goes straight back to dismissed.
  if (state.timeouts.size) timeOut(state, at, changes);
}

/** Active (not dismissed) alerts, for badges. */
export function activeAlertCount(state: AlertsState): number {
  let n = 0;
  for (const a of state.byGuid.values()) if (!a.is_dismissed) n++;
  return n;
}

/** When the next alert dismisses itself, or null. */
export function nextAlertTimeout(state: AlertsState): number | null {
  let next: number | null = null;
  for (const due of state.timeouts.values()) if (next === null || due < next) next = due;
  return next;
}
