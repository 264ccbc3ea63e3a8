/** Alerts and toasts as the UI shows them. */
import type { Alert } from '../../protocol/entities';
import { alertBehaviour, alertTypeName, toastTitle } from '../../protocol/rules/alerts';
import type { AlertView, ToastView } from '../../protocol/views';
import type { Toast } from '../toasts';

/** The channel an alert's target names (`address`), if it is a string. */
function targetAddress(alert: Alert): string | null {
  const target = alert.target;
  if (!target || typeof target !== 'object') return null;
  const address = target['address'];
  return typeof address === 'string' && address.length > 0 ? address : null;
}

export function alertView(alert: Alert): AlertView {
  return {
    guid: alert.guid,
    type: alert.alert_type,
    typeName: alertTypeName(alert.alert_type, alert.alert_type_name),
    message: alert.message,
    created: alert.alert_created,
    dismissed: alert.is_dismissed,
    behaviour: alertBehaviour(alert.alert_type),
    address: targetAddress(alert),
  };
}

export function toastView(toast: Toast): ToastView {
  return { id: toast.id, title: toastTitle(toast.title), body: toast.body ?? '', kind: toast.kind, alertGuid: toast.alert_guid ?? null };
}
