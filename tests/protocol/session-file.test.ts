/**
 * The session file, version 2: compact frame and digest lines round-trip
 * exactly, frames that cannot be compact stay JSON, a damaged compact line is
 * refused naming the line and field, and version 1 files are still read.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compactDigestLine,
  compactFrameLine,
  INPUT_KINDS,
  lineInfo,
  MAX_JSON_DEPTH,
  parseSessionFile,
  STORAGE_OPS,
  type SessionLine,
} from '../../protocol/session-file';
import { fnv1a64 } from '../../protocol/text-hash';
import { Utf8Text } from '../../scripts/utf8-text';
import { refusalOf } from './session-refusal';

const header = (version: number) => JSON.stringify({ format: 'plaza-session', version, app: 'test', schema: 1, started: 1_000, user: null });
const footer = (inputs: number) => JSON.stringify({ k: 'end', inputs, events: 0, hash: '0'.repeat(16), projections: {} });
const file = (version: number, body: string[]) => [header(version), ...body, footer(body.filter((l) => INPUT_KINDS.has(lineInfo(l).kind ?? '')).length)].join('\n') + '\n';
const linesOf = (text: string): readonly SessionLine[] => parseSessionFile(text).lines;


/**
 * A version 2 file written back as version 1: every compact line as the JSON line v1 had. Its footer's hash is
 * combined again in version 1's hash (FNV-1a 64), so that the footer holds together as a file of that version must.
 */
function toVersion1(text: string): string {
  const rows = text.trimEnd().split('\n');
  const h = JSON.parse(rows[0]!) as { version: number };
  h.version = 1;
  const lines = parseSessionFile(text).lines;
  const footer = JSON.parse(rows.at(-1)!) as { hash: string; projections: Record<string, string> };
  const each = Object.values(footer.projections);
  if (each.length > 0) footer.hash = fnv1a64(each.join(':'));
  return [JSON.stringify(h), ...lines.map((l) => JSON.stringify(l)), JSON.stringify(footer)].join('\n') + '\n';
}

