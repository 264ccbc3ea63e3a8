/** Every frame the server may send, as one union, and its only decoder. */
import { z } from 'zod';
import { compiledOnUse } from '../compile-on-use';
import { fail, ok, type Result } from '../result';
import { AldFrame, AlrFrame } from './alerts';
import { BloFrame, ChaFrame } from './channels';
import { AckFrame, ChkFrame, OutFrame } from './connection';
import { FAST_DOWN } from './fast/frames';
import { CODE_NUMBERS, codeNumber, describeIssue, MAX_FRAME_LENGTH, NOT_JSON, parseFrameBody, splitFrame, type FrameRejection } from './frame-codec';
import { DelFrame, FavFrame, MsgFrame, ReaFrame } from './messages';
import { CanFrame } from './security';
import { CrqFrame, NosFrame } from './people';
import { TypFrameDown } from './typing';

/**
 * Each schema is compiled to a fast path on its first use (zod's `z.compile`: same output, same issues; it
 * falls back to the runtime parser for an invalid frame, and entirely where `new Function` is not allowed;
 * protocol/compile-on-use.ts). Frames are the hottest input: a replay of a heavy user's session decodes a
 * million of them.
 */
const downSchemas = {
  MSG: MsgFrame,
  DEL: DelFrame,
  REA: ReaFrame,
  FAV: FavFrame,
  TYP: TypFrameDown,
  CHK: ChkFrame,
  ACK: AckFrame,
  OUT: OutFrame,
  CHA: ChaFrame,
  NOS: NosFrame,
  CRQ: CrqFrame,
  ALR: AlrFrame,
  ALD: AldFrame,
  CAN: CanFrame,
  BLO: BloFrame,
} as const;

type DownSchemas = typeof downSchemas;
export type DownCode = keyof DownSchemas;
/**
 * A decoded frame. `n` is the frame's number on its connection, for the codes in
 * SEQUENCED_DOWN_CODES: 1, 2, 3, … in the order the server sent them.
 */
export type DownFrame = { [C in DownCode]: { code: C; data: z.output<DownSchemas[C]>; n?: number } }[DownCode];
/** What the server writes: the schema input side (before defaults and decoding). */
export type DownFrameInput<C extends DownCode> = z.input<DownSchemas[C]>;

export const DOWN_CODES = Object.keys(downSchemas) as DownCode[];

/**
 * Frames that change state carry `n`, their number on the connection (1, 2, 3, …; docs/protocol.md
 * "Exact catch-up"). A gap tells the client it missed one; ACK says how many were sent.
 */
export const SEQUENCED_DOWN_CODES: ReadonlySet<DownCode> = new Set<DownCode>(['MSG', 'DEL', 'REA', 'CHA']);

/** Reads a frame's connection number: a positive integer `n` in the body, else undefined. */
function frameNumber(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null || !('n' in body)) return undefined;
  const n = (body as { n: unknown }).n;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Receive codes the spec lists (spec 1 §7) that this client does not handle yet.
 * They are ignored without a rejection being logged, so later features can take them.
 */
export const KNOWN_UNHANDLED_DOWN_CODES = new Set([
  'VCH', 'APM', 'FEA', 'ENV', 'TSK', 'EML', 'MTG', 'CTX', 'FIL', 'MGF', 'BND',
]);

export type DownDecode = Result<DownFrame, FrameRejection> | { ok: 'ignored'; code: string };

/** How a known code is decoded: its name, its fast decoder if it has one, its schema, whether it is numbered. */
interface CodeDecoder {
  code: DownCode;
  fast: ((body: unknown) => unknown) | undefined;
  /** The schema, compiled on first use. */
  schema: () => z.ZodType;
  sequenced: boolean;
}

/** The known codes' decoders, indexed by code number (frame-codec.ts codeNumber). */
const decoders: (CodeDecoder | undefined)[] = new Array<CodeDecoder | undefined>(CODE_NUMBERS).fill(undefined);
const fastDecoders: Partial<Record<DownCode, (body: unknown) => unknown>> = FAST_DOWN;
for (const code of DOWN_CODES) {
  decoders[codeNumber(code)] = { code, fast: fastDecoders[code], schema: compiledOnUse<z.ZodType>(downSchemas[code]), sequenced: SEQUENCED_DOWN_CODES.has(code) };
}

/**
 * Decodes one inbound frame. Never throws.
 *
 * The schema is the definition of every code. The hottest codes first try their hand-written fast
 * decoder (protocol/frames/fast/frames.ts), proven by tests to give the schema's exact output where it
 * accepts; whatever it does not accept goes to the schema, which decides and words the rejection.
 * Known codes are found by number, not by name (see codeNumber).
 */
export function decodeDownFrame(text: unknown): DownDecode {
  const number = typeof text === 'string' && text.length <= MAX_FRAME_LENGTH ? codeNumber(text) : -1;
  const decoder = number < 0 ? undefined : decoders[number];
  if (decoder === undefined) return decodeOtherFrame(text);
  const { code } = decoder;
  const body = parseFrameBody(text as string);
  if (body === NOT_JSON) return fail({ code, reason: 'body is not valid JSON' });
  let data = decoder.fast?.(body);
  if (data === undefined) {
    const parsed = decoder.schema().safeParse(body);
    if (!parsed.success) return fail({ code, reason: describeIssue(parsed.error) });
    data = parsed.data;
  }
  const n = decoder.sequenced ? frameNumber(body) : undefined;
  return ok((n === undefined ? { code, data } : { code, data, n }) as DownFrame);
}

/** Frames of no known code, or that are not frames at all: ignored, or rejected with the reason. */
function decodeOtherFrame(text: unknown): DownDecode {
  const split = splitFrame(text);
  if (!split.ok) return split;
  const { code } = split.value;
  if (KNOWN_UNHANDLED_DOWN_CODES.has(code)) return { ok: 'ignored', code };
  return fail({ code, reason: 'unknown frame code' });
}
