/**
 * What the frame tests share: the schemas of the frames with a fast path, random bodies drawn from
 * their JSON Schemas (valid, then broken by tests/protocol/schema-samples.ts `mutate`), and `difference`,
 * a comparison strict enough for "exactly what decodeDownFrame returns". Used by the fast-path parity
 * test (frames-fast.test.ts) and the frame tape's round trip (frame-tape.test.ts).
 */
import { z } from 'zod';
import { MessageParts } from '../../protocol/entities';
import { AckFrame, ChkFrame } from '../../protocol/frames/connection';
import { decodeDownFrame } from '../../protocol/frames/down';
import type { FAST_DOWN } from '../../protocol/frames/fast/frames';
import { DelFrame, MsgFrame, ReaFrame } from '../../protocol/frames/messages';
import { TypFrameDown } from '../../protocol/frames/typing';
import type { Rng } from '../fuzz/mutate';
import { mutate, sample, toJsonText, type JsonSchema, type SampleOptions } from './schema-samples';

export type FastCode = keyof typeof FAST_DOWN;
/** The schema of each code with a fast decoder. */
export const FAST_SCHEMAS: Record<FastCode, z.ZodType> = { MSG: MsgFrame, TYP: TypFrameDown, REA: ReaFrame, DEL: DelFrame, ACK: AckFrame, CHK: ChkFrame };
export const FAST_CODES = Object.keys(FAST_SCHEMAS) as FastCode[];

const JSON_SCHEMAS = new Map<z.ZodType, JsonSchema>();
/** A schema's JSON Schema (input side), made once. */
export const jsonSchema = (schema: z.ZodType): JsonSchema => {
  if (!JSON_SCHEMAS.has(schema)) JSON_SCHEMAS.set(schema, z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);
  return JSON_SCHEMAS.get(schema)!;
};
export const PARTS_SCHEMA = jsonSchema(MessageParts);

/** The parts of a message, as the text its `json` field carries: mostly valid, sometimes broken or not JSON. */
function partsJson(rng: Rng): string {
  const roll = rng();
  if (roll < 0.05) return ['', '{', '[', 'null', '{}', '"text"', '[1e999]', '[{"type":"text","text":"x"}'][Math.floor(rng() * 8)]!;
  const parts = sample(rng, PARTS_SCHEMA);
  return toJsonText(roll < 0.35 ? mutate(rng, parts) : parts);
}
/** Sampling options for frame bodies: a message's `json` holds parts, not any string. */
export const FRAME_SAMPLE_OPTIONS: SampleOptions = { property: { json: partsJson } };

/** A random body for `code`, as JSON text: valid, and with `broken` set, then broken in one to three places. */
export function sampleBody(rng: Rng, code: FastCode, broken = false): string {
  let body = sample(rng, jsonSchema(FAST_SCHEMAS[code]), FRAME_SAMPLE_OPTIONS);
  if (broken) for (let m = 1 + Math.floor(rng() * 3); m > 0; m--) body = mutate(rng, body);
  return toJsonText(body);
}

/**
 * The first difference between two values, or undefined: same types, Object.is for primitives (so -0 is
 * not 0), the same prototype, and the same own keys in the same order (so a key present as undefined is
 * not an absent key). `toEqual` checks neither order nor undefined-valued keys.
 */
/**
 * The frame decodeDownFrame decodes from `text`, as the frame tape gives it back (the tape holds only frames
 * that decoded, without the `{ ok: true }` around them); the whole answer when it decodes none, so that
 * comparing a frame read off the tape with it shows a difference.
 */
export const decodedFrame = (text: unknown): unknown => {
  const decoded = decodeDownFrame(text);
  return decoded.ok === true ? decoded.value : decoded;
};

export function difference(a: unknown, b: unknown, at = '$'): string | undefined {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return Object.is(a, b) ? undefined : `${at}: ${String(a)} vs ${String(b)}`;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${at}: different prototypes`;
  const keysA = Reflect.ownKeys(a);
  const keysB = Reflect.ownKeys(b);
  if (keysA.join() !== keysB.join()) return `${at}: keys [${keysA.join()}] vs [${keysB.join()}]`;
  for (const key of keysA) {
    const d = difference((a as Record<PropertyKey, unknown>)[key], (b as Record<PropertyKey, unknown>)[key], `${at}.${String(key)}`);
    if (d) return d;
  }
  return undefined;
}
