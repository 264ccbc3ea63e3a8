/** Every frame the server may send, as one union, and its only decoder. */
import { z } from 'zod';
import { fail, ok, type Result } from '../result';
import { AldFrame, AlrFrame } from './alerts';
import { BloFrame, ChaFrame } from './channels';
import { AckFrame, ChkFrame, OutFrame } from './connection';
import { describeIssue, splitFrame, type FrameRejection } from './frame-codec';
import { DelFrame, FavFrame, MsgFrame, ReaFrame } from './messages';
import { CrqFrame, NosFrame } from './people';
import { TypFrameDown } from './typing';

/**
 * Each schema compiled to a fast path (zod's `z.compile`: same output, same issues; it falls back to the
 * runtime parser for an invalid frame, and entirely where `new Function` is not allowed). Frames are the
 * hottest input: a replay of a heavy user's session decodes a million of them.
 */
const downSchemas = {
  MSG: z.compile(MsgFrame),
  DEL: z.compile(DelFrame),
  REA: z.compile(ReaFrame),
  FAV: z.compile(FavFrame),
  TYP: z.compile(TypFrameDown),
  CHK: z.compile(ChkFrame),
  ACK: z.compile(AckFrame),
  OUT: z.compile(OutFrame),
  CHA: z.compile(ChaFrame),
  NOS: z.compile(NosFrame),
  CRQ: z.compile(CrqFrame),
  ALR: z.compile(AlrFrame),
  ALD: z.compile(AldFrame),
  BLO: z.compile(BloFrame),
} as const;

type DownSchemas = typeof downSchemas;
export type DownCode = keyof DownSchemas;
export type DownFrame = { [C in DownCode]: { code: C; data: z.output<DownSchemas[C]> } }[DownCode];
/** What the server writes: the schema input side (before defaults and decoding). */
export type DownFrameInput<C extends DownCode> = z.input<DownSchemas[C]>;

export const DOWN_CODES = Object.keys(downSchemas) as DownCode[];

/**
 * Receive codes the spec lists (spec 1 §7) that this client does not handle yet.
 * They are ignored without a rejection being logged, so later features can take them.
 */
export const KNOWN_UNHANDLED_DOWN_CODES = new Set([
  'VCH', 'CAN', 'APM', 'FEA', 'ENV', 'TSK', 'EML', 'MTG', 'CTX', 'FIL', 'MGF', 'BND',
]);

export type DownDecode = Result<DownFrame, FrameRejection> | { ok: 'ignored'; code: string };

/** Decodes one inbound frame. Never throws. */
export function decodeDownFrame(text: unknown): DownDecode {
  const split = splitFrame(text);
  if (!split.ok) return split;
  const { code, body } = split.value;
  if (!(code in downSchemas)) {
    if (KNOWN_UNHANDLED_DOWN_CODES.has(code)) return { ok: 'ignored', code };
    return fail({ code, reason: 'unknown frame code' });
  }
  const schema = downSchemas[code as DownCode];
  const parsed = schema.safeParse(body);
  if (!parsed.success) return fail({ code, reason: describeIssue(parsed.error) });
  return ok({ code, data: parsed.data } as DownFrame);
}
