/**
 * The welcome bot, client side (spec 1 §4, §7, §8): after each sign-in the
 * worker finds the user's DM with the bot and asks the bot to greet
 * (post_as_bot 'hello': welcome the first time, welcomeBack after). Without a
 * bot DM: 'No Bot channel found', logged. A failed post_as_bot opens the
 * 'Bot Error' popover. Choices the bot offers are answered by posting the
 * same command part back.
 */
import { BOT_USER_TYPE, isBotCommand, NO_BOT_CHANNEL } from '../../protocol/welcome-bot';
import type { DomainEvent } from '../../protocol/events';
import { fail, ok } from '../../protocol/result';
import type { CoreContext, Feature } from '../core-context';

/** A session starting, and the channel list it waits for before greeting: what afterDispatch acts on. */
const GREETING_EVENTS: ReadonlySet<DomainEvent['type']> = new Set(['session.started', 'channels.listed']);

export function createBotFeature(ctx: CoreContext): Feature<'$answerBot' | '$dismissBotError'> {
  /** A session started and the greeting waits for the channel list. */
  let greetPending = false;

  function botChannel(): { address: string; bot: string } | null {
    const p = ctx.projections;
    for (const { channel } of p.channels.byAddress.values()) {
      if (channel.channel_type !== 0 || !channel.target_user_guid) continue;
      if (p.session.usersByGuid.get(channel.target_user_guid)?.user_type === BOT_USER_TYPE) return { address: channel.address, bot: channel.target_user_guid };
    }
    return null;
  }

  async function greet(): Promise<void> {
    const found = botChannel();
    if (!found) {
      // Logged, not an error the user sees (spec 1 §8): a company may have no bot.
      ctx.deps.logger.warn(NO_BOT_CHANNEL);
      return;
    }
    const at = ctx.epoch;
    const result = await ctx.api.call('postAsBot', { target_user_guid: found.bot, address: found.address, message: 'hello' });
    if (at !== ctx.epoch || result.ok) return;
    ctx.dispatch('rest', [{ type: 'bot.failed', message: result.error.message }]);
  }

  return {
    api: {
      async $answerBot(address, code, label) {
        await ctx.ready();
        if (!isBotCommand(code)) return fail({ name: 'InvalidRequest', message: 'That is not one of the bot’s choices.' });
        const result = await ctx.api.call('post', {
          address,
          json: JSON.stringify([{ type: 'command', code, text: label.slice(0, 200) }]),
          is_urgent: false,
          client_guid: ctx.deps.random.uuid(),
        });
        if (!result.ok) return result;
        if (result.value.message.address === address) ctx.dispatch('rest', [{ type: 'message.received', message: result.value.message }]);
        return ok(null);
      },
      async $dismissBotError() {
        await ctx.ready();
        if (ctx.projections.people.botError !== null) ctx.dispatch('intent', [{ type: 'bot.error.dismissed' }]);
      },
    },
    // The only events the hook looks at (FeatureHooks.afterDispatchOf): a frame of another kind skips it.
    afterDispatchOf: GREETING_EVENTS,
    afterDispatch(events: readonly DomainEvent[]) {
      for (const e of events) {
        if (e.type === 'session.started') greetPending = true;
        else if (e.type === 'channels.listed' && greetPending) {
          greetPending = false;
          void greet();
        }
      }
    },
    onSessionEnded() {
      greetPending = false;
    },
  };
}
