/** The welcome bot (spec 1 §7): ask the bot to post a step of its sequence into the user's bot channel. */
import { z } from 'zod';
import { BotRequest } from '../welcome-bot';
import { guid, ok, secure } from './endpoint';

/** target_user_guid: the bot; address: the caller's DM with it; message: the step (or 'hello'). */
export const PostAsBotRequest = z.object({ target_user_guid: guid, address: guid, message: BotRequest });
export const PostAsBotResponse = z.object({ isOk: ok });

export const botEndpoints = {
  postAsBot: secure('/confirmed/corporate/messages/post_as_bot', PostAsBotRequest, PostAsBotResponse),
} as const;
