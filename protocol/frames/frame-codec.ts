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

/** Splits a frame into its code and parsed JSON body. */
export function splitFrame(text: unknown): Result<{ code: string; body: unknown }, FrameRejection> {
  if (typeof text !== 'string') return fail({ code: '????', reason: 'frame is not text' });
  if (text.length > 1_000_000) return fail({ code: text.slice(0, 3), reason: 'frame larger than 1 MB' });
  const code = text.slice(0, 3);
  if (!/^[A-Z]{3}$/.test(code)) return fail({ code: '????', reason: 'frame does not start with a 3-letter code' });
  const rest = text.slice(3).trimStart();
  if (rest === '') return ok({ code, body: {} });
  try {
    return ok({ code, body: JSON.parse(rest) as unknown });
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
