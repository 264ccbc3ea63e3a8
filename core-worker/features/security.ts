/**
 * Two-factor reset requests (spec 1 §4, §6; spec 3 §7.4): the pending requests
 * on every connect (all of the company's for an admin, one's own otherwise),
 * asking for a reset, cancelling, and an admin's reset. A reset alert whose
 * request is no longer pending when the two lists come in is marked cancelled.
 */
import { resetTarget } from '../../projections/mfa';
import { ok, type Result } from '../../protocol/result';
import type { DomainEvent } from '../../protocol/events';
import type { CoreContext, Feature } from '../core-context';

/** The events afterDispatch acts on (FeatureHooks.afterDispatchOf). */
const LIST_EVENTS: ReadonlySet<DomainEvent['type']> = new Set(['alerts.listed', 'mfa-resets.listed']);
/** Made once: a predicate written inline in afterDispatch was a new closure at every dispatch (every frame). */
const listsAlerts = (e: DomainEvent): boolean => LIST_EVENTS.has(e.type);

export interface SecurityFeature extends Feature<'$requestMfaReset' | '$cancelMfaReset' | '$resetMfa'> {
  reload(): Promise<void>;
  /** Resets a person's two-factor (an admin's answer, from the settings or a reset alert). */
  reset(targetUserGuid: string): Promise<Result<null>>;
}

export function createSecurityFeature(ctx: CoreContext): SecurityFeature {
  /** This session's pending requests are known: the server's list has answered once. */
  let listed = false;

  /**
   * A reset alert about a person with no pending request — cancelled while this client was away (a CAN it
   * never got, as after a reload) — is marked cancelled as a CAN would have: it offers Dismiss, not a reset.
   * Checked once both the alerts and the list of requests are in, whichever comes last.
   */
  function markStaleAlerts(): void {
    if (!listed) return;
    const { alerts, mfa } = ctx.projections;
    const gone = new Set<string>();
    for (const [guid, alert] of alerts.byGuid) {
      const who = resetTarget(alert);
      if (who && !alert.is_dismissed && !mfa.cancelledAlerts.has(guid) && !mfa.requests.has(who)) gone.add(who);
    }
    if (gone.size) ctx.dispatch('rest', [...gone].map((who) => ({ type: 'mfa-reset.cancelled' as const, target_user_guid: who })));
  }

  async function reload(): Promise<void> {
    const at = ctx.epoch;
    const result = await ctx.api.call('adminResetRequests', {});
    if (at !== ctx.epoch || !result.ok) return;
    listed = true;
    ctx.dispatch('rest', [
      { type: 'mfa-resets.listed', requests: result.value.requests.map((r) => ({ target_user_guid: r.target_user_guid, name: r.name, requested: r.requested })) },
    ]);
  }

  async function reset(targetUserGuid: string): Promise<Result<null>> {
    await ctx.ready();
    const result = await ctx.api.call('adminReset', { target_user_guid: targetUserGuid });
    if (!result.ok) return result;
    // The server dismisses every admin's alert for the request (ALD); mark ours at once.
    const mine = [...ctx.projections.alerts.byGuid.values()].filter((a) => !a.is_dismissed && resetTarget(a) === targetUserGuid).map((a) => a.guid);
    if (mine.length) ctx.dispatch('rest', [{ type: 'alerts.dismissed', guids: mine }]);
    await reload();
    return ok(null);
  }

  return {
    reload,
    reset,
    api: {
      async $requestMfaReset() {
        await ctx.ready();
        const result = await ctx.api.call('requestReset', {});
        if (!result.ok) return result;
        ctx.showToast({ title: 'Reset requested', body: 'Your company admins were asked to reset your two-factor authentication.', kind: 'success' });
        await reload();
        return ok(null);
      },
      async $cancelMfaReset(targetUserGuid) {
        await ctx.ready();
        const result = await ctx.api.call('adminResetCancel', { target_user_guid: targetUserGuid });
        if (!result.ok) return result;
        await reload();
        return ok(null);
      },
      $resetMfa: reset,
    },
    onSocketOpen() {
      void reload();
    },
    afterDispatchOf: LIST_EVENTS,
    afterDispatch(events) {
      if (events.some(listsAlerts)) markStaleAlerts();
    },
    onSessionEnded() {
      listed = false;
    },
  };
}
