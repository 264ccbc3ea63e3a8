/**
 * The frame tape's scanner (protocol/frames/tape-scan.ts, tape-scan-message.ts, tape-scan-bytes.ts) against the reference, decodeDownFrame: every
 * frame it writes from its bytes reads back (after a structured clone, as between threads) with no
 * `difference` from what decodeDownFrame returns for the frame's text — same keys in the same order at
 * every level, undefined-valued keys included, -0 kept — and every frame it declines leaves the batch
 * as it was. Inputs: random bodies of every code (valid and broken, frame-samples.ts), a heavy user's
 * recorded session, hand-written hostile lines, and those lines damaged byte by byte at random. It must
 * also take the common shapes (or it would be a test that cannot fail by declining everything).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordSyntheticSession } from '../../bench/replay';
import { decodeDownFrame } from '../../protocol/frames/down';
import { eachFrameLine, firstLine, headerEnd } from '../../protocol/frames/frame-lines';
import { TapeReader } from '../../protocol/frames/tape-reader';
import { TapeScanner } from '../../protocol/frames/tape-scan';
import { decodeUtf8, utf8Length, type BytesToText } from '../../protocol/frames/tape-scan-bytes';
import { TapeWriter } from '../../protocol/frames/tape-writer';
import { prng } from '../../protocol/prng';
import { parseSessionFile } from '../../protocol/session-file';
import { decodedFrame, difference, FAST_CODES, sampleBody } from './frame-samples';

/** Node's decoder, as the decoder thread passes it. */
const nodeText: BytesToText = (bytes, from, to, ascii) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(ascii ? 'latin1' : 'utf8', from, to);

interface Checked {
  /** The first frame the scanner got wrong, if any. */
  difference?: string;
  /** How many frames it wrote, which lines they were, and every line's text. */
  scanned: number;
  lines: number[];
  texts: string[];
}

/**
 * Puts `lines` (frame texts, or raw bytes) in one byte array, one a line as in a session file, scans each
 * (batches of `batchSize`), and compares each written frame with decodeDownFrame of its text as the decoder
 * thread reads it (Buffer's UTF-8).
 */
function check(lines: readonly (string | Uint8Array)[], text: BytesToText = decodeUtf8, batchSize = 500): Checked {
  const encoded = lines.map((line) => (typeof line === 'string' ? Buffer.from(line, 'utf8') : Buffer.from(line)));
  const bytes = Buffer.concat(encoded.flatMap((line) => [line, Buffer.from('\n')]));
  const writer = new TapeWriter();
  const scanner = new TapeScanner(writer, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), text);
  const texts: string[] = [];
  const written: number[] = [];
  let scanned = 0;
  const compare = (): string | undefined => {
    const batch = structuredClone(writer.finish());
    const reader = new TapeReader(batch);
    for (let k = 0; k < reader.count; k++) {
      const line = reader.line(k);
      const frameText = texts[line]!;
      const d = difference(reader.read(k), decodedFrame(frameText));
      if (d) return `line ${line} (${frameText.slice(0, 300)}): ${d}`;
    }
    return undefined;
  };
  let at = 0;
  for (let line = 0; line < encoded.length; line++) {
    const from = at;
    const to = at + encoded[line]!.length;
    at = to + 1;
    texts[line] = bytes.toString('utf8', from, to);
    const ops = writer.ops.length;
    const nums = writer.nums.length;
    const count = writer.count;
    if (scanner.add(line, from, to)) {
      scanned++;
      written.push(line);
    } else if (writer.ops.length !== ops || writer.nums.length !== nums || writer.count !== count) {
      return { difference: `line ${line} (${texts[line]}): declined, but the batch changed`, scanned, lines: written, texts };
    }
    if (writer.count === batchSize) {
      const d = compare();
      if (d) return { difference: d, scanned, lines: written, texts };
    }
  }
  const d = compare();
  return d ? { difference: d, scanned, lines: written, texts } : { scanned, lines: written, texts };
}

