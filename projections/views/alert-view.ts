/** Alerts and toasts as the UI shows them. */
import type { Alert } from '../../protocol/entities';
import { ALERT_TYPE, alertAction, alertBehaviour, alertTypeName, toastTitle } from '../../protocol/rules/alerts';
import type { AlertView, ToastView } from '../../protocol/views';
import type { ChannelsState } from '../channels';
import type { Toast } from '../toasts';

/**
 * Where a go-to alert leads: the conversation its target names (`address`),
 * or the channel of the team it names (`team_guid`) when the user is in it.
 */
export function alertAddress(alert: Alert, channels?: ChannelsState): string | null {
  const target = alert.target;
  if (!target || typeof target !== 'object') return null;
  const address = target['address'];
  if (typeof address === 'string' && address.length > 0) return address;
  const team = target['team_guid'];
  if (typeof team !== 'string' || !channels) return null;
  for (const record of channels.byAddress.values()) if (record.channel.guid === team) return record.channel.address;
  return null;
}

export function alertView(alert: Alert, context: { channels?: ChannelsState; cancelled?: boolean } = {}): AlertView {
  const address = alertAddress(alert, context.channels);
  const cancelled = context.cancelled ?? false;
  return {
    guid: alert.guid,
    type: alert.alert_type,
    typeName: alertTypeName(alert.alert_type, alert.alert_type_name),
    message: alert.message,
    created: alert.alert_created,
    dismissed: alert.is_dismissed,
    behaviour: alertBehaviour(alert.alert_type),
    address,
    action: alertAction(alert.alert_type, { address, cancelled }),
    cancelled,
    tone: alert.alert_type === ALERT_TYPE.offline ? 'error' : 'normal',
  };
}

export function toastView(toast: Toast): ToastView {
  return {
    id: toast.id,
    title: toastTitle(toast.title),
    body: toast.body ?? '',
    kind: toast.kind,
    alertGuid: toast.alert_guid ?? null,
    address: toast.address ?? null,
  };
}