describe('session file version 2', () => {
  const texts = [
    'MSG {"message":{"guid":"m1","json":"[{\\"type\\":\\"text\\",\\"text\\":\\"hi\\"}]"}}',
    'REA {"reactions":[{"content":"👍"}]}',
    'ACK{"check":3}',
    '',
    ' ',
    '  leading and trailing spaces  ',
    'd 0 looks like a field',
    'F 0 1 a line inside a line',
    'tab\there, é, 中文, 𝄞',
    '{"k":"frame"}',
    'x'.repeat(10_000),
  ];

  it('round-trips frames as compact lines: socket, time, burst mark and text exactly', () => {
    const cases: [number, number, boolean][] = [
      [0, 0, false],
      [3, 1_795_320_633_019, true],
      [12, 1.5, false],
      [1, 1e21, true],
      [999_999_999, 42, false],
    ];
    for (const x of texts) {
      for (const [s, t, burst] of cases) {
        const line = compactFrameLine(s, t, x, burst);
        expect(line, x).not.toBeNull();
        expect(lineInfo(line!)).toEqual({ kind: 'frame', burst });
        const [parsed] = linesOf(file(2, [line!]));
        expect(parsed).toEqual(burst ? { k: 'frame', t, s, x, d: 0 } : { k: 'frame', t, s, x });
      }
    }
  });

  it('keeps as JSON a frame that a compact line cannot carry: not text, a line break, a lone surrogate', () => {
    for (const x of ['a\nb', 'a\rb', 'x\ud800', '\udc00x', 42, { binary: true }, null]) {
      expect(compactFrameLine(0, 1, x, false), JSON.stringify(x)).toBeNull();
    }
    expect(compactFrameLine(0, 1, 'pair 𝄞 ok', false)).not.toBeNull();
    expect(compactFrameLine(-1, 1, 'x', false)).toBeNull();
    expect(compactFrameLine(0, Number.NaN, 'x', false)).toBeNull();
    // And such a JSON frame line reads in a version 2 file like any other.
    const [parsed] = linesOf(file(2, [JSON.stringify({ k: 'frame', s: 0, x: 'a\nb', t: 5, d: 0 })]));
    expect(parsed).toEqual({ k: 'frame', s: 0, x: 'a\nb', t: 5, d: 0 });
  });

  it('round-trips digests as compact lines', () => {
    const [, parsed] = linesOf(file(2, [compactFrameLine(0, 1, 'ACK {}', false)!, compactDigestLine(3, '0123456789abcdef')]));
    expect(parsed).toEqual({ k: 'ev', n: 3, h: '0123456789abcdef' });
    expect(lineInfo(compactDigestLine(1, 'ffffffffffffffff'))).toEqual({ kind: 'ev', burst: false });
  });

  it('reads a file with CRLF line ends the same', () => {
    const body = [compactFrameLine(0, 7, 'MSG {"a":1}', true)!, compactDigestLine(1, 'abcdefabcdef0123'), JSON.stringify({ k: 'uuid', v: 'u1' })];
    expect(linesOf(file(2, body).replace(/\n/g, '\r\n'))).toEqual(linesOf(file(2, body)));
  });

  it('refuses JSON nested deeper than any recording nests (it would overflow the stack of what walks it)', () => {
    const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
    const res = (body: string): string => `{"k":"res","r":0,"st":200,"b":{"list":${body}},"t":1}`;
    expect(refusalOf(file(1, [res(nested(20_000))]))).toBe(`line 2: nested more than ${MAX_JSON_DEPTH} levels deep`);
    // The line's object and its body are two levels: MAX_JSON_DEPTH - 2 arrays inside are the most it may hold.
    expect(refusalOf(file(1, [res(nested(MAX_JSON_DEPTH - 1))]))).toBe(`line 2: nested more than ${MAX_JSON_DEPTH} levels deep`);
    expect(() => parseSessionFile(file(1, [res(nested(MAX_JSON_DEPTH - 2))]))).not.toThrow();
  });

  it('refuses damaged compact lines, naming the line and the field', () => {
    const refuse = (line: string) => refusalOf(file(2, [compactFrameLine(0, 1, 'ACK {}', false)!, line]));
    expect(refuse('F x 1 ACK {}')).toBe('line 3: frame: s: expected a socket id (a whole number)');
    expect(refuse('F 01 1 ACK {}')).toBe('line 3: frame: s: expected a socket id (a whole number)');
    expect(refuse('F 0 -5 ACK {}')).toBe('line 3: frame: t: expected a time (a non-negative number)');
    expect(refuse('F 0 soon ACK {}')).toBe('line 3: frame: t: expected a time (a non-negative number)');
    expect(refuse('F 0 1e999 ACK {}')).toBe('line 3: frame: t: expected a time (a non-negative number)');
    expect(refuse('F 0 1')).toBe('line 3: frame: expected "F socket time text"');
    expect(refuse('F 0')).toBe('line 3: frame: expected "F socket time text"');
    expect(refuse('E 0 0123456789abcdef')).toBe('line 3: ev: n: expected the number of events (a whole number above 0)');
    expect(refuse('E 1 0123456789ABCDEF')).toBe('line 3: ev: h: expected 16 hex digits');
    expect(refuse('E 1 0123')).toBe('line 3: ev: h: expected 16 hex digits');
    expect(refuse('E 1')).toBe('line 3: ev: n: expected the number of events (a whole number above 0)');
    expect(refuse('hello')).toBe('line 3: not a session line (a JSON object, or a compact frame or digest line)');
    expect(refuse('X 1 2')).toBe('line 3: not a session line (a JSON object, or a compact frame or digest line)');
    expect(refuse('{"k":"frame","s":0,"x":"ACK {}"}')).toMatch(/^line 3: frame: t: /);
    expect(refusalOf(file(2, ['F 0 1 ' + 'x'.repeat(50)]).replace('"inputs":1', '"inputs":2'))).toBe('line 3: the footer counts 2 inputs but the file has 1');
  });

  it('reads the long lines a heavy user records: a list of 5,000 conversations in one answer', () => {
    const channels = Array.from({ length: 5_000 }, (_, i) => ({ guid: `g-${i}`, address: `a-${i}`, name: `conversation ${i} ${'x'.repeat(600)}` }));
    const answer = JSON.stringify({ k: 'res', r: 0, st: 200, b: { isOk: true, channels }, t: 1 });
    expect(answer.length).toBeGreaterThan(3_000_000);
    const text = file(4, [JSON.stringify({ k: 'req', r: 0, p: '/channels/list', b: {} }), answer]);
    for (const read of [text, new Utf8Text(new TextEncoder().encode(text))]) {
      const line = parseSessionFile(read).lines[1];
      expect(line).toMatchObject({ k: 'res', r: 0, st: 200 });
      expect((line as { b: { channels: unknown[] } }).b.channels).toHaveLength(5_000);
    }
  });

  it('refuses a line longer than the limit in either form', () => {
    const long = compactFrameLine(0, 1, 'x'.repeat(200), false)!;
    expect(() => parseSessionFile(file(2, [long]), { maxLines: 100, maxLineLength: 100 })).toThrow('line 2: line longer than 100 characters');
    expect(() => parseSessionFile(file(1, [JSON.stringify({ k: 'frame', s: 0, x: 'x'.repeat(200), t: 1 })]), { maxLines: 100, maxLineLength: 100 })).toThrow('line 2: line longer than 100 characters');
  });

  it('does not accept compact lines in a version 1 file', () => {
    expect(refusalOf(file(1, [compactFrameLine(0, 1, 'ACK {}', false)!]))).toBe('line 2: not valid JSON');
  });

  it('refuses versions it does not read', () => {
    expect(refusalOf(file(5, []))).toBe('line 1: unsupported version 5; this Plaza reads versions 1, 2, 3 and 4');
    expect(refusalOf(file(0, []))).toBe('line 1: unsupported version 0; this Plaza reads versions 1, 2, 3 and 4');
  });
});