/**
 * The same comparison for frames read from a session file's lines as the decoder thread reads them
 * (eachFrameLine with `scan`: the scanner finds where each frame's line ends): frame lines among other
 * lines, ending in LF or CRLF, some with white space or more after the frame. Every frame line taken by
 * the scanner reads back as decodeDownFrame decodes the text `frame` would have been given; the others go
 * to `frame`, with that text; and both together see every frame line once.
 */
function checkLines(frames: readonly (string | Uint8Array)[], seed: number): Checked {
  const rng = prng(seed);
  const parts: Buffer[] = [Buffer.from('{"format":"plaza-session","version":4}\n')];
  for (const frame of frames) {
    if (rng() < 0.3) parts.push(Buffer.from('E 1 0123456789abcdef\n'));
    const tail = rng() < 0.2 ? '\r\n' : rng() < 0.05 ? pickOf(rng, [' \n', '\r\r\n', '\t\n', 'x\n', '}\n']) : '\n';
    parts.push(Buffer.from(`${rng() < 0.5 ? 'B' : 'F'} 0 1800000000000 `), Buffer.from(frame), Buffer.from(tail));
  }
  parts.push(Buffer.from('{"k":"end"}\n'));
  const bytes = Buffer.concat(parts);
  const writer = new TapeWriter();
  const scanner = new TapeScanner(writer, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  const texts: string[] = [];
  const written: number[] = [];
  let scanned = 0;
  const seen: number[] = [];
  eachFrameLine(
    bytes,
    firstLine(headerEnd(bytes)),
    () => true,
    (i, from, to) => {
      seen.push(i);
      texts[i] = bytes.toString('utf8', from, to);
    },
    (i, from, limit) => {
      const end = scanner.addLine(i, from, limit);
      if (end >= 0) {
        seen.push(i);
        scanned++;
        written.push(i);
        // The text `frame` would have been given: to the line's end, a CR before the newline left out.
        const newline = bytes.indexOf(0x0a, from);
        texts[i] = bytes.toString('utf8', from, bytes[newline - 1] === 0x0d ? newline - 1 : newline);
        if (end !== (bytes[newline - 1] === 0x0d ? newline - 1 : newline)) throw new Error(`line ${i}: ended at ${end}, not at its line's end`);
      }
      return end;
    },
  );
  const frameLines = bytes.toString('utf8').split('\n').slice(1, -2).flatMap((line, i) => (line.startsWith('E ') ? [] : [i]));
  if (seen.join() !== frameLines.join()) return { difference: 'not every frame line seen once', scanned, lines: written, texts };
  const reader = new TapeReader(structuredClone(writer.finish()));
  for (let k = 0; k < reader.count; k++) {
    const line = reader.line(k);
    const d = difference(reader.read(k), decodedFrame(texts[line]));
    if (d) return { difference: `line ${line} (${texts[line]!.slice(0, 300)}): ${d}`, scanned, lines: written, texts };
  }
  return { scanned, lines: written, texts };
}

const pickOf = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Random frames of every code the scanner knows and one it does not: valid and broken bodies. */
function randomFrames(seed: number, count: number): string[] {
  const rng = prng(seed);
  const frames: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = FAST_CODES[Math.floor(rng() * FAST_CODES.length)]!;
    frames.push(`${code} ${sampleBody(rng, code, rng() > 0.6)}`);
  }
  return frames;
}

/**
 * Random frames in the shapes the scanner reads — JSON.stringify's form, keys in random order — with
 * values near every limit and of wrong types now and then, strings of awkward characters, numbers of
 * every form, and parts of every kind: the scanner must write what decodeDownFrame returns, or decline.
 */
