/**
 * Time-driven expiry: typing indicators (5 s), toasts (5 s / 60 s), alerts
 * that time out (5 s), mutes (checked every 10 s), the delayed upgrade alert,
 * and any other projection with a deadline. Folds judge expiry by envelope time; this
 * feature keeps one timer armed at the earliest deadline and, when it fires,
 * appends a `clock.ticked` event so the folds can drop what is due.
 */
import { nextAlertTimeout } from '../../projections/alerts';
import type { Projections } from '../../projections/fold';
import { nextNotifyDeadline } from '../../projections/notify';
import { nextPresenceExpiry } from '../../projections/presence';
import { nextToastExpiry } from '../../projections/toasts';
import { nextTypingExpiry } from '../../projections/typing';
import type { CoreContext, FeatureHooks } from '../core-context';

/** Each returns the projection's next deadline (epoch ms) or null. Add new deadlines here. */
const DEADLINES: readonly ((p: Projections) => number | null)[] = [
  (p) => nextTypingExpiry(p.typing),
  (p) => nextToastExpiry(p.toasts),
  // Alerts that dismiss themselves 5 s after arriving (spec 3 §9).
  (p) => nextAlertTimeout(p.alerts),
  // The 10 s mute check (spec 3 §4.2) and the delayed version-upgrade alert (spec 1 §4).
  (p) => nextNotifyDeadline(p.notify),
  // Others' automatic 'active' turns idle after 30 s without news (spec 3 §4.1).
  (p) => nextPresenceExpiry(p.presence),
];

export function createExpiryFeature(ctx: CoreContext): FeatureHooks {
  const { clock } = ctx.deps;
  let timer: unknown = null;
  let timerAt: number | null = null;

  function arm(): void {
    let next: number | null = null;
    for (const deadline of DEADLINES) {
      const at = deadline(ctx.projections);
      if (at !== null && (next === null || at < next)) next = at;
    }
    if (next === timerAt) return;
    clock.clearTimeout(timer);
    timerAt = next;
    if (next === null) return;
    timer = clock.setTimeout(() => {
      timerAt = null;
      ctx.dispatch('timer', [{ type: 'clock.ticked' }]);
    }, Math.max(0, next - clock.now()));
  }

  // Armed once per turn, after every event of it is folded: a burst of frames (delivered together, as a busy
  // worker receives them and as a replay delivers them) otherwise looked up every deadline after each one.
  // The timer is due at the same moment either way; only fewer are set and cleared.
  let armQueued = false;
  let stopped = false;
  function armAfterTurn(): void {
    if (armQueued) return;
    armQueued = true;
    queueMicrotask(() => {
      armQueued = false;
      if (!stopped) arm();
    });
  }

  return {
    afterDispatch: armAfterTurn,
    onLogOpened: arm,
    stop() {
      stopped = true;
      clock.clearTimeout(timer);
    },
  };
}
