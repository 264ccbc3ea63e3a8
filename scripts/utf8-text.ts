/**
 * A session file's UTF-8 bytes read in place as a SessionText (protocol/session-lines.ts), for replays in
 * Node: the reader finds lines and fields by their ASCII bytes and decodes only the slices it keeps (a
 * JSON line, a frame's text when the replay needs it). Decoding a heavy user's 138 MB file into one string
 * first took ~1 s on the main thread and, with emoji in it, 276 MB of two-byte string.
 *
 * Offsets are byte offsets. That is safe because the reader only looks for ASCII: every byte of a
 * multi-byte UTF-8 character is 0x80 or above, so none of them is taken for a line break, a space or a
 * digit, and a slice between two ASCII bytes never cuts a character in two.
 */
import type { SessionText } from '../protocol/session-lines';

export class Utf8Text implements SessionText {
  private readonly buffer: Buffer;
  /** The bytes, for the reader's fast path (protocol/session-lines.ts readUsualLines): a Buffer, whose indexOf is memchr. */
  readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.bytes = this.buffer;
  }

  get length(): number {
    return this.buffer.length;
  }

  /** The byte at `index` (a string's charCodeAt for ASCII; NaN outside, as a string's). */
  charCodeAt(index: number): number {
    const byte = this.buffer[index];
    return byte === undefined ? NaN : byte;
  }

  indexOf(searchString: string, position = 0): number {
    return this.buffer.indexOf(ascii(searchString), Math.max(0, position));
  }

  lastIndexOf(searchString: string, position = Infinity): number {
    // A string's lastIndexOf reads a negative position as 0; a Buffer's counts it from the end.
    if (position < 0) return this.buffer[0] === ascii(searchString) ? 0 : -1;
    return this.buffer.lastIndexOf(ascii(searchString), Math.min(position, this.buffer.length - 1));
  }

  slice(start = 0, end = this.buffer.length): string {
    return this.buffer.toString('utf8', start, end);
  }
}

/** The one ASCII character the reader searches for, as a byte. */
function ascii(searchString: string): number {
  const code = searchString.charCodeAt(0);
  if (searchString.length !== 1 || code > 0x7f) throw new RangeError(`Utf8Text only searches for one ASCII character, not ${JSON.stringify(searchString)}`);
  return code;
}
