/**
 * Reachability (Plaza's addition; docs/protocol.md "The socket"): the
 * cheapest secure call, which the client makes every few seconds while its
 * socket is down, so it reconnects as soon as the server answers again
 * instead of waiting out the socket's growing retry delay.
 */
import { z } from 'zod';
import { ok, secure } from './endpoint';

export const PingRequest = z.object({});
export const PingResponse = z.object({ isOk: ok });

export const healthEndpoints = {
  ping: secure('/ping', PingRequest, PingResponse),
} as const;
