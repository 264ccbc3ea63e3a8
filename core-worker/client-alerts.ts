/**
 * Alerts the client raises itself (types 1000+, spec 1 §4, §9): one per type
 * (raising it again replaces it), shown in the alerts list and announced with a
 * toast. They never travel to the server. Any feature may raise one, e.g. the
 * connection's 'Internet connection offline' (1003) or 'Role changed' (1005).
 */
import { alertTypeName, clientAlertGuid, isClientAlertType } from '../protocol/rules/alerts';
import type { CoreContext } from './core-context';

export function raiseClientAlert(ctx: CoreContext, type: number, message: string, options: { toast?: boolean; target?: Record<string, unknown> } = {}): string {
  if (!isClientAlertType(type)) throw new Error(`raiseClientAlert: ${type} is a server alert type`);
  const guid = clientAlertGuid(type);
  const name = alertTypeName(type);
  ctx.dispatch('system', [
    {
      type: 'alert.received',
      alert: { guid, alert_type: type, alert_type_name: name, alert_created: ctx.deps.clock.now(), message, target: options.target ?? null, is_dismissed: false, toast_id: null },
    },
  ]);
  if (options.toast ?? true) ctx.showToast({ title: name, body: message, kind: type === 1003 ? 'error' : 'info', alert_guid: guid });
  return guid;
}

/** Removes a client alert that no longer applies (e.g. back online). */
export function clearClientAlert(ctx: CoreContext, type: number): void {
  const guid = clientAlertGuid(type);
  if (ctx.projections.alerts.byGuid.has(guid)) ctx.dispatch('system', [{ type: 'alert.cleared', guid }]);
}
