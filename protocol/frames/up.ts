/** Every frame the client may send, as one union, and its encoder. */
import type { z } from 'zod';
import { ChkFrame, DevFrame, IdlFrame } from './connection';
import { describeIssue, encodeFrame, splitFrame, type FrameRejection } from './frame-codec';
import { TypFrameUp } from './typing';
import { fail, ok, type Result } from '../result';

const upSchemas = { CHK: ChkFrame, DEV: DevFrame, IDL: IdlFrame, TYP: TypFrameUp } as const;

type UpSchemas = typeof upSchemas;
export type UpCode = keyof UpSchemas;
export type UpFrame = { [C in UpCode]: { code: C; data: z.output<UpSchemas[C]> } }[UpCode];

/** Encodes an outbound frame. */
export function encodeUpFrame(frame: UpFrame): string {
  return encodeFrame(frame.code, frame.data);
}

/** Decodes an outbound frame: the server's edge for what clients send. */
export function decodeUpFrame(text: unknown): Result<UpFrame, FrameRejection> {
  const split = splitFrame(text);
  if (!split.ok) return split;
  const { code, body } = split.value;
  if (!(code in upSchemas)) return fail({ code, reason: 'unknown frame code' });
  const parsed = upSchemas[code as UpCode].safeParse(body);
  if (!parsed.success) return fail({ code, reason: describeIssue(parsed.error) });
  return ok({ code, data: parsed.data } as UpFrame);
}
