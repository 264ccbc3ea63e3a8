/**
 * Typing indicators: sending TYP (at most once per TYPING_RESEND_MS per
 * channel) and expiring others' indicators 5 s after they arrived (spec 1 §4),
 * with one timer armed for the earliest expiry.
 */
import { nextTypingExpiry } from '../../projections/typing';
import { TYPING_RESEND_MS } from '../../protocol/frames/typing';
import type { CoreContext, Feature } from '../core-context';

export function createTypingFeature(ctx: CoreContext): Feature<'$typing'> {
  const { clock } = ctx.deps;
  const sentAt = new Map<string, number>();
  let timer: unknown = null;
  let timerAt: number | null = null;

  function scheduleExpiry(): void {
    const next = nextTypingExpiry(ctx.projections.typing);
    if (next === timerAt) return;
    clock.clearTimeout(timer);
    timerAt = next;
    if (next === null) return;
    timer = clock.setTimeout(() => {
      timerAt = null;
      ctx.dispatch('timer', [{ type: 'clock.ticked' }]);
    }, Math.max(0, next - clock.now()));
  }

  return {
    api: {
      async $typing(address) {
        const now = clock.now();
        if (now - (sentAt.get(address) ?? -Infinity) < TYPING_RESEND_MS) return;
        if (ctx.socket.send({ code: 'TYP', data: { address } })) sentAt.set(address, now);
      },
    },
    afterDispatch: scheduleExpiry,
    onLogOpened: scheduleExpiry,
    stop() {
      clock.clearTimeout(timer);
    },
  };
}
