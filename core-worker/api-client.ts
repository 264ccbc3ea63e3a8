/**
 * The one place REST responses enter the core: each call's request is checked
 * against its schema before sending, and the response goes through the spec's
 * acceptance rule (isOk) and its schema. Never throws.
 */
import type { z } from 'zod';
import { acceptResponse, FAILURE, SESSION_ENDED } from '../protocol/rest/acceptance';
import { AUTH_HEADERS, endpoints, type EndpointName, type RequestOf, type ResponseOf } from '../protocol/rest/endpoints';
import { fail, type Failure, type Result } from '../protocol/result';
import type { HttpPost } from './ports';
import type { RejectionLog } from './rejection-log';

export interface Credentials {
  login_guid: string;
  auth_token: string;
  user_guid: string;
}

export interface ApiClient {
  call<N extends EndpointName>(name: N, body: RequestOf<N>): Promise<Result<ResponseOf<N>>>;
}

export function createApiClient(options: {
  baseUrl: string;
  http: HttpPost;
  credentials: () => Credentials | null;
  rejections: RejectionLog;
  /** Told about every failed call, e.g. to end the session on 403. */
  onFailure: (name: EndpointName, failure: Failure) => void;
  /** Told about every accepted answer, e.g. to leave the landing page after a 418. */
  onSuccess?: (name: EndpointName) => void;
}): ApiClient {
  return {
    async call(name, body) {
      const endpoint = endpoints[name];
      const request = (endpoint.request as z.ZodType).safeParse(body);
      if (!request.success) {
        const issue = request.error.issues[0];
        return fail({ name: 'InvalidRequest', message: issue?.message ?? 'Invalid request', ...(issue?.path[0] !== undefined ? { field: String(issue.path[0]) } : {}) });
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (endpoint.secure) {
        const creds = options.credentials();
        if (!creds) return fail({ name: FAILURE.unauthorized, message: 'Not signed in', status: 403 });
        headers[AUTH_HEADERS.loginGuid] = creds.login_guid;
        headers[AUTH_HEADERS.authToken] = creds.auth_token;
      }
      let result: Result<ResponseOf<typeof name>>;
      try {
        const response = await options.http(`${options.baseUrl}${endpoint.path}`, request.data, headers, endpoint.method);
        result = acceptResponse(endpoint.response, response.status, response.body) as Result<ResponseOf<typeof name>>;
        // 401 is a wrong password at sign-in; on a secure call it can only mean the session is no longer valid
        // (an expired one, as some gateways answer): it ends the session like 403, rather than being a refusal
        // of what was asked — a post shown 'Not sent', to retry by hand, in a session that goes on failing.
        if (!result.ok && endpoint.secure && response.status === 401) result = fail({ ...result.error, name: FAILURE.unauthorized, message: SESSION_ENDED });
      } catch (error) {
        result = fail({ name: FAILURE.network, message: `Network error: ${error instanceof Error ? error.message : String(error)}` });
      }
      if (!result.ok) {
        if (result.error.name === FAILURE.invalidResponse) options.rejections.reject(name, result.error.message);
        options.onFailure(name, result.error);
      } else options.onSuccess?.(name);
      return result;
    },
  };
}

