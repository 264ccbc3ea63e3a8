/**
 * Custom status (spec 3 §3, §7.6, §8): the user's list on every (re)connect,
 * select / automatic / insert / update / delete, each answered with the whole
 * list. A failed call reloads the list, so the menu never shows a state the
 * server does not have. Another user's status with an unknown icon or colour
 * is logged only (it shows as automatic).
 */
import { isKnownStatus, type UserCustomStatus } from '../../protocol/custom-status';
import type { DomainEvent } from '../../protocol/events';
import type { ResponseOf } from '../../protocol/rest/endpoints';
import { ok, type Result } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

/** The events that carry others' custom statuses, which afterDispatch checks. */
const STATUS_CARRIERS: ReadonlySet<DomainEvent['type']> = new Set(['presence.changed', 'users.listed']);

type StatusMethods = '$selectStatus' | '$automaticStatus' | '$insertStatus' | '$updateStatus' | '$deleteStatus';

export function createStatusFeature(ctx: CoreContext): Feature<StatusMethods> {
  async function reload(): Promise<void> {
    const at = ctx.epoch;
    const result = await ctx.api.call('statusList', {});
    if (at === ctx.epoch && result.ok) ctx.dispatch('rest', [{ type: 'statuses.listed', statuses: result.value.statuses }]);
  }

  async function change(call: Promise<Result<ResponseOf<'statusList'>>>): Promise<Result<null>> {
    await ctx.ready();
    const at = ctx.epoch;
    const result = await call;
    if (at !== ctx.epoch) return ok(null);
    if (!result.ok) {
      await reload();
      return result;
    }
    ctx.dispatch('rest', [{ type: 'statuses.listed', statuses: result.value.statuses }]);
    return ok(null);
  }

  function logUnknown(status: UserCustomStatus | null | undefined, who: string): void {
    if (status && !isKnownStatus(status)) ctx.rejections.reject('status', `unknown custom status ${status.icon}/${status.color} of ${who}`);
  }

  return {
    api: {
      $selectStatus: (icon) => change(ctx.api.call('statusSelect', { icon })),
      $automaticStatus: () => change(ctx.api.call('statusAutomatic', {})),
      $insertStatus: (status) => change(ctx.api.call('statusInsert', status)),
      $updateStatus: (icon, status) =>
        change(ctx.api.call('statusUpdate', { icon, text: status.text, color: status.color, ...(status.icon !== icon ? { new_icon: status.icon } : {}) })),
      $deleteStatus: (icon) => change(ctx.api.call('statusDelete', { icon })),
    },
    // The only events the hook looks at (FeatureHooks.afterDispatchOf): a frame of another kind skips it.
    afterDispatchOf: STATUS_CARRIERS,
    afterDispatch(events: readonly DomainEvent[]) {
      for (const e of events) {
        if (e.type === 'presence.changed') logUnknown(e.custom_status, e.user_guid);
        else if (e.type === 'users.listed') for (const u of e.users) logUnknown(u.custom_status, u.target_user_guid);
      }
    },
    onSocketOpen() {
      void reload();
    },
  };
}
