/**
 * The compact lines of session files from version 2 on — a socket frame as
 * `F s t text` (`B` for a burst), a digest as `E n h` — written and read, and
 * how the reader keeps the lines of a file: validated, but as numbers and
 * offsets into the file's text rather than objects, until they are asked for.
 * protocol/session-file.ts is the format; this is its hot path.
 */
import type { SessionLine } from './session-file';

/**
 * The text a session file is read from: a string, or anything that reads like one (scripts/utf8-text.ts reads
 * the file's UTF-8 bytes in place, so a replay in Node need not decode 140 MB into a string first). The
 * reader only looks for ASCII (line breaks, spaces, digits, braces) and slices out what it keeps.
 */
export interface SessionText {
  readonly length: number;
  /**
   * The text's UTF-8 bytes, when it is read from them in place (its offsets are then byte offsets): the reader
   * then reads the usual compact lines straight from them (readUsualLines) — a heavy user's file has two
   * million, and reading each byte through charCodeAt was most of the cost of reading them.
   */
  readonly bytes?: Uint8Array;
  charCodeAt(index: number): number;
  indexOf(searchString: string, position?: number): number;
  lastIndexOf(searchString: string, position?: number): number;
  slice(start?: number, end?: number): string;
}

export class SessionFileError extends Error {
  override name = 'SessionFileError';
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`line ${line}: ${problem}`);
  }
}

/**
 * A frame as a compact line, `F s t text` (`B` instead of `F`: delivered in a burst with the next input,
 * v1's `d: 0`), or null when it must stay JSON: its data is not text, or the text holds a line break or
 * a lone surrogate (which UTF-8 cannot carry).
 */
export function compactFrameLine(s: number, t: number, x: unknown, burst: boolean): string | null {
  if (typeof x !== 'string' || !Number.isSafeInteger(s) || s < 0 || !Number.isFinite(t) || t < 0) return null;
  for (let i = 0; i < x.length; i++) {
    const c = x.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) return null;
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = x.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return null;
      i++;
    }
  }
  return `${burst ? 'B' : 'F'} ${s} ${t} ${x}`;
}

/** A digest as a compact line: `E n h`. */
export function compactDigestLine(n: number, h: string): string {
  return `E ${n} ${h}`;
}

