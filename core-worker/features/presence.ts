/**
 * The signed-in user's automatic presence (spec 3 §4.1, §9): idle after 30 s
 * without activity, at once on window blur or when the pointer leaves; active
 * again on activity, focus or the pointer entering. The UI reports what it
 * sees (activity already debounced to one report a second); this feature
 * decides with the injected clock and tells the server with IDL. While a
 * custom status is selected it sends no idle/active messages.
 *
 * Others turn an automatic 'active' to idle 30 s after last hearing it, so
 * while the user stays active the "active" report is repeated every
 * ACTIVE_REPORT_MS (Plaza's choice, below the 30 s).
 */
import type { DomainEvent } from '../../protocol/events';
import type { CoreContext, Feature } from '../core-context';

/** The events afterDispatch acts on (FeatureHooks.afterDispatchOf). */
const STATUS_EVENTS: ReadonlySet<DomainEvent['type']> = new Set(['statuses.listed']);
/** Made once: a predicate written inline in afterDispatch was a new closure at every dispatch (every frame). */
const isStatusesListed = (e: DomainEvent): boolean => STATUS_EVENTS.has(e.type);

export const IDLE_AFTER_MS = 30_000;
export const ACTIVE_REPORT_MS = 20_000;

export interface PresenceFeature extends Feature<'$reportActivity'> {
  /** The page became attentive (focus) or not (blur, hidden). */
  attention(attentive: boolean): void;
  /** Whether the user is idle now (the DEV frame on connect carries it). */
  isIdle(): boolean;
}

export function createPresenceFeature(ctx: CoreContext): PresenceFeature {
  const { clock } = ctx.deps;
  let idle = false;
  let timer: unknown = null;
  let lastActiveSent = Number.NEGATIVE_INFINITY;
  let customWasSelected = false;

  const customSelected = (): boolean => ctx.projections.people.statuses.some((s) => s.selected);

  function send(isIdle: boolean): void {
    if (customSelected()) return;
    if (ctx.socket.send({ code: 'IDL', data: { is_idle: isIdle } }) && !isIdle) lastActiveSent = clock.now();
  }

  function stopTimer(): void {
    clock.clearTimeout(timer);
    timer = null;
  }

  function becomeIdle(source: 'intent' | 'timer' = 'timer'): void {
    stopTimer();
    if (idle) return;
    idle = true;
    ctx.dispatch(source, [{ type: 'self.activity', idle: true }]);
    send(true);
  }

  function becomeActive(source: 'intent'): void {
    stopTimer();
    timer = clock.setTimeout(() => becomeIdle('timer'), IDLE_AFTER_MS);
    if (idle) {
      idle = false;
      ctx.dispatch(source, [{ type: 'self.activity', idle: false }]);
      send(false);
    } else if (clock.now() - lastActiveSent >= ACTIVE_REPORT_MS) {
      send(false);
    }
  }

  return {
    api: {
      async $reportActivity(kind) {
        if (!ctx.runtime.signedIn) return;
        if (kind === 'pointer-leave') becomeIdle('intent');
        else becomeActive('intent');
      },
    },
    attention(attentive) {
      if (!ctx.runtime.signedIn) return;
      if (attentive) becomeActive('intent');
      else becomeIdle('intent');
    },
    isIdle: () => idle,
    onSocketOpen() {
      // DEV told the server our state; the idle countdown starts now.
      if (!idle) {
        lastActiveSent = clock.now();
        stopTimer();
        timer = clock.setTimeout(() => becomeIdle('timer'), IDLE_AFTER_MS);
      }
    },
    afterDispatchOf: STATUS_EVENTS,
    afterDispatch(events: readonly DomainEvent[]) {
      if (!events.some(isStatusesListed)) return;
      const selected = customSelected();
      // Back to automatic: the server may hold a stale idle/active from before the custom status.
      if (customWasSelected && !selected) send(idle);
      customWasSelected = selected;
    },
    onLogOpened() {
      customWasSelected = customSelected();
    },
    onSessionEnded() {
      stopTimer();
      idle = false;
      lastActiveSent = Number.NEGATIVE_INFINITY;
    },
    stop: stopTimer,
  };
}
