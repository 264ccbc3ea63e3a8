/** A value or a plain-data failure. Crosses the worker boundary by structured clone, so no classes. */
export type Result<T, E = Failure> = { ok: true; value: T } | { ok: false; error: E };

/** An expected failure, serialisable: `name` says which kind (STYLE.md principle 9). */
export interface Failure {
  name: string;
  message: string;
  /** Field the failure is about, when a form field is to blame. */
  field?: string;
  /** HTTP status, when the failure came from a response. */
  status?: number;
}

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const fail = <E = Failure>(error: E): Result<never, E> => ({ ok: false, error });

/** An unexpected error as one line for a person to read: 'TypeError: …' (anything thrown that is no Error, as text). */
export const errorText = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));
