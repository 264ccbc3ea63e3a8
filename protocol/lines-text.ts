/**
 * Lines kept as strings of their own, read as the one text `lines.join('\n')` without joining them: a
 * SessionText (protocol/session-lines.ts) for a stored recording, which the store hands back as an array of
 * lines. Joining a recording at the default bound (64M characters) made a second copy of it as large as the
 * lines — twice as large when one character of it is outside Latin-1, since V8 then stores the whole joined
 * string at two bytes a character.
 *
 * The reader walks the text forward, so the line the last position fell in is remembered and tried first;
 * any other position is found by a binary search over the lines' start offsets. The lines must not change
 * while they are read.
 */
import type { SessionText } from './session-lines';

export class LinesText implements SessionText {
  readonly length: number;
  /** Where line i starts in the text; one more entry, where a line after the last would start. */
  private readonly starts: Float64Array;
  /** The line the last position fell in: its number, text and start. */
  private at = 0;
  private line = '';
  private lineStart = 0;

  constructor(private readonly lines: readonly string[]) {
    const starts = new Float64Array(lines.length + 1);
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      starts[i] = offset;
      offset += lines[i]!.length + 1;
    }
    starts[lines.length] = offset;
    this.starts = starts;
    this.length = Math.max(0, offset - 1);
  }

  /** The line `index` (0 ≤ index < length) falls in; the line break after a line belongs to that line. */
  private lineOf(index: number): number {
    const starts = this.starts;
    let i = this.at;
    if (!(starts[i]! <= index && index < starts[i + 1]!)) {
      i++;
      if (!(i < this.lines.length && starts[i]! <= index && index < starts[i + 1]!)) {
        let low = 0;
        let high = this.lines.length - 1;
        while (low < high) {
          const mid = (low + high + 1) >>> 1;
          if (starts[mid]! <= index) low = mid;
          else high = mid - 1;
        }
        i = low;
      }
    }
    this.at = i;
    this.line = this.lines[i]!;
    this.lineStart = starts[i]!;
    return i;
  }

  charCodeAt(index: number): number {
    // The reader's hot path: a character of the line it is reading.
    const inLine = index - this.lineStart;
    if (inLine >= 0 && inLine < this.line.length) return this.line.charCodeAt(inLine);
    const at = whole(index);
    if (!(at >= 0 && at < this.length)) return NaN;
    const i = this.lineOf(at);
    const line = this.lines[i]!;
    const offset = at - this.starts[i]!;
    return offset < line.length ? line.charCodeAt(offset) : 0x0a;
  }

  indexOf(searchString: string, position = 0): number {
    const c = single(searchString);
    const from = Math.max(0, whole(position));
    if (from >= this.length) return -1;
    const last = this.lines.length - 1;
    for (let i = this.lineOf(from), offset = from - this.starts[i]!; i <= last; i++, offset = 0) {
      const line = this.lines[i]!;
      const found = line.indexOf(c, offset);
      if (found >= 0) return this.starts[i]! + found;
      if (c === '\n' && i < last) return this.starts[i]! + line.length;
    }
    return -1;
  }

  lastIndexOf(searchString: string, position = Infinity): number {
    const c = single(searchString);
    if (this.length === 0) return -1;
    const p = Number(position);
    const from = Math.min(Number.isNaN(p) ? Infinity : Math.max(0, whole(p)), this.length - 1);
    const last = this.lines.length - 1;
    for (let i = this.lineOf(from), offset = from - this.starts[i]!; i >= 0; i--, offset = Infinity) {
      const line = this.lines[i]!;
      if (c === '\n' && i < last && offset >= line.length) return this.starts[i]! + line.length;
      const found = line.lastIndexOf(c, offset);
      if (found >= 0) return this.starts[i]! + found;
    }
    return -1;
  }

  slice(start = 0, end = this.length): string {
    const from = bound(start, this.length);
    const to = bound(end, this.length);
    if (to <= from) return '';
    const first = this.lineOf(from);
    const firstStart = this.starts[first]!;
    const firstLine = this.lines[first]!;
    // What the reader asks for lies within one line; a slice over several is joined.
    if (to <= firstStart + firstLine.length) return firstLine.slice(from - firstStart, to - firstStart);
    const parts: string[] = [firstLine.slice(from - firstStart)];
    for (let i = first + 1; i < this.lines.length && this.starts[i]! < to + 1; i++) {
      parts.push(this.lines[i]!.slice(0, to - this.starts[i]!));
    }
    return parts.join('\n');
  }
}

/** A position as a string's methods read it (ToIntegerOrInfinity: NaN is 0, fractions are cut). */
function whole(n: number): number {
  const t = Math.trunc(Number(n));
  return Number.isNaN(t) ? 0 : t;
}

/** A slice's bound as String.prototype.slice reads it: negative counts from the end, clamped to the text. */
function bound(n: number, length: number): number {
  const t = whole(n);
  return t < 0 ? Math.max(length + t, 0) : Math.min(t, length);
}

/** The one character the reader searches for. */
function single(searchString: string): string {
  if (searchString.length !== 1) throw new RangeError(`LinesText only searches for one character, not ${JSON.stringify(searchString)}`);
  return searchString;
}