describe('session file version 3', () => {
  it('is version 2\'s lines (only its hash differs): compact frames and digests read the same', () => {
    const body = [
      JSON.stringify({ k: 'intent', m: '$boot', a: [], t: 1 }),
      compactFrameLine(0, 2, 'MSG {"message":{}}', true)!,
      compactFrameLine(3, 2.5, 'TYP {"address":"c1"}', false)!,
      compactDigestLine(2, '00000000deadbeef'),
      JSON.stringify({ k: 'uuid', v: 'u1' }),
    ];
    const v3 = parseSessionFile(file(3, body));
    expect(v3.header.version).toBe(3);
    expect(v3.lines).toEqual(parseSessionFile(file(2, body)).lines);
    expect(v3.lines).toEqual([
      { k: 'intent', m: '$boot', a: [], t: 1 },
      { k: 'frame', s: 0, t: 2, x: 'MSG {"message":{}}', d: 0 },
      { k: 'frame', s: 3, t: 2.5, x: 'TYP {"address":"c1"}' },
      { k: 'ev', n: 2, h: '00000000deadbeef' },
      { k: 'uuid', v: 'u1' },
    ]);
  });
});

describe('reading a file', () => {
  const body = [
    JSON.stringify({ k: 'intent', m: '$boot', a: [], t: 1 }),
    compactFrameLine(0, 2, 'ACK {"check":1}', true)!,
    compactFrameLine(0, 2, 'ACK {"check":2}', false)!,
    compactDigestLine(1, 'abcdef0123456789'),
    JSON.stringify({ k: 'uuid', v: 'u1' }),
  ];

  it('builds each line on request, the same as the whole list, and names its kind without building it', () => {
    const parsed = parseSessionFile(file(3, body));
    expect(parsed.count).toBe(5);
    expect(Array.from({ length: parsed.count }, (_, i) => parsed.kind(i))).toEqual(['intent', 'frame', 'frame', 'ev', 'uuid']);
    expect(Array.from({ length: parsed.count }, (_, i) => parsed.line(i))).toEqual(parsed.lines);
    // A compact line is built anew each time (so a caller may keep or drop it); the list is built once.
    expect(parsed.line(1)).not.toBe(parsed.line(1));
    expect(parsed.lines).toBe(parsed.lines);
    expect(() => parsed.line(5)).toThrow(RangeError);
    expect(() => parsed.line(-1)).toThrow(RangeError);
  });

  it('reads a file without a final line break, and a file of only a header and a footer', () => {
    expect(parseSessionFile(file(3, body).trimEnd()).lines).toEqual(parseSessionFile(file(3, body)).lines);
    expect(parseSessionFile(file(3, [])).count).toBe(0);
  });

  it('refuses a file with too many lines for that first, whatever else is wrong in it', () => {
    const limits = { maxLines: 4, maxLineLength: 1_000 };
    expect(parseSessionFile(file(3, body.slice(0, 2)), limits).count).toBe(2);
    expect(() => parseSessionFile(file(3, body.slice(0, 3)), limits)).toThrow('line 5: more than 4 lines');
    const badHeader = file(3, body).replace('"plaza-session"', '"other"');
    expect(() => parseSessionFile(badHeader, limits)).toThrow('line 5: more than 4 lines');
    expect(() => parseSessionFile(badHeader)).toThrow('line 1: not a Plaza session file');
    const badLine = file(3, ['F x 1 ACK {}', ...body]);
    expect(() => parseSessionFile(badLine, limits)).toThrow('line 5: more than 4 lines');
    expect(() => parseSessionFile(badLine)).toThrow('line 2: frame: s: expected a socket id (a whole number)');
  });

  it('names the footer\'s line when it is damaged, and the header\'s when the file is one line', () => {
    const text = file(3, body);
    expect(refusalOf(text.replace('"k":"end"', '"k":"ending"'))).toBe('line 7: the file is truncated: its last line is not the footer');
    expect(refusalOf(text.replace('"hash":"', '"hash":"x'))).toMatch(/^line 7: footer: hash: /);
    expect(refusalOf(text.replace(/\{"k":"end".*\n$/, '{"k":"end",\n'))).toBe('line 7: footer: not valid JSON');
    // Cut off: at a line's end, or within a line (the last line then neither parses nor ends).
    const cut = text.slice(0, text.indexOf('{"k":"end"'));
    expect(refusalOf(cut)).toBe('line 6: the file is truncated: its last line is not the footer');
    expect(refusalOf(cut.slice(0, -5))).toBe('line 6: the file is truncated: its last line is not the footer (it ends in the middle of a line)');
    expect(refusalOf(text + '\n')).toBe('line 8: an empty line at the end: a session file ends with its footer ({"k":"end",…}); remove the empty lines after it');
    expect(refusalOf(header(3))).toBe('line 1: the file is truncated: its last line is not the footer');
    expect(refusalOf(header(3) + '\n')).toBe('line 1: the file is truncated: its last line is not the footer');
    expect(refusalOf('\n')).toBe('line 1: not valid JSON');
    expect(refusalOf(file(3, [body[1]!, 'hello', body[2]!]))).toBe('line 3: not a session line (a JSON object, or a compact frame or digest line)');
    expect(refusalOf(file(3, [body[1]!, '', body[2]!]))).toBe('line 3: not a session line (a JSON object, or a compact frame or digest line)');
  });
});

describe('storage operations', () => {
  it('reads every storage op (kv, log, compact, the outbox) with its completion, in both versions', () => {
    const body = STORAGE_OPS.flatMap((op, o) => [
      JSON.stringify({ k: 'op', o, op, ...(op === 'oopen' || op === 'open' || op === 'get' ? { key: 'bob' } : op === 'oput' || op === 'odel' ? { key: 'entry-1' } : {}) }),
      JSON.stringify({ k: 'io', o, t: 10 + o, ...(op === 'oload' ? { v: [{ id: 'entry-1', kind: 'post' }] } : op === 'compact' ? {} : { v: null }) }),
    ]);
    const v2 = file(2, [compactFrameLine(0, 1, 'ACK {"check":1}', false)!, ...body]);
    const lines = linesOf(v2);
    expect(lines.filter((l) => l.k === 'op').map((l) => (l as { op: string }).op)).toEqual([...STORAGE_OPS]);
    expect(parseSessionFile(toVersion1(v2)).lines).toEqual(lines);
  });

  it('refuses an unknown storage op, naming the line', () => {
    expect(refusalOf(file(2, [JSON.stringify({ k: 'op', o: 0, op: 'truncate' })]))).toMatch(/^line 2: op: op: /);
  });
});

describe('session file version 1', () => {
  it('reads the shipped fixture written back as version 1 to the same lines', () => {
    const text = readFileSync(new URL('../../fixtures/sessions/bob-reads-and-replies.jsonl', import.meta.url), 'utf8');
    const parsed = parseSessionFile(text);
    expect(parsed.header.version).toBeGreaterThanOrEqual(2);
    expect(parsed.lines.filter((l) => l.k === 'frame').length).toBeGreaterThan(0);
    const v1 = parseSessionFile(toVersion1(text));
    expect(v1.header.version).toBe(1);
    expect(v1.lines).toEqual(parsed.lines);
  });

  it('reads to the same lines as the version 2 file it was written from', () => {
    const body = [
      JSON.stringify({ k: 'intent', m: '$boot', a: [], t: 1 }),
      compactFrameLine(0, 2, 'MSG {"message":{}}', true)!,
      compactFrameLine(0, 2, 'TYP {"address":"c1"}', false)!,
      compactDigestLine(2, '00000000deadbeef'),
      JSON.stringify({ k: 'uuid', v: 'u1' }),
    ];
    const v2 = file(2, body);
    expect(parseSessionFile(toVersion1(v2)).lines).toEqual(parseSessionFile(v2).lines);
  });
});

describe('a file read as UTF-8 bytes in place (scripts/utf8-text.ts, as `npm run replay` reads it)', () => {
  const asBytes = (text: string) => new Utf8Text(Buffer.from(text, 'utf8'));
  /** Both readings agree on the header, the footer, every line, and each frame's time, socket and burst mark. */
  function expectSameReading(text: string): void {
    const fromText = parseSessionFile(text);
    const fromBytes = parseSessionFile(asBytes(text));
    expect(fromBytes.header).toEqual(fromText.header);
    expect(fromBytes.footer).toEqual(fromText.footer);
    expect(fromBytes.lines).toEqual(fromText.lines);
    for (let i = 0; i < fromText.count; i++) {
      const line = fromText.line(i);
      expect(fromBytes.kind(i)).toBe(line.k);
      if (line.k !== 'frame') continue;
      expect([fromBytes.frameTime(i), fromBytes.frameSocket(i), fromBytes.frameInBurst(i)]).toEqual([line.t, line.s, line.d === 0]);
      expect([fromText.frameTime(i), fromText.frameSocket(i), fromText.frameInBurst(i)]).toEqual([line.t, line.s, line.d === 0]);
    }
  }

  it('reads the same lines as the text: characters of several bytes, JSON lines, CRLF, version 1', () => {
    const body = [
      JSON.stringify({ k: 'intent', m: '$signIn', a: ['zoë@acme.test', '中文 𝄞'], t: 1 }),
      compactFrameLine(0, 2, 'REA {"reactions":[{"content":"👍"}]}', true)!,
      compactFrameLine(3, 1.5, 'tab\there, é, 中文, 𝄞', false)!,
      JSON.stringify({ k: 'frame', s: 0, x: 'a\nb é', t: 5, d: 0 }),
      JSON.stringify({ k: 'frame', s: 1, x: { binary: '👍' }, t: 6 }),
      compactDigestLine(2, '00000000deadbeef'),
      JSON.stringify({ k: 'uuid', v: 'ü1' }),
    ];
    for (const version of [2, 3, 4]) {
      expectSameReading(file(version, body));
      expectSameReading(file(version, body).replace(/\n/g, '\r\n'));
      expectSameReading(file(version, body).trimEnd());
      expectSameReading(toVersion1(file(version, body)));
    }
    expectSameReading(readFileSync(new URL('../../fixtures/sessions/bob-reads-and-replies.jsonl', import.meta.url), 'utf8'));
  });

  it('reads the usual lines straight from the bytes exactly as from the text, and refuses what the text refuses (random hostile files)', () => {
    // The bytes' fast path (protocol/session-lines.ts readUsualLines) against the text's reading, the reference:
    // files of usual compact lines with near misses, damaged and unusual lines, CRLF, JSON lines and tight limits.
    let seed = 0x2f6b1d;
    const random = (): number => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const texts = ['MSG {"message":{"guid":"m1"}}', 'REA {"reactions":[{"content":"👍"}]}', '', ' ', 'tab\there, é, 中文, 𝄞', 'E 1 0123456789abcdef', 'F 0 1 a line inside a line', 'x'.repeat(300)];
    const hex = (n: number): string => Array.from({ length: n }, () => pick([...'0123456789abcdef'])).join('');
    const usual = (): string =>
      random() < 0.45
        ? compactDigestLine(1 + Math.floor(random() * 30), hex(16))
        : compactFrameLine(Math.floor(random() * 3), 1_800_000_000_000 + Math.floor(random() * 1e6), pick(texts), random() < 0.8)!;
    const odd = (): string =>
      pick([
        () => `E 0 ${hex(16)}`,
        () => `E 01 ${hex(16)}`,
        () => `E 1 ${hex(15)}`,
        () => `E 1 ${hex(17)}`,
        () => `E 1 ${hex(8).toUpperCase()}${hex(8)}`,
        () => `E 1 ${hex(16)} `,
        () => `E 1  ${hex(16)}`,
        () => `E 1234567890123456 ${hex(16)}`,
        () => `E 123456789012345 ${hex(16)}`,
        () => `E 1 ${hex(16)}\r`,
        () => 'E',
        () => 'E ',
        () => `F 0 1800000000000 MSG {}\r`,
        () => 'F 0 1800000000000 ',
        () => 'F 0 1800000000000',
        () => 'F 0 0 ACK {}',
        () => 'F 0 00 ACK {}',
        () => 'F 0 01800000000000 ACK {}',
        () => 'F 0 1.5 ACK {}',
        () => 'F 0 1e3 ACK {}',
        () => 'F 0 -1 ACK {}',
        () => 'F 0 1234567890123456 ACK {}',
        () => 'F 00 1 ACK {}',
        () => 'F 999999999999999 1 ACK {}',
        () => 'F  0 1 ACK {}',
        () => 'B 7 42 tab\there',
        () => 'X 1 2',
        () => 'F',
        () => '',
        () => ' F 0 1 x',
        () => JSON.stringify({ k: 'uuid', v: 'u1' }),
        () => JSON.stringify({ k: 'frame', s: 0, x: 'a\nb', t: 5, d: 0 }),
        () => JSON.stringify({ k: 'timer', id: 3, t: 9 }),
      ])()
        .replace('\\r', '\r')
        .replace('\\t', '\t');
    const outcome = (read: string | Utf8Text, limits: { maxLines: number; maxLineLength: number }) => {
      try {
        const parsed = parseSessionFile(read, limits);
        const frames = parsed.lines.map((line, i) => (line.k === 'frame' ? [parsed.frameTime(i), parsed.frameSocket(i), parsed.frameInBurst(i)] : parsed.kind(i)));
        return { lines: parsed.lines, frames, footer: parsed.footer };
      } catch (error) {
        return { refused: (error as Error).message };
      }
    };
    let read = 0;
    let refused = 0;
    for (let round = 0; round < 400; round++) {
      const body = Array.from({ length: 1 + Math.floor(random() * 25) }, () => (random() < 0.08 ? odd() : usual()));
      let text = file(pick([2, 3, 4]), body);
      if (random() < 0.1) text = text.replace(/\n/g, '\r\n');
      const limits = random() < 0.3 ? { maxLines: 2 + Math.floor(random() * 25), maxLineLength: pick([12, 90, 120, 200, 320, 400]) } : { maxLines: 20_000_000, maxLineLength: 256 * 1024 * 1024 };
      const expected = outcome(text, limits);
      expect(outcome(asBytes(text), limits), `round ${round}: ${JSON.stringify(text)}`).toEqual(expected);
      if ('refused' in expected) refused++;
      else read++;
    }
    // Both kinds of outcome were compared many times.
    expect(Math.min(read, refused)).toBeGreaterThan(50);
  });

  it('reads like a string where the reader relies on it: out of range, a negative position, one ASCII character searched for', () => {
    const text = 'ab\né\n';
    const bytes = asBytes(text);
    expect(bytes.length).toBe(Buffer.byteLength(text));
    expect(bytes.charCodeAt(-1)).toBeNaN();
    expect(bytes.charCodeAt(bytes.length)).toBeNaN();
    expect(bytes.indexOf('\n')).toBe(2);
    expect(bytes.indexOf('\n', 3)).toBe(5); // é is two bytes
    expect(bytes.indexOf('\n', 99)).toBe(-1);
    expect(bytes.lastIndexOf('\n', 4)).toBe(2);
    expect(bytes.lastIndexOf('a', -1)).toBe(0);
    expect(bytes.lastIndexOf('b', -1)).toBe(-1);
    expect(bytes.slice(3, 5)).toBe('é');
    expect(() => bytes.indexOf('ab')).toThrow(RangeError);
    expect(() => bytes.indexOf('é')).toThrow(RangeError);
  });
});
