/** Lines read as one text without joining them (protocol/lines-text.ts) read exactly as `lines.join('\n')`. */
import { describe, expect, it } from 'vitest';
import { LinesText } from '../../protocol/lines-text';
import { parseSessionFile } from '../../protocol/session-file';

/** Every position, search and slice of `text` asked of the string and of its lines, in an order that jumps about. */
function expectReadsAs(text: string): void {
  const lines = new LinesText(text.split('\n'));
  expect(lines.length).toBe(text.length);
  const positions = [-3, -1, 0, 1, 2, text.length - 2, text.length - 1, text.length, text.length + 4, NaN, 1.7, Infinity, -Infinity];
  for (let i = 0; i < text.length; i += 1) positions.push(i, text.length - 1 - i, (i * 7) % (text.length + 1));
  for (const p of positions) {
    expect(lines.charCodeAt(p), `charCodeAt(${p})`).toEqual(text.charCodeAt(p));
    for (const c of ['\n', ' ', '{', 'é', 'x']) {
      expect(lines.indexOf(c, p), `indexOf(${JSON.stringify(c)}, ${p})`).toBe(text.indexOf(c, p));
      expect(lines.lastIndexOf(c, p), `lastIndexOf(${JSON.stringify(c)}, ${p})`).toBe(text.lastIndexOf(c, p));
    }
    for (const q of [p + 1, p + 5, p + 40, -2, text.length, undefined]) expect(lines.slice(p, q), `slice(${p}, ${q})`).toBe(text.slice(p, q));
  }
  expect(lines.indexOf('\n')).toBe(text.indexOf('\n'));
  expect(lines.lastIndexOf('\n')).toBe(text.lastIndexOf('\n'));
  expect(lines.slice()).toBe(text);
}

describe('LinesText', () => {
  it('reads as the joined lines: positions, searches and slices within and across lines', () => {
    expectReadsAs('{"format":"plaza-session"}\nF 0 12 ACK {}\n\nB 1 13 zoë 𝄞 x\nE 2 00000000deadbeef\n{"k":"end"}\n');
    expectReadsAs('one line, no break');
    expectReadsAs('\n\n');
    expectReadsAs('x\r\ny\r\n');
    expectReadsAs('');
  });

  it('reads a session file as the joined text does, and refuses a damaged one with the same message', () => {
    const text = [
      JSON.stringify({ format: 'plaza-session', version: 4, app: 'test', schema: 1, started: 1_000, user: null }),
      JSON.stringify({ k: 'intent', m: '$signIn', a: ['zoë@acme.test', '中文 𝄞'], t: 1 }),
      'B 0 2 REA {"reactions":[{"content":"👍"}]}',
      'F 3 1.5 tab\there, é',
      'E 2 00000000deadbeef',
      JSON.stringify({ k: 'uuid', v: 'ü1' }),
      JSON.stringify({ k: 'end', inputs: 3, events: 0, hash: '0'.repeat(16), projections: {} }),
      '',
    ].join('\n');
    const fromLines = parseSessionFile(new LinesText(text.split('\n')));
    const fromText = parseSessionFile(text);
    expect([fromLines.header, fromLines.footer, fromLines.lines]).toEqual([fromText.header, fromText.footer, fromText.lines]);
    const refusal = (read: () => unknown): string => {
      try {
        read();
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    for (const damaged of [text.replace('E 2 ', 'E x '), text.replace('"inputs":3', '"inputs":4'), text.slice(0, -40), text.replace(/\n/g, '\r\n')]) {
      expect(refusal(() => parseSessionFile(new LinesText(damaged.split('\n'))))).toBe(refusal(() => parseSessionFile(damaged)));
    }
  });
});