function shapedFrames(seed: number, total: number): string[] {
  const rng = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const NUMBERS = ['0', '-0', '1', '7', '12', '13', '-1', '1.5', '1e3', '123456789012345', '1234567890123456', '1800000000000', '00'];
  const SAFE = ['a', 'Z', '0', '-', '_', 'é', '👍', '中'];
  const AWKWARD = [...SAFE, ' ', '"', '\\', '\n', '\u2028', '\u00a0', '\u007f', '\u0085', '\ud800', '/'];
  const text = (max: number): string => {
    const roll = rng();
    if (roll < 0.15) return pick(['x', 'é', '😀']).repeat(pick([max, max + 1, Math.max(0, max - 1)]));
    const chars = roll < 0.9 ? SAFE : AWKWARD;
    return Array.from({ length: Math.floor(rng() * 5) }, () => pick(chars)).join('');
  };
  const str = (max: number): string => JSON.stringify(text(max));
  /** Now and then a value of the wrong type. */
  const odd = (): string => pick(['null', 'true', 'false', '"x"', '1', '[]', '{}', '""']);
  const value = (make: () => string): string => (rng() < 0.04 ? odd() : make());
  const guid = () => value(() => (rng() < 0.9 ? JSON.stringify(pick(['c1', 'm1', 'alice', 'u-2', 'é1', '👍'])) : str(200)));
  const count = () => value(() => pick(NUMBERS));
  const obj = (fields: [string, () => string, number][]): string => {
    const entries: [string, string][] = [];
    for (const [key, make, chance] of fields) if (rng() < chance) entries.push([key, make()]);
    if (rng() < 0.04) entries.push([pick(['extra', '__proto__', 'n', 'type']), odd()]);
    for (let i = entries.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
    }
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
  };
  const reactions = () => value(() => `[${Array.from({ length: Math.floor(rng() * 3) }, () => obj([['target_user_guid', guid, 0.97], ['content', () => value(() => (rng() < 0.8 ? JSON.stringify(pick(['👍', '🎉', ':tada:', 'x'])) : str(64))), 0.97]])).join(',')}]`);
  const part = (): string => {
    switch (pick(['text', 'text', 'person', 'hyperlink', 'command', 'other'])) {
      case 'text':
        return obj([['type', () => '"text"', 0.98], ['text', () => (rng() < 0.05 ? str(40_000) : str(50)), 0.97]]);
      case 'person':
        return obj([['type', () => '"person"', 0.98], ['user_guid', guid, 0.95], ['name', () => str(200), 0.95], ['scope', () => JSON.stringify(pick(['user', 'channel', 'all', 'team'])), 0.5]]);
      case 'hyperlink':
        return obj([['type', () => '"hyperlink"', 0.98], ['url', () => str(4_000), 0.95], ['text', () => str(4_000), 0.5]]);
      case 'command':
        return obj([['type', () => '"command"', 0.98], ['code', () => str(100), 0.95], ['text', () => str(4_000), 0.5]]);
      default:
        return pick(['{"type":"video_conference","token":"12"}', '{"type":"bullet-list","items":[]}', '{"type":"x"}']);
    }
  };
  const json = () => value(() => JSON.stringify(`[${Array.from({ length: Math.floor(rng() * 4) }, part).join(',')}]`));
  const nullable = (make: () => string) => () => (rng() < 0.3 ? 'null' : make());
  const flagNumber = () => value(() => pick(['0', '3', '12', '13', '-0', '-1']));
  const bool = () => value(() => pick(['true', 'false']));
  const numbered = (body: [string, () => string, number][]) => [...body, ['n', count, 0.5]] as [string, () => string, number][];
  const frames: string[] = [];
  for (let i = 0; i < total; i++) {
    switch (pick(['TYP', 'ACK', 'REA', 'DEL', 'MSG', 'MSG'])) {
      case 'TYP':
        frames.push(`TYP ${obj([['address', guid, 0.97], ['user_guid', guid, 0.97], ['first_name', () => str(200), 0.8], ['last_name', () => str(200), 0.8]])}`);
        break;
      case 'ACK':
        frames.push(`ACK ${obj([['check', () => (rng() < 0.5 ? pick(NUMBERS) : str(100)), 0.97], ['n', count, 0.5]])}`);
        break;
      case 'REA':
        frames.push(`REA ${obj(numbered([['address', guid, 0.97], ['guid', guid, 0.97], ['reactions', reactions, 0.97], ['change_seq', count, 0.5]]))}`);
        break;
      case 'DEL':
        frames.push(`DEL ${obj(numbered([['address', guid, 0.97], ['guid', guid, 0.97], ['from_guid', guid, 0.5], ['created', count, 0.5], ['reply_to', nullable(guid), 0.5], ['change_seq', count, 0.5]]))}`);
        break;
      default: {
        const message = obj([
          ['guid', guid, 0.98], ['address', guid, 0.98], ['created', count, 0.98], ['from_guid', guid, 0.98], ['json', json, 0.98],
          ['from_first_name', () => str(200), 0.6], ['from_last_name', () => str(200), 0.6], ['reply_to', nullable(guid), 0.3],
          ['is_urgent', bool, 0.3], ['flag', flagNumber, 0.3], ['disable_notification', bool, 0.3], ['reactions', reactions, 0.3],
          ['client_guid', nullable(guid), 0.3], ['change_seq', nullable(count), 0.3], ['reply_count', count, 0.3],
          ['last_reply_ts', nullable(count), 0.3], ['file_guid', guid, 0.02],
        ]);
        frames.push(`MSG ${obj(numbered([['message', () => message, 0.99]]))}`);
      }
    }
  }
  return frames;
}

