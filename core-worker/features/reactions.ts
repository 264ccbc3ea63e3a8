/**
 * Reactions and the emoji picker's settings. A reaction is one small mutation
 * (toggleReaction) delivered by the outbox: applied at once as an event with
 * the entry, sent (and resent while offline), then reconciled — the server's
 * list on success, the opposite event on refusal (outbox/kinds.ts).
 */
import { baseEmoji } from '../../protocol/emoji';
import { ReactionContent } from '../../protocol/entities';
import { fail, ok, type Result } from '../../protocol/result';
import type { Projections } from '../../projections/fold';
import type { Message } from '../../protocol/entities';
import type { CoreContext, Feature } from '../core-context';
import type { OutboxFeature } from './outbox';

/** The message wherever the user can see it: the conversation (or the window around a search hit), a thread, the flagged list. */
export function findMessage(p: Projections, address: string, guid: string): Message | undefined {
  const top = p.messages.byAddress.get(address)?.byGuid.get(guid);
  if (top) return top;
  const w = p.context.window;
  const inWindow = w?.address === address ? w.store.byGuid.get(guid) : undefined;
  if (inWindow) return inWindow;
  for (const thread of p.threads.byParent.values()) {
    if (thread.address !== address) continue;
    if (thread.parent.guid === guid) return thread.parent;
    const reply = thread.byGuid.get(guid);
    if (reply) return reply;
  }
  return p.flagged.byGuid.get(guid);
}

export function createReactionsFeature(ctx: CoreContext, outbox: Pick<OutboxFeature, 'enqueue'>): Feature<'$toggleReaction' | '$noteEmojiUsed' | '$setSkinTone'> {
  /** Adds or removes the user's reaction: applied at once, delivered by the outbox. */
  async function toggleReaction(address: string, guid: string, content: string): Promise<Result<null>> {
    const me = ctx.credentials?.user_guid;
    const message = findMessage(ctx.projections, address, guid);
    if (!me || !message) return fail({ name: 'NotFound', message: 'That message is not here any more.' });
    const on = !message.reactions.some((r) => r.target_user_guid === me && r.content === content);
    const applied = [{ type: 'reaction.toggled' as const, address, guid, user_guid: me, content, on }];
    await outbox.enqueue(on ? 'react' : 'unreact', address, { guid, content, user_guid: me }, { applied });
    return ok(null);
  }

  return {
    api: {
      async $toggleReaction(address, guid, content) {
        await ctx.ready();
        const valid = ReactionContent.safeParse(content);
        if (!valid.success) return fail({ name: 'InvalidRequest', message: valid.error.issues[0]?.message ?? 'Invalid reaction', field: 'content' });
        return toggleReaction(address, guid, content);
      },
      async $noteEmojiUsed(emoji) {
        await ctx.ready();
        if (!ReactionContent.safeParse(emoji).success || !ctx.runtime.signedIn) return;
        ctx.dispatch('intent', [{ type: 'emoji.used', emoji: baseEmoji(emoji) }]);
      },
      async $setSkinTone(tone) {
        await ctx.ready();
        if (!Number.isInteger(tone) || tone < 0 || tone > 5) return fail({ name: 'InvalidRequest', message: 'A skin tone is 0 (default) to 5.', field: 'selected_skin_tone' });
        ctx.dispatch('intent', [{ type: 'skin_tone.selected', tone }]);
        return ok(null);
      },
    },
  };
}
