/**
 * The user's alerts (spec 1 §4): server alerts from last_alerts and ALR frames,
 * and the client's own (types 1000+). Dismissing marks an alert; a listed
 * alert the server reports dismissed stays dismissed. Newest first.
 */
import type { Alert } from '../protocol/entities';
import type { Envelope } from '../protocol/events';
import { isClientAlertType } from '../protocol/rules/alerts';
import type { ChangeSet } from './changes';

export interface AlertsState {
  byGuid: Map<string, Alert>;
  /** Envelope time each alert arrived (for dismiss-after-timeout). */
  receivedAt: Map<string, number>;
}

export function createAlerts(): AlertsState {
  return { byGuid: new Map(), receivedAt: new Map() };
}

/** A copy later folds cannot change (alerts are values: folds replace them, never mutate them). */
export function cloneAlerts(state: AlertsState): AlertsState {
  return { byGuid: new Map(state.byGuid), receivedAt: new Map(state.receivedAt) };
}

function put(state: AlertsState, alert: Alert, at: number, changes: ChangeSet): void {
  state.byGuid.set(alert.guid, alert);
  if (!state.receivedAt.has(alert.guid)) state.receivedAt.set(alert.guid, at);
  changes.alerts.add(alert.guid);
}

export function applyAlerts(state: AlertsState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'alerts.listed': {
      const listed = new Set(event.alerts.map((a) => a.guid));
      for (const guid of [...state.byGuid.keys()]) {
        const alert = state.byGuid.get(guid)!;
        if (isClientAlertType(alert.alert_type) || listed.has(guid)) continue;
        state.byGuid.delete(guid);
        state.receivedAt.delete(guid);
        changes.alerts.add(guid);
      }
      for (const alert of event.alerts) put(state, alert, at, changes);
      return;
    }
    case 'alert.received':
      put(state, event.alert, at, changes);
      return;
    case 'alerts.dismissed':
      for (const guid of event.guids) {
        const alert = state.byGuid.get(guid);
        if (!alert || alert.is_dismissed) continue;
        state.byGuid.set(guid, { ...alert, is_dismissed: true });
        changes.alerts.add(guid);
      }
      return;
    case 'alert.cleared':
      if (state.byGuid.delete(event.guid)) {
        state.receivedAt.delete(event.guid);
        changes.alerts.add(event.guid);
      }
      return;
    case 'session.ended':
      for (const guid of state.byGuid.keys()) changes.alerts.add(guid);
      state.byGuid.clear();
      state.receivedAt.clear();
      return;
    default:
      return;
  }
}

/** Active (not dismissed) alerts, for badges. */
export function activeAlertCount(state: AlertsState): number {
  let n = 0;
  for (const a of state.byGuid.values()) if (!a.is_dismissed) n++;
  return n;
}
