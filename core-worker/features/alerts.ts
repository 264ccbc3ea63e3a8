/**
 * Alerts and toasts (spec 1 §4, §7, §9): the latest alerts on every
 * (re)connect, a toast for each alert that arrives live, dismissing (server
 * call, then the local mark), answering join requests, closing toasts.
 */
import { alertTypeName, isClientAlertType } from '../../protocol/rules/alerts';
import { fail, ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

const noSuchAlert = { name: 'NotFound', message: 'That alert is gone.' } as const;

export function createAlertsFeature(ctx: CoreContext): Feature<'$dismissAlerts' | '$processJoinRequest' | '$closeToast'> {
  async function loadAlerts(): Promise<void> {
    const at = ctx.epoch;
    const result = await ctx.api.call('lastAlerts', {});
    if (at !== ctx.epoch) return;
    // Logged only (spec 1 §8 "failure to load alerts"): the api client already logged it; the next connect retries.
    if (result.ok) ctx.dispatch('rest', [{ type: 'alerts.listed', alerts: result.value.alerts }]);
  }

  return {
    api: {
      async $dismissAlerts(guids) {
        await ctx.ready();
        const known = guids.filter((g) => ctx.projections.alerts.byGuid.has(g));
        if (known.length === 0) return ok(null);
        const server = known.filter((g) => !isClientAlertType(ctx.projections.alerts.byGuid.get(g)!.alert_type));
        if (server.length) {
          const result = await ctx.api.call('dismissAlerts', { alerts: server });
          if (!result.ok) return result;
        }
        ctx.dispatch('intent', [{ type: 'alerts.dismissed', guids: known }]);
        return ok(null);
      },

      async $processJoinRequest(alertGuid, approve) {
        await ctx.ready();
        const alert = ctx.projections.alerts.byGuid.get(alertGuid);
        const requestGuid = alert && typeof alert.target === 'object' ? alert.target?.['request_guid'] : undefined;
        if (!alert || typeof requestGuid !== 'string') return fail(noSuchAlert);
        const result = await ctx.api.call('teamsProcess', { alert_guid: alertGuid, guid: requestGuid, approve });
        if (!result.ok) return result;
        ctx.dispatch('rest', [{ type: 'alerts.dismissed', guids: [alertGuid] }]);
        return ok(null);
      },

      async $closeToast(id) {
        ctx.dispatch('intent', [{ type: 'toast.closed', id }]);
      },
    },

    onFrame(frame) {
      if (frame.code !== 'ALR' || frame.data.alert.is_dismissed) return;
      const { alert } = frame.data;
      ctx.showToast({ title: alertTypeName(alert.alert_type, alert.alert_type_name), body: alert.message, kind: 'info', alert_guid: alert.guid });
    },
    onSocketOpen() {
      void loadAlerts();
    },
  };
}
