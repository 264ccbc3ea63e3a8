/**
 * post_as_bot (spec 1 §7): the client asks the welcome bot to speak in the
 * user's DM with it. The bot's lines arrive later as MSG frames, after its
 * typing delay. Not the caller's DM with that bot: 404 'No Bot channel found'.
 */
import { NO_BOT_CHANNEL } from '../../protocol/welcome-bot';
import { botPeer } from '../bot/bot-store';
import { getMembership } from '../channel-store';
import { reject } from '../http-util';
import type { Handlers, RouteDeps } from './context';

export function botHandlers({ db, bot }: RouteDeps): Handlers<'postAsBot'> {
  return {
    async postAsBot(user, body) {
      const channel = await getMembership(db, user.guid, body.address);
      const peer = channel ? await botPeer(db, channel.guid, user.guid) : undefined;
      if (!channel || !peer || peer.guid !== body.target_user_guid) throw reject(404, NO_BOT_CHANNEL);
      bot.request(user, peer, { guid: channel.guid, address: channel.wire.address }, body.message);
      return { isOk: true };
    },
  };
}
