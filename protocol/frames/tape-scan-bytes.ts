/**
 * The frame tape scanner's reading of JSON values from bytes (tape-scan.ts has the whole story): strings
 * without escapes, of well-formed UTF-8, measured in code points as zod measures them; integers of up to
 * 15 digits; null, true and false; keys found by their bytes; and the byte-keyed cache of the batch's
 * short strings. Anything else throws DECLINE.
 * Pure: no I/O, no platform globals.
 */
import { REACTION_CONTENT } from '../entities';
import { INTERN_UP_TO, type TapeWriter } from './tape-writer';

/** Thrown inside the scanner for anything it does not write; the scanner's `add` catches it and declines the frame. */
export const DECLINE = Symbol('decline');

/** Turns bytes[from, to) of well-formed UTF-8 (all ASCII when `ascii`) into a string. */
export type BytesToText = (bytes: Uint8Array, from: number, to: number, ascii: boolean) => string;

/** Slots of the scanner's byte-keyed string cache (a power of two). */
const SLOTS = 16_384;

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const SPACE = 0x20;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;
const DOT = 0x2e;
const DEL_CHAR = 0x7f;

const ascii = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
/** Keys (or other words) as the bytes to find them by; a key's number is its place in the list. */
export const keys = (...names: string[]): Uint8Array[] => names.map(ascii);
export const NULL_BYTES = ascii('null');
const TRUE_BYTES = ascii('true');
const FALSE_BYTES = ascii('false');

/** The schemas' limits (protocol/entities.ts, frames/*.ts), in code points as zod counts. */
export const GUID_MAX = 200;
export const NAME_MAX = 200;
const CONTENT_MAX = 64;

/** Reads values at `i`, within a frame's bytes (below `end`); tape-scan-message.ts and tape-scan.ts read the frames. */
export class ByteScanner {
  protected readonly b: Uint8Array;
  protected readonly text: BytesToText;
  /** Where the scan is, and the end of the frame's bytes. */
  protected i = 0;
  protected end = 0;
  // The last string scanned: its bytes [sFrom, sTo), and whether any is not ASCII.
  protected sFrom = 0;
  protected sTo = 0;
  protected sWide = false;
  // The byte-keyed string cache: where a slot's string was seen, its length, its index in the batch's strings, and that batch.
  protected readonly slotFrom = new Int32Array(SLOTS);
  protected readonly slotLength = new Int32Array(SLOTS);
  protected readonly slotIndex = new Int32Array(SLOTS);
  protected readonly slotBatch = new Int32Array(SLOTS);
  constructor(
    protected readonly writer: TapeWriter,
    bytes: Uint8Array,
    text: BytesToText = decodeUtf8,
  ) {
    this.b = bytes;
    this.text = text;
  }

  /** A guid: a string of 1 to 200 code points; its index in the batch's strings. */
  protected guid(): number {
    const length = this.string();
    if (length < 1 || length > GUID_MAX) throw DECLINE;
    return this.ref();
  }

  /** A string of at most `max` code points; its index. */
  protected stringUpTo(max: number): number {
    if (this.string() > max) throw DECLINE;
    return this.ref();
  }

  /** A reaction's content: 1 to 64 code points, no white space or control characters; its index. */
  protected content(): number {
    const length = this.string();
    if (length < 1 || length > CONTENT_MAX) throw DECLINE;
    if (!this.sWide) {
      // ASCII: the control characters (below space) were refused by string(); space and DEL remain.
      for (let j = this.sFrom; j < this.sTo; j++) if (this.b[j] === SPACE || this.b[j] === DEL_CHAR) throw DECLINE;
      return this.ref();
    }
    const index = this.ref();
    if (!REACTION_CONTENT.test(this.writer.strings[index]!)) throw DECLINE;
    return index;
  }

