/**
 * The plain type checks the frame fast path is written in (protocol/frames/fast/frames.ts).
 * Each one accepts exactly the values the zod check named beside it accepts — for the JSON values
 * a frame body can hold (no undefined, no NaN; `1e999` does parse to Infinity) — so a fast
 * validator built from them says "yes" only where its zod schema does. Anything else is "no",
 * and the caller falls back to the schema, which says why.
 */

/** z.object(...): a non-null object that is not an array. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * z.string().min(min).max(max). zod measures strings in code points: a surrogate pair counts once, a
 * lone surrogate once. A string within the bounds in UTF-16 units is within them in code points too
 * (for min ≤ 1, as here); only a string longer in units than `max` needs counting.
 */
export const isText = (v: unknown, max: number, min: 0 | 1 = 0): v is string =>
  typeof v === 'string' && v.length >= min && (v.length <= max || codePoints(v) <= max);

/** The number of code points in a string (zod's codePointLength). */
function codePoints(s: string): number {
  let count = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    if ((s.charCodeAt(i) & 0xfc00) === 0xd800 && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}

/** The wire's guid: z.string().min(1).max(200). */
export const isGuid = (v: unknown): v is string => isText(v, 200, 1);

/**
 * z.number().int().min(min).max(max). zod's `.int()` is its "safeint" format: a finite integer within
 * ±(2^53 − 1), which is Number.isSafeInteger (false for Infinity and NaN too).
 */
export const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/** z.number().int().nonnegative(): counts, sequence numbers and epoch milliseconds. */
export const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** z.number(): any finite number (zod 4 refuses Infinity). */
export const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** z.boolean(). */
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
