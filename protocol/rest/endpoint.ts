/** What one REST call is: where it goes and the schemas of both directions; shared field schemas. */
import { z } from 'zod';

export const SECURE_BASE = '/secure/data';
export const AUTH_HEADERS = { loginGuid: 'x-login-guid', authToken: 'x-auth-token' } as const;

/** A guid, address or other server-issued identifier. */
export const guid = z.string().min(1).max(200);
/** `isOk: true`: only accepted responses are parsed against a response schema (spec 1 §5). */
export const ok = z.literal(true);

export type HttpMethod = 'GET' | 'POST';

export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  path: string;
  secure: boolean;
  /** POST carries the request as a JSON body; GET carries none (its request schema is the empty object). */
  method: HttpMethod;
  request: Req;
  response: Res;
}

/** A call under /secure/data that carries the session headers. */
export const secure = <Req extends z.ZodType, Res extends z.ZodType>(path: string, request: Req, response: Res): Endpoint<Req, Res> => ({
  path: `${SECURE_BASE}${path}`,
  secure: true,
  method: 'POST',
  request,
  response,
});

/** The request of a GET: nothing (no body, no query parameters). */
export const EmptyRequest = z.object({}).strict();

/** A secure GET (spec 1 §7 names a few, e.g. teams/list): the session headers, no body. */
export const secureGet = <Res extends z.ZodType>(path: string, response: Res): Endpoint<typeof EmptyRequest, Res> => ({
  path: `${SECURE_BASE}${path}`,
  secure: true,
  method: 'GET',
  request: EmptyRequest,
  response,
});

/** A call that needs no session (sign-in, signup). */
export const open = <Req extends z.ZodType, Res extends z.ZodType>(path: string, request: Req, response: Res): Endpoint<Req, Res> => ({
  path,
  secure: false,
  method: 'POST',
  request,
  response,
});
