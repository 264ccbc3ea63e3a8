/**
 * The hand-written fast path for the hottest frames (protocol/frames/fast/) against the zod schemas,
 * which are the definition. For random bodies drawn from each schema's JSON Schema — valid ones, and
 * the same broken in one to three places (wrong types, missing and extra keys, strings one unit too
 * long, empty strings, arrays past their limit, null, Infinity, -0, non-integers, lone surrogates,
 * own `__proto__` keys, parts that are not JSON) — the fast path must:
 * - accept exactly the bodies zod accepts (so what it declines costs time, never a different answer);
 * - return zod's output to the last detail: the same keys in the same order (undefined-valued ones
 *   included: a message's file fields are left out when absent), defaults filled, -0 kept;
 * and decodeDownFrame must answer as split-then-schema did, rejection reasons included.
 */
import { describe, expect, it } from 'vitest';
import { Message, MessageParts } from '../../protocol/entities';
import { decodeDownFrame, DOWN_CODES } from '../../protocol/frames/down';
import { FAST_DOWN } from '../../protocol/frames/fast/frames';
import { fastMessageParts } from '../../protocol/frames/fast/message';
import { TypFrameDown } from '../../protocol/frames/typing';
import { prng } from '../../protocol/prng';
import { referenceDecode } from './down-reference';
import { difference, FAST_CODES as CODES, FAST_SCHEMAS as SCHEMAS, FRAME_SAMPLE_OPTIONS as OPTIONS, jsonSchema, PARTS_SCHEMA } from './frame-samples';
import { mutate, sample, toJsonText } from './schema-samples';

/** Checks one body text for one code; says whether zod accepted it. */
function checkParity(code: keyof typeof FAST_DOWN, bodyText: string): boolean {
  const body: unknown = JSON.parse(bodyText);
  const zod = SCHEMAS[code].safeParse(body);
  const fast = FAST_DOWN[code](body);
  const label = `${code} ${bodyText.slice(0, 300)}`;
  expect(fast !== undefined, `fast path accepts iff zod does: ${label}`).toBe(zod.success);
  if (zod.success) expect(difference(fast, zod.data), label).toBeUndefined();

  const text = `${code} ${bodyText}`;
  const decoded = decodeDownFrame(text);
  const expected = referenceDecode(text);
  expect(difference(decoded, expected), label).toBeUndefined();
  return zod.success;
}