  /**
   * A JSON string without escapes or control characters at the scan, of well-formed UTF-8; its bytes
   * go to sFrom/sTo/sWide (for `ref`), and its length in code points is returned.
   */
  protected string(): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== QUOTE) throw DECLINE;
    const from = ++i;
    let wide = 0;
    for (;;) {
      if (i >= end) throw DECLINE;
      const c = b[i]!;
      if (c === QUOTE) break;
      if (c === BACKSLASH || c < SPACE) throw DECLINE;
      wide |= c;
      i++;
    }
    this.i = i + 1;
    return this.took(from, i, wide >= 0x80);
  }

  /** A string inside a message's `json`: `\"`, bytes without backslash, quote or control character, `\"`. */
  protected innerString(): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== BACKSLASH || b[i + 1] !== QUOTE) throw DECLINE;
    i += 2;
    const from = i;
    let wide = 0;
    for (;;) {
      if (i >= end) throw DECLINE;
      const c = b[i]!;
      if (c === BACKSLASH) break;
      if (c === QUOTE || c < SPACE) throw DECLINE;
      wide |= c;
      i++;
    }
    if (b[i + 1] !== QUOTE) throw DECLINE;
    this.i = i + 2;
    return this.took(from, i, wide >= 0x80);
  }

  /** Notes the string at bytes [from, to) for `ref`; its length in code points (declined if it is not well-formed UTF-8). */
  protected took(from: number, to: number, wide: boolean): number {
    this.sFrom = from;
    this.sTo = to;
    this.sWide = wide;
    if (!wide) return to - from;
    const length = utf8Length(this.b, from, to);
    if (length < 0) throw DECLINE;
    return length;
  }

  /** The last string's index among the batch's strings: a recent short one found by its bytes, else added. */
  protected ref(): number {
    const b = this.b;
    const from = this.sFrom;
    const to = this.sTo;
    const length = to - from;
    const w = this.writer;
    if (length > INTERN_UP_TO) {
      // Long strings are message texts, which rarely repeat.
      w.strings.push(this.text(b, from, to, !this.sWide));
      return w.strings.length - 1;
    }
    let hash = length;
    for (let j = from; j < to; j++) hash = Math.imul(hash ^ b[j]!, 0x9e3779b1);
    const slot = (hash ^ (hash >>> 15)) & (SLOTS - 1);
    if (this.slotBatch[slot] === w.batchNumber && this.slotLength[slot] === length && sameBytes(b, this.slotFrom[slot]!, b, from, length)) {
      return this.slotIndex[slot]!;
    }
    const index = w.strings.length;
    w.strings.push(this.text(b, from, to, !this.sWide));
    this.slotFrom[slot] = from;
    this.slotLength[slot] = length;
    this.slotIndex[slot] = index;
    this.slotBatch[slot] = w.batchNumber;
    return index;
  }

  /** Which of `choices` the last string is (its bytes exactly); declined if none. */
  protected oneOf(choices: Uint8Array[]): number {
    return find(this.b, this.sFrom, this.sTo - this.sFrom, choices);
  }

  /** A non-negative safe integer (z.number().int().nonnegative()); -0 is one, as JSON.parse reads it. */
  protected count(): number {
    const v = this.number();
    if (v < 0) throw DECLINE;
    return v;
  }

  /**
   * A JSON number that is an integer of 1 to 15 digits (so exactly a double, and safe), with its sign:
   * `-0` is -0, as JSON.parse reads it. Fractions, exponents, leading zeros and longer ones are declined.
   */
  protected number(): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    const negative = b[i] === MINUS;
    if (negative) i++;
    const first = i;
    let v = 0;
    if (i < end && b[i] === ZERO) i++;
    else {
      while (i < end) {
        const c = b[i]!;
        if (c < ZERO || c > NINE) break;
        v = v * 10 + (c - ZERO);
        i++;
      }
    }
    const digits = i - first;
    if (digits === 0 || digits > 15) throw DECLINE;
    if (i < end) {
      const c = b[i]!;
      if ((c >= ZERO && c <= NINE) || c === DOT || c === 0x65 || c === 0x45) throw DECLINE;
    }
    this.i = i;
    return negative ? -v : v;
  }

  /** `true` or `false`. */
  protected boolean(): boolean {
    if (this.literal(TRUE_BYTES)) return true;
    if (this.literal(FALSE_BYTES)) return false;
    throw DECLINE;
  }

  /** Whether `word` (null, true, false) is at the scan; steps over it if so. What follows it is checked by the caller. */
  protected literal(word: Uint8Array): boolean {
    const b = this.b;
    const i = this.i;
    if (i + word.length > this.end) return false;
    for (let j = 0; j < word.length; j++) if (b[i + j] !== word[j]) return false;
    this.i = i + word.length;
    return true;
  }

  // ---- structure --------------------------------------------------------------------------------

  /** Steps over `c`, which must be there. */
  protected open(c: number): void {
    if (this.b[this.i] !== c) throw DECLINE;
    this.i++;
  }

  /** Whether the object or array closes at once (`close` is there): steps over it if so. */
  protected closes(close: number): boolean {
    if (this.b[this.i] !== close) return false;
    this.i++;
    return true;
  }

  /** After a value: true at a comma (another member follows), false at `close` (stepped over); declined otherwise. */
  protected next(close: number): boolean {
    const c = this.b[this.i];
    this.i++;
    if (c === COMMA) return true;
    if (c === close) return false;
    throw DECLINE;
  }

  /** A key and its colon; its number in `table` (declined if it is not there, or has an escape). */
  protected key(table: Uint8Array[]): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== QUOTE) throw DECLINE;
    const from = ++i;
    while (i < end && b[i] !== QUOTE && b[i]! >= SPACE) i++;
    if (i >= end || b[i] !== QUOTE || b[i + 1] !== COLON) throw DECLINE;
    this.i = i + 2;
    return find(b, from, i - from, table);
  }

  /** A key inside a message's `json` (`\"type\":`); its number in `table`. */
  protected innerKey(table: Uint8Array[]): number {
    const b = this.b;
    const end = this.end;
    let i = this.i;
    if (b[i] !== BACKSLASH || b[i + 1] !== QUOTE) throw DECLINE;
    i += 2;
    const from = i;
    while (i < end && b[i] !== BACKSLASH && b[i]! >= SPACE) i++;
    if (i >= end || b[i] !== BACKSLASH || b[i + 1] !== QUOTE || b[i + 2] !== COLON) throw DECLINE;
    this.i = i + 3;
    return find(b, from, i - from, table);
  }
}