const M = (fields: string, parts = '[{\\"type\\":\\"text\\",\\"text\\":\\"hi\\"}]') =>
  `MSG {"message":{"guid":"m1","address":"c1","created":1800000000000,"from_guid":"alice"${fields},"json":"${parts}"}}`;
const P = (part: string) => M('', `[${part}]`);

/** Lines written to be awkward: every one must be either written exactly or declined. */
const HOSTILE: string[] = [
  // The usual shapes, and their keys in other orders.
  'TYP {"address":"c1","user_guid":"u1","first_name":"Ann","last_name":"Lee"}',
  'TYP {"last_name":"Lee","user_guid":"u1","address":"c1"}',
  'TYP {"address":"c1","user_guid":"u1"}',
  'TYP {"address":"c1","user_guid":"u1","n":3}',
  'TYP {"address":"c1","user_guid":"u1","first_name":"Ann","first_name":"Bo"}',
  'TYP {"address":"c1","user_guid":""}',
  'TYP {"address":"c1","user_guid":null}',
  `TYP {"address":"c1","user_guid":"${'u'.repeat(200)}"}`,
  `TYP {"address":"c1","user_guid":"${'u'.repeat(201)}"}`,
  `TYP {"address":"c1","user_guid":"${'é'.repeat(200)}"}`,
  `TYP {"address":"c1","user_guid":"${'é'.repeat(201)}"}`,
  `TYP {"address":"c1","user_guid":"${'😀'.repeat(200)}"}`,
  `TYP {"address":"c1","user_guid":"${'😀'.repeat(201)}"}`,
  'TYP {"address":"c1","user_guid":"u\\u0031"}',
  'TYP {"address":"c1","user_guid":"u1\\n"}',
  'TYP {"address":"c1","user_guid":"u1"} ',
  'TYP  {"address":"c1","user_guid":"u1"}',
  'TYP{"address":"c1","user_guid":"u1"}',
  'TYP {"address":"c1", "user_guid":"u1"}',
  'TYP {"address":"c1","user_guid":"u1"}}',
  'TYP {"address":"c1","user_guid":"u1",}',
  'TYP {"address":"c1","user_guid":"u1"',
  'TYP {}',
  'TYP {"address":"c1","user_guid":"u1","extra":1}',
  'TYP {"__proto__":"x","address":"c1","user_guid":"u1"}',
  'TYX {"address":"c1","user_guid":"u1"}',
  'typ {"address":"c1","user_guid":"u1"}',
  'ACK {"check":3}',
  'ACK {"check":-0}',
  'ACK {"check":-12,"n":0}',
  'ACK {"n":7,"check":"abc"}',
  'ACK {"check":"x","n":-1}',
  'ACK {"check":1.5}',
  'ACK {"check":1e3}',
  'ACK {"check":1E3}',
  'ACK {"check":012}',
  'ACK {"check":-}',
  'ACK {"check":123456789012345}',
  'ACK {"check":1234567890123456}',
  'ACK {"check":9007199254740993}',
  'ACK {"check":1e999}',
  'ACK {"check":true}',
  'ACK {"check":null}',
  `ACK {"check":"${'x'.repeat(100)}"}`,
  `ACK {"check":"${'x'.repeat(101)}"}`,
  'ACK {"check":3,"n":1.0}',
  'ACK {"check":3,"n":"4"}',
  'ACK {"check":3,"check":4}',
  // REA: reactions of every kind of content.
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"👍"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[],"change_seq":4,"n":9}',
  'REA {"n":9,"reactions":[{"content":":tada:","target_user_guid":"u1"}],"guid":"m1","address":"c1"}',
  'REA {"address":"c1","guid":"m1","reactions":[],"n":0}',
  'REA {"address":"c1","guid":"m1","reactions":[],"n":-3}',
  'REA {"address":"c1","guid":"m1","reactions":[],"n":"x"}',
  'REA {"address":"c1","guid":"m1","reactions":[],"change_seq":-1}',
  'REA {"address":"c1","guid":"m1","reactions":[],"change_seq":-0}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"a b"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"a\u00a0b"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"a\u2028"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"a\u0085"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"a\u007f"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":""}]}',
  `REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"${'👍'.repeat(64)}"}]}`,
  `REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"${'👍'.repeat(65)}"}]}`,
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1"}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"x","extra":1}]}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"x"},]}',
  'REA {"address":"c1","guid":"m1","reactions":{}}',
  'REA {"address":"c1","guid":"m1"}',
  'REA {"address":"c1","guid":"m1","reactions":[{"target_user_guid":"u1","content":"x"}],"reactions":[{"target_user_guid":"u2","content":"y"}]}',
  `REA {"address":"c1","guid":"m1","reactions":[${Array.from({ length: 10_000 }, (_, i) => `{"target_user_guid":"u${i}","content":"x"}`).join(',')}]}`,
  `REA {"address":"c1","guid":"m1","reactions":[${Array.from({ length: 10_001 }, (_, i) => `{"target_user_guid":"u${i}","content":"x"}`).join(',')}]}`,
  // DEL: every optional field, null and absent.
  'DEL {"address":"c1","guid":"m1"}',
  'DEL {"address":"c1","guid":"m1","from_guid":"u1","created":5,"reply_to":null,"change_seq":8,"n":2}',
  'DEL {"change_seq":8,"reply_to":"m0","guid":"m1","address":"c1"}',
  'DEL {"address":"c1","guid":"m1","from_guid":null}',
  'DEL {"address":"c1","guid":"m1","created":null}',
  'DEL {"address":"c1","guid":"m1","created":-0,"change_seq":-0}',
  'DEL {"address":"c1","guid":"m1","reply_to":""}',
  'DEL {"address":"c1","guid":"m1","n":12,"n":13}',
  // MSG: defaults, every field, parts of every kind the scanner knows, and some it does not.
  M(''),
  M(',"from_first_name":"Ann","from_last_name":"Lee","reply_to":"m0","is_urgent":true,"flag":12,"disable_notification":false,"reactions":[{"target_user_guid":"u2","content":"🎉"}],"client_guid":"cg","change_seq":44,"reply_count":2,"last_reply_ts":1800000000001'),
  M(',"reply_to":null,"client_guid":null,"change_seq":null,"last_reply_ts":null,"is_urgent":false,"disable_notification":true,"flag":-0'),
  `MSG {"n":5,"message":{"json":"[]","from_guid":"alice","created":0,"address":"c1","guid":"m1"}}`,
  `MSG {"message":{"json":"[]","from_guid":"alice","created":0,"address":"c1","guid":"m1"},"n":5}`,
  `MSG {"message":{"json":"[]","from_guid":"alice","created":0,"address":"c1","guid":"m1"},"n":0}`,
  `MSG {"message":{"json":"[]","from_guid":"alice","created":0,"address":"c1","guid":"m1"},"message":{}}`,
  `MSG {"message":{"json":"[]","from_guid":"alice","created":0,"address":"c1"}}`,
  `MSG {"message":null}`,
  `MSG {}`,
  M(',"json":"[]"'),
  M(',"reactions":[],"reactions":[{"target_user_guid":"u2","content":"y"}]'),
  M(',"flag":13'),
  M(',"flag":-1'),
  M(',"created":-1'),
  M(',"reply_count":1.5'),
  M(',"is_urgent":1'),
  M(',"is_urgent":tru'),
  M(',"is_urgent":truee'),
  M(',"file_guid":"f1","file_size":3'),
  M(',"scope":1'),
  M(',"from_first_name":null'),
  M(',"reactions":null'),
  M('', '[]'),
  M('', ''),
  M('', '['),
  M('', 'null'),
  M('', '[{}]'),
  M('', '[{\\"type\\":\\"text\\"}]'),
  P('{\\"text\\":\\"before the type\\",\\"type\\":\\"text\\"}'),
  P(`{\\"text\\":\\"${'w'.repeat(40_000)}\\",\\"type\\":\\"text\\"}`),
  P(`{\\"type\\":\\"text\\",\\"text\\":\\"${'w'.repeat(40_001)}\\"}`),
  P(`{\\"text\\":\\"${'w'.repeat(4_001)}\\",\\"type\\":\\"hyperlink\\",\\"url\\":\\"u\\"}`),
  P(`{\\"type\\":\\"hyperlink\\",\\"url\\":\\"u\\",\\"text\\":\\"${'w'.repeat(4_000)}\\"}`),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"quote \\\\\\" inside\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"line\\\\nbreak\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"tab\\tinside\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"ünïcödé 😀\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"a\\"},{\\"type\\":\\"text\\",\\"text\\":\\"b\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"a\\",\\"extra\\":\\"x\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":\\"a\\",\\"text\\":\\"b\\"}'),
  P('{\\"type\\":\\"text\\",\\"text\\":1}'),
  P('{\\"type\\": \\"text\\",\\"text\\":\\"a\\"}'),
  P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"u1\\",\\"name\\":\\"Ann\\"}'),
  P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"u1\\",\\"name\\":\\"Ann\\",\\"scope\\":\\"channel\\"}'),
  P('{\\"scope\\":\\"all\\",\\"name\\":\\"\\",\\"user_guid\\":\\"u1\\",\\"type\\":\\"person\\"}'),
  P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"u1\\",\\"name\\":\\"Ann\\",\\"scope\\":\\"team\\"}'),
  P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"\\",\\"name\\":\\"Ann\\"}'),
  P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"u1\\"}'),
  P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"u1\\",\\"name\\":\\"Ann\\",\\"text\\":\\"x\\"}'),
  P('{\\"type\\":\\"hyperlink\\",\\"url\\":\\"https://x.test/a?b=c\\"}'),
  P('{\\"type\\":\\"hyperlink\\",\\"url\\":\\"https://x.test\\",\\"text\\":\\"x\\"}'),
  P('{\\"type\\":\\"hyperlink\\",\\"text\\":\\"x\\"}'),
  P('{\\"type\\":\\"command\\",\\"code\\":\\"/giphy\\"}'),
  P('{\\"type\\":\\"command\\",\\"code\\":\\"/giphy\\",\\"text\\":\\"cats\\"}'),
  P(`{\\"type\\":\\"command\\",\\"code\\":\\"${'c'.repeat(101)}\\"}`),
  P('{\\"type\\":\\"bullet-list\\",\\"items\\":[[{\\"type\\":\\"text\\",\\"text\\":\\"a\\"}]]}'),
  P('{\\"type\\":\\"video_conference\\",\\"token\\":\\"123\\"}'),
  P('{\\"type\\":\\"emoji\\",\\"text\\":\\"a\\"}'),
  P(Array.from({ length: 1_000 }, () => '{\\"type\\":\\"text\\",\\"text\\":\\"a\\"}').join(',')),
  P(Array.from({ length: 1_001 }, () => '{\\"type\\":\\"text\\",\\"text\\":\\"a\\"}').join(',')),
  // Other codes and no frames at all.
  'CHK {"check":1}',
  'FAV {"address":"c","guid":"m","flag":3}',
  'VCH {}',
  'MSG {',
  'MSG',
  '',
];

