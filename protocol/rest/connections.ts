/**
 * Connection requests and connect links (spec 2 §7 Connections). The spec
 * names /corporate/cr/list and /cr/respond; Plaza puts them under
 * /confirmed/corporate/cr/ beside the other session-checked calls
 * (docs/protocol.md). connect/delete is Plaza's addition.
 */
import { z } from 'zod';
import {
  CONNECT_LINK_CLICKS_MESSAGE,
  CONNECT_LINK_CLICKS_RANGE,
  CONNECT_LINK_MAX_CLICKS,
  CONNECT_LINK_TTL_RANGE,
  CONNECT_LINK_TTL_SECONDS,
  ConnectionRequest,
  ConnectLink,
} from '../connections';
import { Channel } from '../entities';
import { guid, ok, secure } from './endpoint';

export const CrListResponse = z.object({ isOk: ok, requests: z.array(ConnectionRequest).max(10_000) });
/** response: 0 accept, 1 reject. */
export const CrRespondRequest = z.object({ guid, response: z.union([z.literal(0), z.literal(1)], { error: 'response must be 0 (accept) or 1 (reject)' }) });
/** On accept, the conversation with the new connection. */
export const CrRespondResponse = z.object({ isOk: ok, channel: Channel.nullable().default(null) });

export const ConnectCodesResponse = z.object({ isOk: ok, links: z.array(ConnectLink).max(10_000) });
export const ConnectCreateRequest = z.object({
  ttl_seconds: z
    .number()
    .int()
    .min(CONNECT_LINK_TTL_RANGE.min, 'A link lasts at least an hour.')
    .max(CONNECT_LINK_TTL_RANGE.max, 'A link lasts at most 30 days.')
    .default(CONNECT_LINK_TTL_SECONDS),
  max_clicks: z
    .number(CONNECT_LINK_CLICKS_MESSAGE)
    .int(CONNECT_LINK_CLICKS_MESSAGE)
    .min(CONNECT_LINK_CLICKS_RANGE.min, CONNECT_LINK_CLICKS_MESSAGE)
    .max(CONNECT_LINK_CLICKS_RANGE.max, CONNECT_LINK_CLICKS_MESSAGE)
    .default(CONNECT_LINK_MAX_CLICKS),
  team_guid: guid.nullable().optional(),
});
export const ConnectCreateResponse = z.object({ isOk: ok, link: ConnectLink });
export const ConnectDeleteRequest = z.object({ cl_guid: guid });
export const ConnectStartRequest = z.object({ cl_guid: guid });
/**
 * `channel` is the conversation when the two are colleagues or already
 * connected; null means a connection request was sent and awaits approval
 * (spec 2 §8: "returns no user").
 */
export const ConnectStartResponse = z.object({ isOk: ok, channel: Channel.nullable().default(null) });

const empty = z.object({});
export const connectionEndpoints = {
  crList: secure('/confirmed/corporate/cr/list', empty, CrListResponse),
  crRespond: secure('/confirmed/corporate/cr/respond', CrRespondRequest, CrRespondResponse),
  connectCodes: secure('/confirmed/corporate/connect/codes', empty, ConnectCodesResponse),
  connectCreate: secure('/confirmed/corporate/connect/create', ConnectCreateRequest, ConnectCreateResponse),
  connectDelete: secure('/confirmed/corporate/connect/delete', ConnectDeleteRequest, z.object({ isOk: ok })),
  connectStart: secure('/confirmed/corporate/connect/start_conversation', ConnectStartRequest, ConnectStartResponse),
} as const;
