/**
 * Response acceptance (spec 1 §5): a validated response is accepted only when
 * its isOk is true; otherwise the response data is the rejection, and its
 * validation messages are joined with '; ', optionally prefixed by the field name.
 */
import { z } from 'zod';
import { describeIssue } from '../frames/frame-codec';
import { fail, ok, type Failure, type Result } from '../result';
import { FAILURE } from './failure-names';

/** A per-field validation result (spec 3 §5: "a results map per field with isOk and message"). */
export const FieldResult = z.object({ isOk: z.boolean(), message: z.string().max(2_000).default('') });
export const Rejection = z.object({
  isOk: z.literal(false),
  message: z.string().max(2_000).optional(),
  results: z.record(z.string(), FieldResult).optional(),
});
export type RejectionBody = z.input<typeof Rejection>;

/** Joins the failed fields' messages with '; ', each prefixed by its field name when asked. */
export function formatValidation(results: Record<string, { isOk: boolean; message: string }>, prefixField = true): string {
  return Object.entries(results)
    .filter(([, r]) => !r.isOk)
    .map(([field, r]) => (prefixField ? `${field}: ${r.message}` : r.message))
    .join('; ');
}

export { FAILURE } from './failure-names';

/** What a call refused for want of a valid session says. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** Turns an HTTP status and body into the accepted value or a Failure. Never throws. */
export function acceptResponse<S extends z.ZodType>(schema: S, status: number, body: unknown): Result<z.output<S>, Failure> {
  if (status === 403) return fail({ name: FAILURE.unauthorized, message: SESSION_ENDED, status });
  if (status === 418) return fail({ name: FAILURE.unconfirmed, message: 'Your account needs confirmation.', status });
  if (status === 429) return fail({ name: FAILURE.rateLimited, message: 'Too many requests; retrying shortly.', status });
  if (status >= 500) return fail({ name: FAILURE.server, message: `The server failed (${status}).`, status });
  const rejection = Rejection.safeParse(body);
  if (rejection.success) {
    const { message, results } = rejection.data;
    const fromResults = results ? formatValidation(results) : '';
    const field = results ? Object.entries(results).find(([, r]) => !r.isOk)?.[0] : undefined;
    return fail({
      name: FAILURE.rejected,
      message: fromResults || message || 'The request was refused.',
      status,
      ...(field ? { field } : {}),
    });
  }
  if (status < 200 || status > 299) return fail({ name: FAILURE.rejected, message: `The request failed (${status}).`, status });
  const parsed = schema.safeParse(body);
  if (!parsed.success) return fail({ name: FAILURE.invalidResponse, message: describeIssue(parsed.error), status });
  return ok(parsed.data);
}