/** What a line of either form is, without parsing it: its kind, and whether it is a burst input. */
export function lineInfo(line: string): { kind: string | undefined; burst: boolean } {
  const first = line.charCodeAt(0);
  if (first === 0x46 /* F */ && line.charCodeAt(1) === 0x20) return { kind: 'frame', burst: false };
  if (first === 0x42 /* B */ && line.charCodeAt(1) === 0x20) return { kind: 'frame', burst: true };
  if (first === 0x45 /* E */ && line.charCodeAt(1) === 0x20) return { kind: 'ev', burst: false };
  // A JSON line's burst mark is written last.
  return { kind: /^\{"k":"(\w+)"/.exec(line)?.[1], burst: line.endsWith(',"d":0}') };
}

/** A whole number written plainly (no sign, no leading zero, no exponent), at most 15 digits; -1 when it is not one. */
function plainWhole(text: SessionText, from: number, to: number): number {
  const length = to - from;
  if (length < 1 || length > 15 || (length > 1 && text.charCodeAt(from) === 0x30)) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** 1 for the code units of lowercase hex digits, 0 for every other: a digest is checked with one load per digit and no branch. */
const HEX_DIGIT = new Uint8Array(0x10000);
for (const c of '0123456789abcdef') HEX_DIGIT[c.charCodeAt(0)] = 1;

/** 1 for the code units of decimal digits, 0 for every other. */
const DECIMAL_DIGIT = new Uint8Array(0x10000);
for (const c of '0123456789') DECIMAL_DIGIT[c.charCodeAt(0)] = 1;

/** Whether text[from, to) is exactly 16 lowercase hex digits. */
function isHex16(text: SessionText, from: number, to: number): boolean {
  if (to - from !== 16) return false;
  let all = 1;
  for (let i = from; i < to; i++) all &= HEX_DIGIT[text.charCodeAt(i)]!;
  return all === 1;
}


// ---- the lines of a file as read ------------------------------------------------

/** How a line between header and footer is kept until it is asked for. */
export const JSON_LINE = 0;
export const FRAME = 1;
export const BURST = 2;
export const DIGEST = 3;

const NOT_A_LINE = 'not a session line (a JSON object, or a compact frame or digest line)';
const FRAME_SHAPE = 'frame: expected "F socket time text"';

/**
 * The lines of a file as read: per line its form, a number (a frame's socket, a digest's count, or a JSON
 * line's index in `json`), a frame's time, and where its text (a frame's data, a digest's hash) lies in the file.
 */
export class ReadLines {
  count = 0;
  form: Uint8Array;
  num: Float64Array;
  time: Float64Array;
  from: Int32Array;
  to: Int32Array;
  readonly json: SessionLine[] = [];

  /** Room for about as many lines as a file of `chars` characters has (a heavy user's lines average ~75). */
  constructor(chars: number) {
    const size = Math.max(1024, Math.ceil(chars / 64));
    this.form = new Uint8Array(size);
    this.num = new Float64Array(size);
    this.time = new Float64Array(size);
    this.from = new Int32Array(size);
    this.to = new Int32Array(size);
  }

  /** Room for one more line (doubling: a copy of each array now and then is cheaper than a guess). */
  grow(): void {
    if (this.count < this.form.length) return;
    const size = this.form.length * 2;
    const bigger = <T extends Uint8Array | Float64Array | Int32Array>(a: T, make: new (n: number) => T): T => {
      const b = new make(size);
      b.set(a);
      return b;
    };
    this.form = bigger(this.form, Uint8Array);
    this.num = bigger(this.num, Float64Array);
    this.time = bigger(this.time, Float64Array);
    this.from = bigger(this.from, Int32Array);
    this.to = bigger(this.to, Int32Array);
  }
}

/**
 * Reads the compact line text[from, to) into `read` in one pass over its fields, for the usual line: plain whole
 * numbers, each followed by one space. Returns false, having kept nothing, for anything else (a time written
 * with a fraction or an exponent, a damaged line), which `readCompactLine` then reads or refuses.
 */
function readUsualCompactLine(text: SessionText, from: number, to: number, read: ReadLines): boolean {
  const kind = text.charCodeAt(from);
  if (text.charCodeAt(from + 1) !== 0x20) return false;
  // The first field (a frame's socket, a digest's count): 1–15 digits, no leading zero, then a space.
  let at = from + 2;
  let c = text.charCodeAt(at);
  let first = 0;
  while (c >= 0x30 && c <= 0x39) {
    first = first * 10 + (c - 0x30);
    c = text.charCodeAt(++at);
  }
  let digits = at - from - 2;
  if (c !== 0x20 || digits < 1 || digits > 15 || (digits > 1 && text.charCodeAt(from + 2) === 0x30)) return false;
  const i = read.count;
  if (kind === 0x45 /* E */) {
    if (first < 1 || !isHex16(text, at + 1, to)) return false;
    read.form[i] = DIGEST;
    read.num[i] = first;
    read.from[i] = at + 1;
    read.to[i] = to;
    read.count = i + 1;
    return true;
  }
  if (kind !== 0x46 /* F */ && kind !== 0x42 /* B */) return false;
  // A frame's time, the same way; its text is the rest of the line.
  const timeFrom = ++at;
  let t = 0;
  if (text.charCodeAt(timeFrom + 13) === 0x20 && text.charCodeAt(timeFrom) !== 0x30) {
    // The usual time, 13 digits (epoch ms from 2001 to 2286): checked without a branch per digit.
    let all = 1;
    for (; at < timeFrom + 13; at++) {
      const d = text.charCodeAt(at);
      all &= DECIMAL_DIGIT[d]!;
      t = t * 10 + (d - 0x30);
    }
    if (all !== 1) return false;
  } else {
    c = text.charCodeAt(at);
    while (c >= 0x30 && c <= 0x39) {
      t = t * 10 + (c - 0x30);
      c = text.charCodeAt(++at);
    }
    digits = at - timeFrom;
    if (c !== 0x20 || digits < 1 || digits > 15 || (digits > 1 && text.charCodeAt(timeFrom) === 0x30)) return false;
  }
  read.form[i] = kind === 0x42 ? BURST : FRAME;
  read.num[i] = first;
  read.time[i] = t;
  read.from[i] = at + 1;
  read.to[i] = to;
  read.count = i + 1;
  return true;
}

/** Where readUsualLines stopped, and how many inputs (frames) it read: one per file read, reused. */
export interface UsualLinesAt {
  /** The start of the next line to read. */
  at: number;
  inputs: number;
}

/**
 * Reads the file's lines from `where.at` on, straight from its UTF-8 bytes, for as long as they are usual
 * compact lines — a digest, or a frame with plain whole numbers, ending in a bare line break — into `read`,
 * exactly as readUsualCompactLine reads them (tests/protocol/session-file.ts compares the two readings on
 * hostile files). It stops before any other line, which the caller reads (or refuses) the general way: a
 * JSON line, a damaged or unusual one, one ending in CRLF or longer than `maxLineLength`; and at `stop` (the
 * footer's start), or once it has read `maxCount` lines (the caller refuses a file with too many).
 *
 * A digest's end is known from its fields (`E n` and 16 hex digits), so it is not searched for; a frame's is
 * found with the bytes' indexOf (a Node Buffer's is memchr).
 */
export function readUsualLines(bytes: Uint8Array, where: UsualLinesAt, stop: number, maxLineLength: number, maxCount: number, read: ReadLines): void {
  let p = where.at;
  let inputs = 0;
  for (let lines = 0; p < stop && lines < maxCount; lines++) {
    const kind = bytes[p];
    if (bytes[p + 1] !== 0x20) break;
    // The first field (a frame's socket, a digest's count): 1–15 digits, no leading zero, then a space.
    let q = p + 2;
    let c = bytes[q]!;
    let first = 0;
    while (c >= 0x30 && c <= 0x39) {
      first = first * 10 + (c - 0x30);
      c = bytes[++q]!;
    }
    let digits = q - p - 2;
    if (c !== 0x20 || digits < 1 || digits > 15 || (digits > 1 && bytes[p + 2] === 0x30)) break;
    let end: number;
    read.grow();
    const i = read.count;
    if (kind === 0x45 /* E */) {
      const hash = q + 1;
      end = hash + 16;
      if (first < 1 || bytes[end] !== 0x0a || end - p > maxLineLength) break;
      let all = 1;
      for (let h = hash; h < end; h++) all &= HEX_DIGIT[bytes[h]!]!;
      if (all !== 1) break;
      read.form[i] = DIGEST;
      read.num[i] = first;
      read.from[i] = hash;
      read.to[i] = end;
    } else if (kind === 0x46 /* F */ || kind === 0x42 /* B */) {
      // The time, the same way; the frame's text is the rest of the line.
      const timeFrom = ++q;
      let t = 0;
      c = bytes[q]!;
      while (c >= 0x30 && c <= 0x39) {
        t = t * 10 + (c - 0x30);
        c = bytes[++q]!;
      }
      digits = q - timeFrom;
      if (c !== 0x20 || digits < 1 || digits > 15 || (digits > 1 && bytes[timeFrom] === 0x30)) break;
      end = bytes.indexOf(0x0a, q + 1);
      if (end < 0 || end >= stop || bytes[end - 1] === 0x0d || end - p > maxLineLength) break;
      read.form[i] = kind === 0x42 ? BURST : FRAME;
      read.num[i] = first;
      read.time[i] = t;
      read.from[i] = q + 1;
      read.to[i] = end;
      inputs++;
    } else break;
    read.count = i + 1;
    p = end + 1;
  }
  where.at = p;
  where.inputs += inputs;
}

/** Reads the compact line text[from, to) into `read`, validated field by field, or refuses it naming line n. */
export function readCompactLine(text: SessionText, from: number, to: number, n: number, read: ReadLines): void {
  if (readUsualCompactLine(text, from, to, read)) return;
  const kind = text.charCodeAt(from);
  if (text.charCodeAt(from + 1) !== 0x20) throw new SessionFileError(n, NOT_A_LINE);
  const i = read.count;
  if (kind === 0x46 /* F */ || kind === 0x42 /* B */) {
    const afterS = text.indexOf(' ', from + 2);
    if (afterS < 0 || afterS >= to) throw new SessionFileError(n, FRAME_SHAPE);
    const s = plainWhole(text, from + 2, afterS);
    if (s < 0) throw new SessionFileError(n, 'frame: s: expected a socket id (a whole number)');
    const afterT = text.indexOf(' ', afterS + 1);
    if (afterT < 0 || afterT >= to) throw new SessionFileError(n, FRAME_SHAPE);
    let t = plainWhole(text, afterS + 1, afterT);
    if (t < 0) {
      const written = text.slice(afterS + 1, afterT);
      t = JSON_NUMBER.test(written) ? Number(written) : -1;
      if (!(t >= 0) || !Number.isFinite(t)) throw new SessionFileError(n, 'frame: t: expected a time (a non-negative number)');
    }
    read.form[i] = kind === 0x42 ? BURST : FRAME;
    read.num[i] = s;
    read.time[i] = t;
    read.from[i] = afterT + 1;
    read.to[i] = to;
  } else if (kind === 0x45 /* E */) {
    const afterN = text.indexOf(' ', from + 2);
    const count = afterN < 0 || afterN >= to ? -1 : plainWhole(text, from + 2, afterN);
    if (count < 1) throw new SessionFileError(n, 'ev: n: expected the number of events (a whole number above 0)');
    if (!isHex16(text, afterN + 1, to)) throw new SessionFileError(n, 'ev: h: expected 16 hex digits');
    read.form[i] = DIGEST;
    read.num[i] = count;
    read.from[i] = afterN + 1;
    read.to[i] = to;
  } else {
    throw new SessionFileError(n, NOT_A_LINE);
  }
  read.count = i + 1;
}
