/**
 * Socket frames are text: a 4-character type followed by JSON (spec 1 §7).
 * The spec's codes have three letters, so the type is the code padded with one
 * space, e.g. `MSG {"message":…}`. Decoding also accepts the code followed
 * directly by JSON, which is unambiguous because JSON never starts with a letter.
 */
import type { z } from 'zod';
import { fail, ok, type Result } from '../result';

export interface FrameRejection {
  /** The frame's code, or '????' when even that could not be read. */
  code: string;
  reason: string;
}

const A = 65; // 'A'
const Z = 90; // 'Z'
const SPACE = 32;
const OPEN_BRACE = 123; // '{'

/** Whether the character at `i` is an upper-case ASCII letter (NaN past the end is not). */
const isCodeLetter = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c >= A && c <= Z;
};

/**
 * Splits a frame into its code and parsed JSON body.
 *
 * Frames are the hottest input (a heavy replay splits a million), so the checks are character codes,
 * not a regex, and the usual shape — code, one space, a JSON object — hands JSON.parse the body
 * without a trimmed copy. Any other shape takes the general path: everything after the code with
 * leading white space trimmed (trimStart's, which is wider than JSON's), an empty rest being `{}`.
 */
export function splitFrame(text: unknown): Result<{ code: string; body: unknown }, FrameRejection> {
  if (typeof text !== 'string') return fail({ code: '????', reason: 'frame is not text' });
  if (text.length > 1_000_000) return fail({ code: text.slice(0, 3), reason: 'frame larger than 1 MB' });
  if (!isCodeLetter(text, 0) || !isCodeLetter(text, 1) || !isCodeLetter(text, 2)) {
    return fail({ code: '????', reason: 'frame does not start with a 3-letter code' });
  }
  const code = text.slice(0, 3);
  let json: string;
  if (text.charCodeAt(3) === SPACE && text.charCodeAt(4) === OPEN_BRACE) json = text.slice(4);
  else if (text.charCodeAt(3) === OPEN_BRACE) json = text.slice(3);
  else {
    json = text.slice(3).trimStart();
    if (json === '') return ok({ code, body: {} });
  }
  try {
    return ok({ code, body: JSON.parse(json) as unknown });
  } catch {
    return fail({ code, reason: 'body is not valid JSON' });
  }
}

/** Encodes a frame: code padded to 4 characters, then JSON. */
export function encodeFrame(code: string, body: unknown): string {
  return `${code.padEnd(4, ' ')}${JSON.stringify(body)}`;
}

/** Formats the first zod issue as `path: message`, the form logs and rejections use. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
