/**
 * Telling others the user is typing: TYP at most once per TYPING_RESEND_MS per
 * channel. (Others' indicators expire in features/expiry.ts.)
 */
import { TYPING_RESEND_MS } from '../../protocol/frames/typing';
import type { CoreContext, Feature } from '../core-context';

export function createTypingFeature(ctx: CoreContext): Feature<'$typing'> {
  const { clock } = ctx.deps;
  const sentAt = new Map<string, number>();
  return {
    api: {
      async $typing(address) {
        const now = clock.now();
        if (now - (sentAt.get(address) ?? -Infinity) < TYPING_RESEND_MS) return;
        if (ctx.socket.send({ code: 'TYP', data: { address } })) sentAt.set(address, now);
      },
    },
  };
}
