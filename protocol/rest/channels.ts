/** Channels the user belongs to, and starting conversations (spec 1 §7 "Channels and teams", "Messages"). */
import { z } from 'zod';
import { Channel } from '../entities';
import { guid, ok, secure } from './endpoint';

export const ChannelsListRequest = z.object({ include_recent: z.boolean().default(true) });
export const ChannelsListResponse = z.object({ isOk: ok, channels: z.array(Channel).max(100_000) });

export const StartConversationRequest = z.object({ target_user_guid: guid });
export const StartConversationResponse = z.object({ isOk: ok, channel: Channel });

export const channelEndpoints = {
  channelsList: secure('/confirmed/corporate/channels/list', ChannelsListRequest, ChannelsListResponse),
  startConversation: secure('/confirmed/corporate/conversations/start', StartConversationRequest, StartConversationResponse),
} as const;