/** The same lines as bytes, some of them not UTF-8: a byte replaced, dropped or put in. */
function damaged(seed: number, lines: readonly string[], count: number): Uint8Array[] {
  const rng = prng(seed);
  const awkward = [0x22, 0x5c, 0x2c, 0x3a, 0x7b, 0x7d, 0x5b, 0x5d, 0x20, 0x30, 0x2d, 0x2e, 0x65, 0x6e, 0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xe0, 0xed, 0xf0, 0xf4, 0xff];
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = [...Buffer.from(lines[Math.floor(rng() * lines.length)]!, 'utf8')];
    for (let m = 1 + Math.floor(rng() * 2); m > 0; m--) {
      const at = Math.floor(rng() * (bytes.length + 1));
      const byte = rng() < 0.7 ? awkward[Math.floor(rng() * awkward.length)]! : Math.floor(rng() * 256);
      const roll = rng();
      if (roll < 0.4) bytes[at] = byte;
      else if (roll < 0.7) bytes.splice(at, 1);
      else bytes.splice(at, 0, byte);
    }
    out.push(Uint8Array.from(bytes.filter((b) => b !== 0x0a)));
  }
  return out;
}

describe('the frame tape scanner', () => {
  let session: string[];
  beforeAll(async () => {
    const file = parseSessionFile(await recordSyntheticSession(4_000, 'heavy-user', { timers: true }));
    session = [];
    for (let i = 0; i < file.count; i++) {
      const line = file.kind(i) === 'frame' ? file.line(i) : undefined;
      if (line?.k === 'frame' && typeof line.x === 'string') session.push(line.x);
    }
  });

  it('writes a heavy user’s frames exactly as decodeDownFrame decodes them, nearly all of them', () => {
    for (const text of [decodeUtf8, nodeText]) {
      const result = check(session, text);
      expect(result.difference).toBeUndefined();
      expect(result.scanned).toBeGreaterThan(session.length * 0.95);
    }
  });

  it('the shipped fixture: exact', () => {
    const file = parseSessionFile(readFileSync('fixtures/sessions/bob-reads-and-replies.jsonl', 'utf8'));
    const frames: string[] = [];
    for (let i = 0; i < file.count; i++) {
      const line = file.kind(i) === 'frame' ? file.line(i) : undefined;
      if (line?.k === 'frame' && typeof line.x === 'string') frames.push(line.x);
    }
    expect(check(frames).difference).toBeUndefined();
  });

  it('random bodies of every code, valid and broken: exact where written, and most valid ones written', () => {
    for (let round = 0; round < 2; round++) {
      const frames = randomFrames(31_000 + round, 3_000);
      for (const text of [decodeUtf8, nodeText]) {
        const result = check(frames, text, 700);
        expect(result.difference).toBeUndefined();
        expect(result.scanned).toBeGreaterThan(300);
      }
    }
  });

  it('random frames of the shapes it reads, keys in any order, values near every limit: exact, and many written', () => {
    for (let round = 0; round < 4; round++) {
      const frames = shapedFrames(61_000 + round, 4_000);
      let written: string[] = [];
      for (const text of [decodeUtf8, nodeText]) {
        const result = check(frames, text, 300);
        expect(result.difference).toBeUndefined();
        expect(result.scanned).toBeGreaterThan(1_000);
        expect(result.scanned).toBeLessThan(3_800);
        written = result.lines.map((line) => frames[line]!);
      }
      // Every code and every kind of part written, at least once.
      for (const needle of ['TYP ', 'ACK ', 'REA ', 'DEL ', 'MSG ', '\\"type\\":\\"person', '\\"type\\":\\"hyperlink', '\\"type\\":\\"command', '"n":', '-0']) {
        expect(written.some((line) => line.includes(needle)), needle).toBe(true);
      }
    }
  });

  it('hostile lines: exact where written, declined (the batch untouched) otherwise', () => {
    for (const text of [decodeUtf8, nodeText]) {
      const result = check(HOSTILE, text, 37);
      expect(result.difference).toBeUndefined();
    }
    // The lines it must take (each shape it knows), and some it must leave to the reference.
    const taken = (line: string) => check([line]).scanned === 1;
    const known = [
      'TYP {"last_name":"Lee","user_guid":"u1","address":"c1"}',
      'ACK {"check":-0}',
      'REA {"n":9,"reactions":[{"content":":tada:","target_user_guid":"u1"}],"guid":"m1","address":"c1"}',
      'DEL {"change_seq":8,"reply_to":"m0","guid":"m1","address":"c1"}',
      M(''),
      P('{\\"type\\":\\"person\\",\\"user_guid\\":\\"u1\\",\\"name\\":\\"Ann\\"}'),
    ];
    for (const line of known) expect(taken(line), line).toBe(true);
    for (const line of ['TYP {"address":"c1","user_guid":"u1","extra":1}', 'TYP {"address":"c1","user_guid":"u\\u0031"}', 'ACK {"check":1.5}', 'CHK {"check":1}']) {
      expect(taken(line), line).toBe(false);
    }
    // Of the awkward lines, it takes the ones it can be sure of: many, not all.
    const result = check(HOSTILE);
    expect(result.scanned).toBeGreaterThan(35);
    expect(result.scanned).toBeLessThan(HOSTILE.length - 40);
  });

  it('hostile lines damaged byte by byte, malformed UTF-8 included: exact where written', () => {
    const lines = [...HOSTILE.filter((line) => line.length < 2_000), ...session.slice(0, 300)];
    for (let round = 0; round < 3; round++) {
      const result = check(damaged(41_000 + round, lines, 4_000), round === 0 ? decodeUtf8 : nodeText, 250);
      expect(result.difference).toBeUndefined();
      expect(result.scanned).toBeGreaterThan(100);
    }
  });

  it('frames read off a session file’s lines (the line’s end found by the scanner): exact, CRLF and trailing bytes alike', () => {
    const lines = [...HOSTILE.filter((line) => line.length < 2_000), ...session.slice(0, 500), ...shapedFrames(71_000, 1_000)];
    for (let round = 0; round < 2; round++) {
      const result = checkLines([...lines, ...damaged(72_000 + round, lines, 1_000)], 73_000 + round);
      expect(result.difference).toBeUndefined();
      expect(result.scanned).toBeGreaterThan(700);
    }
  });

  it('knows a repeated string by its bytes: written once per batch', () => {
    const lines = Array.from({ length: 1_000 }, (_, i) => `TYP {"address":"c${i % 10}","user_guid":"alice","first_name":"Alice","last_name":"Anders"}`);
    const bytes = Buffer.from(lines.join('\n'));
    const writer = new TapeWriter();
    const scanner = new TapeScanner(writer, bytes);
    let from = 0;
    for (const [i, line] of lines.entries()) {
      expect(scanner.add(i, from, from + line.length)).toBe(true);
      from += line.length + 1;
    }
    expect(writer.finish().strings.length).toBe(13);
    expect(scanner.add(0, 0, lines[0]!.length)).toBe(true);
    expect(writer.finish().strings).toEqual(['c0', 'alice', 'Alice', 'Anders']);
  });

  it('reads UTF-8 as Node does where it is well formed, and knows where it is not', () => {
    const rng = prng(51_000);
    for (let i = 0; i < 2_000; i++) {
      const points = Array.from({ length: 1 + Math.floor(rng() * 8) }, () => {
        const range = [0x7f, 0x7ff, 0xffff, 0x10ffff][Math.floor(rng() * 4)]!;
        const point = 1 + Math.floor(rng() * range);
        return point >= 0xd800 && point <= 0xdfff ? 0x41 : point;
      });
      const text = String.fromCodePoint(...points);
      const bytes = Buffer.from(text, 'utf8');
      expect(utf8Length(bytes, 0, bytes.length)).toBe(points.length);
      expect(decodeUtf8(bytes, 0, bytes.length, false)).toBe(text);
    }
    for (const bad of [[0xc0, 0x80], [0xc1, 0xbf], [0xe0, 0x9f, 0x80], [0xed, 0xa0, 0x80], [0xf0, 0x8f, 0x80, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80], [0x80], [0xc3], [0xe2, 0x82], [0xff]]) {
      expect(utf8Length(Uint8Array.from(bad), 0, bad.length), bad.join()).toBe(-1);
    }
  });
});
