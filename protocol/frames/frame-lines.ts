/**
 * The frame lines of a session file, found in its UTF-8 bytes without decoding the rest: what a decoder
 * running beside a replay reads (in Node, scripts/decoder-thread-worker.ts; in the debugger's worker,
 * core-worker/debug/frame-decoder-worker.ts). Lines are numbered as the replay numbers them — every line
 * between header and footer is one line, and a UTF-8 newline byte is never part of another character.
 * Nothing is validated here: the replay's thread reads and validates the file; a line this takes for a
 * frame and is not one is only a decode the replay never asks for.
 * Pure: no I/O, no platform globals.
 */

const NEWLINE = 0x0a;
const SPACE = 0x20;
const CR = 0x0d;
const B = 0x42; // a frame in a burst
const F = 0x46; // a frame

/** The header line's end (its newline, or the end of the bytes). */
export function headerEnd(bytes: Uint8Array): number {
  const newline = bytes.indexOf(NEWLINE);
  return newline < 0 ? bytes.length : newline;
}

/** The header's format version, when it is JSON with a numeric `version`; undefined otherwise. */
export function headerVersion(headerText: string): number | undefined {
  try {
    const version = (JSON.parse(headerText) as { version?: unknown } | null)?.version;
    return typeof version === 'number' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Where reading the lines has got: the byte the next line starts at, and that line's index after the header. */
export interface LineCursor {
  byte: number;
  line: number;
}

/** The cursor at the first line after a header that ends at `afterHeader` (headerEnd). */
export const firstLine = (afterHeader: number): LineCursor => ({ byte: afterHeader + 1, line: 0 });

/**
 * Calls `frame(i, from, to)` for each compact frame line (`B s t text`, `F s t text`; version 2 on) from the
 * cursor on whose line `wanted(i)`: i the line's index after the header, [from, to) the bytes of the frame's
 * text. `frame` returning true pauses: the cursor returned is then at the next line, to go on from. Otherwise
 * it reads to the footer (the last line), and the cursor's `line` is how many lines there are between it and
 * the header; `done` says which.
 *
 * With `scan`, a wanted frame line is offered to it first, before its end is searched for: `scan(i, from,
 * limit)` reads the text from `from` on (nothing at or past `limit`) and returns where it ends — the line's
 * newline, or a CR right before it — having taken the line, or -1 to leave it to `frame` as usual. (Finding
 * every line's end was a sixth of the decoder thread's time; a frame's reader finds it anyway.)
 */
export function eachFrameLine(
  bytes: Uint8Array,
  at: LineCursor,
  wanted: (i: number) => boolean,
  frame: (i: number, from: number, to: number) => boolean | void,
  scan?: (i: number, from: number, limit: number) => number,
): LineCursor & { done: boolean } {
  const end = bytes.length;
  // The footer is the last line (a trailing newline or not).
  const lastEnd = bytes[end - 1] === NEWLINE ? end - 1 : end;
  const lastStart = bytes.lastIndexOf(NEWLINE, lastEnd - 1) + 1;
  let i = at.line;
  for (let from = at.byte; from < lastStart; i++) {
    if (scan !== undefined && (bytes[from] === B || bytes[from] === F) && bytes[from + 1] === SPACE && wanted(i)) {
      const text = textStart(bytes, from, lastStart);
      const taken = text < 0 ? -1 : scan(i, text, lastStart);
      if (taken >= 0) {
        from = (bytes[taken] === CR ? taken + 1 : taken) + 1;
        continue;
      }
      // Not taken: its end is searched for, and it goes to `frame`, as below.
      const next = bytes.indexOf(NEWLINE, from);
      const to = next < 0 ? end : next;
      if (text >= 0 && text <= to && frame(i, text, bytes[to - 1] === CR ? to - 1 : to) === true) return { byte: to + 1, line: i + 1, done: false };
      from = to + 1;
      continue;
    }
    const next = bytes.indexOf(NEWLINE, from);
    const to = next < 0 ? end : next;
    const kind = bytes[from];
    // The frame's text follows the second space after the kind.
    if ((kind === B || kind === F) && bytes[from + 1] === SPACE && wanted(i)) {
      const afterS = bytes.indexOf(SPACE, from + 2);
      const afterT = afterS < 0 || afterS >= to ? -1 : bytes.indexOf(SPACE, afterS + 1);
      if (afterT > 0 && afterT < to && frame(i, afterT + 1, bytes[to - 1] === CR ? to - 1 : to) === true) return { byte: to + 1, line: i + 1, done: false };
    }
    from = to + 1;
  }
  return { byte: lastStart, line: i, done: true };
}

/** Where the text of the frame line at `from` starts (after `B s t `), or -1 if the line has not two spaces after its kind. */
function textStart(bytes: Uint8Array, from: number, limit: number): number {
  let s = from + 2;
  while (s < limit && bytes[s] !== SPACE && bytes[s] !== NEWLINE) s++;
  if (s >= limit || bytes[s] !== SPACE) return -1;
  let t = s + 1;
  while (t < limit && bytes[t] !== SPACE && bytes[t] !== NEWLINE) t++;
  return t < limit && bytes[t] === SPACE ? t + 1 : -1;
}
