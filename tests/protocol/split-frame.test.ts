/**
 * splitFrame checks character codes instead of a regex and skips the trimmed copy for the usual
 * `CODE {…}` shape. It must answer exactly as the plain version it replaced (kept here as the
 * reference) for every input: the usual shape, the code followed directly by JSON, other white space
 * (trimStart trims more than JSON allows), empty bodies, short or lower-case codes, huge frames and
 * values that are not text.
 */
import { describe, expect, it } from 'vitest';
import { fail, ok, type Result } from '../../protocol/result';
import { splitFrame, type FrameRejection } from '../../protocol/frames/frame-codec';
import { prng } from '../../protocol/prng';

/** splitFrame as it was: regex on the code, then the rest trimmed. */
function reference(text: unknown): Result<{ code: string; body: unknown }, FrameRejection> {
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

const expectSame = (text: unknown) => {
  const label = typeof text === 'string' ? JSON.stringify(text.slice(0, 80)) : String(text);
  const actual = splitFrame(text);
  const expected = reference(text);
  expect(actual, label).toEqual(expected);
  expect(JSON.stringify(actual), label).toBe(JSON.stringify(expected));
};

// Pieces frames are made of, the awkward ones included: white space JSON refuses but trimStart
// removes (no-break space, line separator, byte order mark), letters just outside A–Z, lone surrogates.
const CODE_CHARS = ['A', 'M', 'S', 'G', 'Z', '@', '[', 'a', 'z', '1', ' ', '{', 'É', '\ud800'];
const GAPS = ['', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\ufeff', '\u000b', ' \u00a0'];
const BODIES = ['{}', '{"a":1}', '{"check":3}', '[1,2]', '"text"', '42', 'null', '{', '{"a":}', '', ' ', '{"a":1} ', '{"a":1}\u00a0', '{"__proto__":{"x":1}}', '1e999', '{"s":"\\ud800"}'];

describe('splitFrame', () => {
  it('answers as the regex-and-trim version for fixed edge cases', () => {
    const cases: unknown[] = [
      undefined, null, 42, {}, ['MSG {}'], '', 'M', 'MS', 'MSG', 'MSG ', 'MSG {}', 'MSG{}', 'MSG  {}', 'MSG {"a":1}', 'MSG\t{}',
      'MSG\u00a0{}', 'MSG\ufeff{"a":1}', 'msg {}', 'MSg {}', 'M5G {}', 'MSGX {}', 'MSG X', 'MSG [1]', 'MSG 7', 'MSG "x"',
      'MSG {', 'MSG {} trailing', `MSG ${'x'.repeat(1_000_000)}`, `MSG {"a":"${'x'.repeat(999_980)}"}`,
    ];
    for (const text of cases) expectSame(text);
  });

  it('answers as the regex-and-trim version for 20,000 random frames', () => {
    const rng = prng(7_301);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
    for (let i = 0; i < 20_000; i++) {
      const codeLength = rng() < 0.8 ? 3 : Math.floor(rng() * 5);
      const code = rng() < 0.6 ? pick(['MSG', 'TYP', 'ACK', 'XYZ']).slice(0, codeLength) : Array.from({ length: codeLength }, () => pick(CODE_CHARS)).join('');
      expectSame(code + pick(GAPS) + pick(BODIES) + (rng() < 0.1 ? pick(GAPS) : ''));
    }
  });
});
