/**
 * decodeDownFrame as it was before its fast paths: split the frame, then the runtime (uncompiled) zod
 * schema of its code. The frame parity tests compare the real decoder with this.
 */
import type { z } from 'zod';
import { AldFrame, AlrFrame } from '../../protocol/frames/alerts';
import { BloFrame, ChaFrame } from '../../protocol/frames/channels';
import { AckFrame, ChkFrame, OutFrame } from '../../protocol/frames/connection';
import { KNOWN_UNHANDLED_DOWN_CODES, SEQUENCED_DOWN_CODES, type DownCode } from '../../protocol/frames/down';
import { describeIssue, splitFrame } from '../../protocol/frames/frame-codec';
import { DelFrame, FavFrame, MsgFrame, ReaFrame } from '../../protocol/frames/messages';
import { CrqFrame, NosFrame } from '../../protocol/frames/people';
import { CanFrame } from '../../protocol/frames/security';
import { TypFrameDown } from '../../protocol/frames/typing';

/** Every down code's schema, uncompiled. */
export const RUNTIME_SCHEMAS: Record<string, z.ZodType> = {
  MSG: MsgFrame, DEL: DelFrame, REA: ReaFrame, FAV: FavFrame, TYP: TypFrameDown, CHK: ChkFrame, ACK: AckFrame, OUT: OutFrame,
  CHA: ChaFrame, NOS: NosFrame, CRQ: CrqFrame, ALR: AlrFrame, ALD: AldFrame, CAN: CanFrame, BLO: BloFrame,
};

/** The decoder's answer for `text`, worked out the slow, plain way. */
export function referenceDecode(text: unknown): unknown {
  const split = splitFrame(text);
  if (!split.ok) return split;
  const { code, body } = split.value;
  const schema = RUNTIME_SCHEMAS[code];
  if (!schema) {
    return KNOWN_UNHANDLED_DOWN_CODES.has(code) ? { ok: 'ignored', code } : { ok: false, error: { code, reason: 'unknown frame code' } };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, error: { code, reason: describeIssue(parsed.error) } };
  const n = (body as { n?: unknown }).n;
  const numbered = SEQUENCED_DOWN_CODES.has(code as DownCode) && typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
  return { ok: true, value: numbered ? { code, data: parsed.data, n } : { code, data: parsed.data } };
}