describe('the frame fast path against the zod schemas', () => {
  for (const code of CODES) {
    it(`${code}: valid and broken bodies get zod's answer`, () => {
      const rng = prng(9_000 + CODES.indexOf(code));
      const schema = jsonSchema(SCHEMAS[code]);
      let accepted = 0;
      let refused = 0;
      for (let i = 0; i < 1_500; i++) {
        const valid = sample(rng, schema, OPTIONS);
        // Every valid sample the fast path must take itself, or it would not be fast.
        const validText = toJsonText(valid);
        if (checkParity(code, validText)) accepted++;
        let broken = valid;
        for (let m = 1 + Math.floor(rng() * 3); m > 0; m--) broken = mutate(rng, broken);
        if (checkParity(code, toJsonText(broken))) accepted++;
        else refused++;
      }
      // Both sides of the line were exercised (the samples are not all trivially valid or invalid).
      expect(accepted).toBeGreaterThan(1_000);
      expect(refused).toBeGreaterThan(300);
    });
  }

  it('message parts: valid and broken lists get zod’s answer', () => {
    const rng = prng(9_100);
    let refused = 0;
    for (let i = 0; i < 3_000; i++) {
      let parts = sample(rng, PARTS_SCHEMA);
      if (i % 2) parts = mutate(rng, parts);
      const raw: unknown = JSON.parse(toJsonText(parts));
      const zod = MessageParts.safeParse(raw);
      const fast = fastMessageParts(raw);
      expect(fast !== undefined, toJsonText(parts).slice(0, 300)).toBe(zod.success);
      if (zod.success) expect(difference(fast, zod.data)).toBeUndefined();
      else refused++;
    }
    expect(refused).toBeGreaterThan(300);
  });

  it('knows how to break what it checks: a wrong fast path is caught', () => {
    // A fast TYP that forgot the 200-character limit on names disagrees with zod on some sample.
    const rng = prng(9_200);
    const schema = jsonSchema(TypFrameDown);
    const lax = (body: unknown) => {
      const data = FAST_DOWN.TYP(body);
      if (data !== undefined || typeof body !== 'object' || body === null) return data;
      const { address, user_guid, first_name = '', last_name = '' } = body as Record<string, string>;
      return typeof first_name === 'string' && typeof last_name === 'string' && typeof address === 'string' && typeof user_guid === 'string'
        ? { address, user_guid, first_name, last_name }
        : undefined;
    };
    let caught = false;
    for (let i = 0; i < 2_000 && !caught; i++) {
      const body: unknown = JSON.parse(toJsonText(mutate(rng, sample(rng, schema))));
      caught = (lax(body) !== undefined) !== TypFrameDown.safeParse(body).success;
    }
    expect(caught).toBe(true);
  });

  it('frames of every shape — any code, white space, broken or missing bodies, too long — get the plain answer', () => {
    const rng = prng(9_300);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    const codes = [...DOWN_CODES, 'VCH', 'FEA', 'XYZ', 'AAA', 'ZZZ', 'msg', 'MS', 'M', '', '{', 'MSGX'];
    const gaps = ['', ' ', '  ', '\t', '\n', '\u00a0', '\ufeff', '\u2028'];
    const bodies = ['', ' ', '{}', '{', '[1]', 'null', '"x"', '7', '{"check":1}', '{"check":1,"n":2}', '{"address":"c","user_guid":"u"}', '{"a":1} x'];
    const cases: unknown[] = [undefined, null, 7, {}, ['MSG {}'], `TYP ${' '.repeat(1_000_000)}{}`, `VCH ${' '.repeat(1_000_000)}`];
    for (let i = 0; i < 5_000; i++) {
      const code = pick(codes);
      const body = code in FAST_DOWN && rng() < 0.5 ? toJsonText(sample(rng, jsonSchema(SCHEMAS[code as keyof typeof FAST_DOWN]), OPTIONS)) : pick(bodies);
      cases.push(code + pick(gaps) + body);
    }
    for (const text of cases) {
      const label = typeof text === 'string' ? text.slice(0, 120) : String(text);
      expect(difference(decodeDownFrame(text), referenceDecode(text)), label).toBeUndefined();
    }
  });

  it('a message has only the file fields it was sent, in the schema’s order, on the fast path and the schema’s alike', () => {
    // Most messages have no file: their nine file fields are left out, not kept as undefined (72 bytes a message).
    const base = { guid: 'm1', address: 'c1', created: 1_700_000_000_000, from_guid: 'u1', json: '[{"type":"text","text":"hi"}]' };
    const head = ['guid', 'address', 'created', 'from_guid', 'from_first_name', 'from_last_name', 'reply_to', 'is_urgent', 'flag', 'disable_notification', 'reactions', 'client_guid', 'change_seq', 'reply_count', 'last_reply_ts'];
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, []],
      [{ file_size: 12, file_name: 'a.txt' }, ['file_name', 'file_size']],
      [{ uploaded_by_guid: 'u2', hosting_type: 0, file_guid: 'f1' }, ['file_guid', 'hosting_type', 'uploaded_by_guid']],
      [{ file_guid: 'f1', file_name: 'a', file_link: 'l', file_size: 1, hosting_type: 1, permission: 2, scope: 0, preview_link: 'p', uploaded_by_guid: 'u2' },
        ['file_guid', 'file_name', 'file_link', 'file_size', 'hosting_type', 'permission', 'scope', 'preview_link', 'uploaded_by_guid']],
    ];
    for (const [file, keys] of cases) {
      const wire = { ...file, ...base };
      const expected = [...head, ...keys, 'parts'];
      const decoded = decodeDownFrame(`MSG ${JSON.stringify({ message: wire })}`);
      expect(decoded.ok === true && decoded.value.code === 'MSG' ? Object.keys(decoded.value.data.message) : decoded).toEqual(expected);
      expect(Object.keys(Message.parse(wire))).toEqual(expected);
    }
  });

  it('tells key order and undefined-valued keys apart', () => {
    expect(difference({ a: 1, b: 2 }, { b: 2, a: 1 })).toBeDefined();
    expect(difference({ a: 1, b: undefined }, { a: 1 })).toBeDefined();
    expect(difference({ a: -0 }, { a: 0 })).toBeDefined();
    expect(difference([{ a: [1, { b: 'x' }] }], [{ a: [1, { b: 'x' }] }])).toBeUndefined();
  });
});
