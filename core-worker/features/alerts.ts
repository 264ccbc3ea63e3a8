/**
 * Alerts and toasts (spec 1 §4, §5, §7, §9): the latest alerts on every
 * (re)connect, a toast for each alert that arrives live and is loud (the
 * notify projection decides: mutes, settings, the admin-alerts rule), the
 * alerts' actions (go-to, refresh, retry, reload, sign out, reset), dismissing
 * (server call, then the local mark), telling the server about alerts that
 * dismissed themselves after 5 s, answering join requests, closing toasts and
 * popovers. Unknown alert types are logged once per type and still shown.
 */
import { alertAddress } from '../../projections/views/alert-view';
import { resetTarget } from '../../projections/mfa';
import type { Alert } from '../../protocol/entities';
import { ALERT_TYPE, alertAction, alertTypeName, isClientAlertType, isKnownAlertType, isPromotion, ROLE_CHANGED_MESSAGE } from '../../protocol/rules/alerts';
import { fail, ok, type Result } from '../../protocol/result';
import { raiseClientAlert } from '../client-alerts';
import type { CoreContext, Feature } from '../core-context';

const noSuchAlert = { name: 'NotFound', message: 'That alert is gone.' } as const;
const noAction = { name: 'NoAction', message: 'This alert has nothing to do besides Dismiss.' } as const;

/** What the alerts' actions need from the rest of the core. */
export interface AlertsHost {
  /** Catches up with the server: channels, directory, open conversation, alerts, settings. */
  resync(): Promise<void>;
  signOut(): Promise<void>;
  /** An admin resets a person's two-factor (features/security.ts). */
  resetMfa(targetUserGuid: string): Promise<Result<null>>;
}

export interface AlertsFeature extends Feature<'$dismissAlerts' | '$processJoinRequest' | '$closeToast' | '$runAlertAction' | '$closePopover' | '$sendInformationAlert'> {
  loadAlerts(): Promise<void>;
}

export function createAlertsFeature(ctx: CoreContext, host: AlertsHost): AlertsFeature {
  const loggedTypes = new Set<number>();
  /** Timed-out alerts being reported to the server, or whose report failed (retried on the next connect). */
  const reporting = new Set<string>();

  function noteUnknown(alerts: readonly Alert[]): void {
    for (const a of alerts) {
      if (isKnownAlertType(a.alert_type) || loggedTypes.has(a.alert_type)) continue;
      loggedTypes.add(a.alert_type);
      ctx.deps.logger.warn(`alert: unknown alert type ${a.alert_type} (${a.alert_type_name || 'no name'}), shown with Dismiss only`);
    }
  }

  async function loadAlerts(): Promise<void> {
    const at = ctx.epoch;
    const result = await ctx.api.call('lastAlerts', {});
    if (at !== ctx.epoch) return;
    // Logged only (spec 1 §8 "failure to load alerts"): the api client already logged it; the next connect retries.
    if (!result.ok) return;
    noteUnknown(result.value.alerts);
    ctx.dispatch('rest', [{ type: 'alerts.listed', alerts: result.value.alerts }]);
  }

  /** Dismisses alerts: the server's first (spec 1 §4: a server call, then the local mark), the client's own at once. */
  async function dismiss(guids: readonly string[]): Promise<Result<null>> {
    const known = guids.filter((g) => ctx.projections.alerts.byGuid.has(g));
    if (known.length === 0) return ok(null);
    const server = known.filter((g) => !isClientAlertType(ctx.projections.alerts.byGuid.get(g)!.alert_type));
    if (server.length) {
      const result = await ctx.api.call('dismissAlerts', { alerts: server });
      if (!result.ok) return result;
    }
    ctx.dispatch('intent', [{ type: 'alerts.dismissed', guids: known }]);
    return ok(null);
  }

  /** Tells the server about alerts that dismissed themselves after their timeout. */
  async function reportTimedOut(): Promise<void> {
    const due = [...ctx.projections.alerts.timedOut].filter((g) => !reporting.has(g));
    if (due.length === 0 || !ctx.runtime.signedIn) return;
    for (const g of due) reporting.add(g);
    const at = ctx.epoch;
    const result = await ctx.api.call('dismissAlerts', { alerts: due });
    if (at !== ctx.epoch) return;
    if (!result.ok) return; // stays in `reporting` until the next connect
    for (const g of due) reporting.delete(g);
    ctx.dispatch('rest', [{ type: 'alerts.dismissed', guids: due }]);
  }

  return {
    loadAlerts,
    api: {
      async $dismissAlerts(guids) {
        await ctx.ready();
        return dismiss(guids);
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

      async $runAlertAction(guid) {
        await ctx.ready();
        const p = ctx.projections;
        const alert = p.alerts.byGuid.get(guid);
        if (!alert) return fail(noSuchAlert);
        const address = alertAddress(alert, p.channels);
        const action = alertAction(alert.alert_type, { address, cancelled: p.mfa.cancelledAlerts.has(guid) });
        if (!action) return fail(noAction);
        switch (action.kind) {
          case 'go-to':
            // Opening matters more than the mark: a failed dismissal (logged by the api client) leaves it active.
            await dismiss([guid]);
            return ok({ navigate: address, reload: false });
          case 'refresh':
            await host.resync();
            await dismiss([guid]);
            return ok({ navigate: null, reload: false });
          case 'retry':
            // The alert goes by itself once the connection is back.
            await host.resync();
            return ok({ navigate: null, reload: false });
          case 'reload':
            await dismiss([guid]);
            return ok({ navigate: null, reload: true });
          case 'sign-out':
            await dismiss([guid]);
            await host.signOut();
            return ok({ navigate: null, reload: false });
          case 'reset': {
            const who = resetTarget(alert);
            if (!who) return fail(noSuchAlert);
            const result = await host.resetMfa(who);
            return result.ok ? ok({ navigate: null, reload: false }) : result;
          }
        }
      },

      async $sendInformationAlert(message, promotion) {
        await ctx.ready();
        const result = await ctx.api.call('broadcastAlert', { message, promotion });
        if (!result.ok) return result;
        ctx.showToast({ title: 'Alert sent', body: `Sent to ${result.value.sent} ${result.value.sent === 1 ? 'person' : 'people'}.`, kind: 'success' });
        return ok({ sent: result.value.sent });
      },

      async $closeToast(id) {
        ctx.dispatch('intent', [{ type: 'toast.closed', id }]);
      },

      async $closePopover(id) {
        ctx.dispatch('intent', [{ type: 'popover.closed', id }]);
      },
    },

    frames: {
      ALR(frame) {
        const { alert } = frame.data;
        noteUnknown([alert]);
        const notify = ctx.projections.notify;
        // Spec 1 §5: an admin alert a non-admin should not hear means they were promoted.
        if (notify.promotedBy === alert.guid) raiseClientAlert(ctx, ALERT_TYPE.roleChanged, ROLE_CHANGED_MESSAGE);
        if (notify.loudAlert !== alert.guid) return;
        const promotion = isPromotion(alert.alert_type, alert.target);
        ctx.showToast({ title: alertTypeName(alert.alert_type, alert.alert_type_name), body: alert.message, kind: promotion ? 'promotion' : 'info', alert_guid: alert.guid });
      },
    },
    onSocketOpen() {
      reporting.clear();
      void loadAlerts();
    },
    afterDispatch() {
      if (ctx.projections.alerts.timedOut.size) void reportTimedOut();
    },
    onSessionEnded() {
      reporting.clear();
    },
  };
}
