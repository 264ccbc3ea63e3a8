/**
 * zod schemas compiled (zod's `z.compile`: the same results and issues, faster) on their first use rather
 * than when their module loads. Compiling generates and evaluates code for each schema: done at load, the
 * core worker paid for every schema before it could send the page its stored sidebar on a cold start (a
 * third of the worker module's evaluation), though most of them are first needed only once the socket is
 * open, and some never in a session.
 */
import { z } from 'zod';

/** Returns the schema compiled, compiling it on the first call. */
export function compiledOnUse<T extends z.ZodType>(schema: T): () => T {
  let compiled: T | undefined;
  return () => (compiled ??= z.compile(schema));
}
