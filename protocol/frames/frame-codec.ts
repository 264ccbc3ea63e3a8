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

/** Frames longer than this are refused unread. */
export const MAX_FRAME_LENGTH = 1_000_000;

const A = 65; // 'A'
const Z = 90; // 'Z'
const SPACE = 32;
const OPEN_BRACE = 123; // '{'

/** A letter's place in the alphabet for a code's first three characters, or -1 if it is not one of A–Z. */
const letterAt = (text: string, i: number): number => {
  const c = text.charCodeAt(i); // NaN past the end, which is no letter
  return c >= A && c <= Z ? c - A : -1;
};

/** How many codes there are: AAA to ZZZ. */
export const CODE_NUMBERS = 26 * 26 * 26;

/**
 * The frame's code as a number, 0 (AAA) to 17,575 (ZZZ), or -1 when the text does not start with three
 * capital letters. Decoders look codes up by this number in an array: a code sliced from a frame is a new
 * string, and looking one up by name hashes it every time (a fifth of a microsecond, per frame).
 */
export function codeNumber(text: string): number {
  const a = letterAt(text, 0);
  const b = letterAt(text, 1);
  const c = letterAt(text, 2);
  return a < 0 || b < 0 || c < 0 ? -1 : (a * 26 + b) * 26 + c;
}

/** What parseFrameBody returns for a body that is not JSON. */
export const NOT_JSON: unique symbol = Symbol('not JSON');

/**
 * Parses what follows the code: everything after it with leading white space trimmed (trimStart's,
 * which is wider than JSON's), an empty rest being `{}`. The usual shape — code, one space, a JSON
 * object — hands JSON.parse the body without a trimmed copy.
 */
export function parseFrameBody(text: string): unknown {
  let json: string;
  if (text.charCodeAt(3) === SPACE && text.charCodeAt(4) === OPEN_BRACE) json = text.slice(4);
  else if (text.charCodeAt(3) === OPEN_BRACE) json = text.slice(3);
  else {
    json = text.slice(3).trimStart();
    if (json === '') return {};
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return NOT_JSON;
  }
}

/**
 * Splits a frame into its code and parsed JSON body. Frames are the hottest input (a heavy replay
 * splits a million), so the code is checked by character codes, not a regex.
 */
export function splitFrame(text: unknown): Result<{ code: string; body: unknown }, FrameRejection> {
  if (typeof text !== 'string') return fail({ code: '????', reason: 'frame is not text' });
  if (text.length > MAX_FRAME_LENGTH) return fail({ code: text.slice(0, 3), reason: 'frame larger than 1 MB' });
  if (codeNumber(text) < 0) return fail({ code: '????', reason: 'frame does not start with a 3-letter code' });
  const code = text.slice(0, 3);
  const body = parseFrameBody(text);
  if (body === NOT_JSON) return fail({ code, reason: 'body is not valid JSON' });
  return ok({ code, body });
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