/** The number of the key at bytes [from, from + length) in `table`; declined if it is none of them. */
function find(b: Uint8Array, from: number, length: number, table: Uint8Array[]): number {
  for (let k = 0; k < table.length; k++) {
    const key = table[k]!;
    if (key.length === length && sameBytes(b, from, key, 0, length)) return k;
  }
  throw DECLINE;
}

/** Whether x[xFrom, xFrom + length) and y[yFrom, yFrom + length) hold the same bytes. */
function sameBytes(x: Uint8Array, xFrom: number, y: Uint8Array, yFrom: number, length: number): boolean {
  let j = 0;
  while (j < length && x[xFrom + j] === y[yFrom + j]) j++;
  return j === length;
}

/**
 * The length in code points of bytes [from, to) if they are well-formed UTF-8 (no overlong forms, no
 * surrogates, nothing past U+10FFFF, no sequence cut short), else -1. Well-formed, every decoder reads them
 * alike; malformed ones, which decoders replace in their own ways, are left to the usual path.
 */
export function utf8Length(b: Uint8Array, from: number, to: number): number {
  let count = 0;
  let i = from;
  while (i < to) {
    const c = b[i]!;
    count++;
    if (c < 0x80) {
      i++;
      continue;
    }
    let more: number, low = 0x80, high = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) more = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      if (c === 0xe0) low = 0xa0;
      else if (c === 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      if (c === 0xf0) low = 0x90;
      else if (c === 0xf4) high = 0x8f;
    } else return -1;
    if (i + more >= to) return -1;
    const second = b[i + 1]!;
    if (second < low || second > high) return -1;
    for (let j = 2; j <= more; j++) if ((b[i + j]! & 0xc0) !== 0x80) return -1;
    i += more + 1;
  }
  return count;
}

/** BytesToText in plain JavaScript, for well-formed UTF-8 (see utf8Length). */
export function decodeUtf8(b: Uint8Array, from: number, to: number, asciiOnly: boolean): string {
  const units: number[] = [];
  let text = '';
  for (let i = from; i < to; ) {
    const c = b[i]!;
    if (asciiOnly || c < 0x80) {
      units.push(c);
      i++;
    } else if (c < 0xe0) {
      units.push(((c & 0x1f) << 6) | (b[i + 1]! & 0x3f));
      i += 2;
    } else if (c < 0xf0) {
      units.push(((c & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f));
      i += 3;
    } else {
      const point = ((c & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f);
      units.push(0xd800 + ((point - 0x10000) >> 10), 0xdc00 + ((point - 0x10000) & 0x3ff));
      i += 4;
    }
    // In pieces: a call takes a limited number of arguments.
    if (units.length >= 4_096) {
      text += String.fromCharCode(...units);
      units.length = 0;
    }
  }
  return text + String.fromCharCode(...units);
}
