/**
 * The recorded-session file: line-oriented, versioned. Line 1 is the header,
 * the last line the footer, every line between one input to the core (what
 * happened to it), one output of it (what it did), or the digest of the
 * events one input produced. docs/session-format.md describes it for people.
 *
 * Version 2 writes the two lines a session is mostly made of — socket frames
 * and event digests — in a compact form (`F 0 1795320633019 MSG {…}`,
 * `E 1 9a22cdc3f7a5f4ca`): the frame's text stands as it arrived instead of
 * JSON inside JSON, so a line costs no JSON.parse and the core parses the
 * frame once. Every other line is a JSON object, as in version 1, which is
 * still read.
 *
 * Inputs are delivered to the core in order; outputs must come out of the core
 * in order. Ids (socket, request, timer, storage op) are given by the core's
 * ports in call order, so a faithful replay produces the same ids.
 */
import { z } from 'zod';

export const SESSION_FORMAT = 'plaza-session';
/** The version this Plaza writes. */
export const SESSION_FORMAT_VERSION = 3;
/** The versions this Plaza reads. */
export const READABLE_SESSION_VERSIONS: readonly number[] = [1, 2, 3];

/** The 64-bit hashes a session's digests and footer are computed with (projections/hash.ts; docs/session-format.md defines them). */
export type HashName = 'fnv1a64' | 'cyrb64';

/** The hash of format `version`: FNV-1a 64 up to version 2, cyrb64 from version 3. */
export function sessionHashName(version: number): HashName {
  return version >= 3 ? 'cyrb64' : 'fnv1a64';
}

const id = z.number().int().nonnegative();
const time = z.number().nonnegative();

export const SessionHeader = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  app: z.string().max(100),
  schema: z.number().int().positive(),
  started: time,
  user: z.string().max(200).nullable(),
});
export type SessionHeader = z.infer<typeof SessionHeader>;

/** Storage operations: kv items, the event log, and the outbox. */
export const STORAGE_OPS = ['get', 'set', 'remove', 'open', 'load', 'append', 'compact', 'oopen', 'oload', 'oput', 'odel'] as const;
export type StorageOp = (typeof STORAGE_OPS)[number];

/** `d: 0` means the next input follows without waiting for the core to settle (a burst of frames). */
const drain = { d: z.literal(0).optional() };

export const InputLine = z.discriminatedUnion('k', [
  /** A socket frame arrived. */
  z.object({ k: z.literal('frame'), t: time, s: id, x: z.unknown(), ...drain }),
  /** A socket opened. */
  z.object({ k: z.literal('open'), t: time, s: id, ...drain }),
  /** A socket closed (or failed to open). */
  z.object({ k: z.literal('close'), t: time, s: id, ...drain }),
  /** A response to request `r`. `b` is its parsed JSON body (undefined when it was not JSON). */
  z.object({ k: z.literal('res'), t: time, r: id, st: z.number().int(), b: z.unknown(), ...drain }),
  /** Request `r` failed without a response. */
  z.object({ k: z.literal('neterr'), t: time, r: id, m: z.string().max(2_000), ...drain }),
  /** Timer `id` fired. */
  z.object({ k: z.literal('timer'), t: time, id, ...drain }),
  /** The UI called the core. */
  z.object({ k: z.literal('intent'), t: time, m: z.string().regex(/^\$[A-Za-z]+$/), a: z.array(z.unknown()).max(10), ...drain }),
  /** Storage operation `o` completed with value `v` (reads), or failed with `e`. */
  z.object({ k: z.literal('io'), t: time, o: id, v: z.unknown().optional(), e: z.string().max(2_000).optional(), ...drain }),
]);
export type InputLine = z.infer<typeof InputLine>;

export const OutputLine = z.discriminatedUnion('k', [
  /** The core opened socket `s` (the URL, secrets redacted). */
  z.object({ k: z.literal('sock'), s: id, u: z.string().max(4_000) }),
  /** The core sent a frame on socket `s`. */
  z.object({ k: z.literal('send'), s: id, x: z.string() }),
  /** The core closed socket `s`. */
  z.object({ k: z.literal('shut'), s: id }),
  /** The core made request `r`. */
  z.object({ k: z.literal('req'), r: id, p: z.string().max(2_000), b: z.unknown() }),
  /** The core drew a random id. */
  z.object({ k: z.literal('uuid'), v: z.string().max(200) }),
  /** The core started storage operation `o`. */
  /** `oopen`/`oload`/`oput`/`odel`: the outbox store of a user (`key`: the user, or the entry id). */
  z.object({ k: z.literal('op'), o: id, op: z.enum(STORAGE_OPS), key: z.string().max(200).optional() }),
]);
export type OutputLine = z.infer<typeof OutputLine>;

/** What one input appended to the event log: how many events, and a hash of them. */
export const DigestLine = z.object({ k: z.literal('ev'), n: z.number().int().positive(), h: z.string().regex(/^[0-9a-f]{16}$/) });
export type DigestLine = z.infer<typeof DigestLine>;

export const SessionFooter = z.object({
  k: z.literal('end'),
  inputs: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{16}$/),
  projections: z.record(z.string(), z.string().regex(/^[0-9a-f]{16}$/)),
});
export type SessionFooter = z.infer<typeof SessionFooter>;

export type SessionLine = InputLine | OutputLine | DigestLine;

export const INPUT_KINDS: ReadonlySet<string> = new Set(['frame', 'open', 'close', 'res', 'neterr', 'timer', 'intent', 'io']);
export const OUTPUT_KINDS: ReadonlySet<string> = new Set(['sock', 'send', 'shut', 'req', 'uuid', 'op']);

/**
 * Each line kind's own schema, so a refusal names the field at fault rather than "invalid union";
 * compiled to zod's fast path (same results and issues).
 */
const LINE_SCHEMAS: ReadonlyMap<string, z.ZodType<SessionLine>> = new Map<string, z.ZodType<SessionLine>>([
  ...InputLine.options.map((o) => [o.shape.k.value, z.compile(o)] as [string, z.ZodType<SessionLine>]),
  ...OutputLine.options.map((o) => [o.shape.k.value, z.compile(o)] as [string, z.ZodType<SessionLine>]),
  ['ev', z.compile(DigestLine)],
]);

export interface SessionFile {
  header: SessionHeader;
  lines: SessionLine[];
  footer: SessionFooter;
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

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

// ---- the compact lines of version 2 ----------------------------------------

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
function plainWhole(text: string, from: number, to: number): number {
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

/** Whether text[from, to) is exactly 16 lowercase hex digits. */
function isHex16(text: string, from: number, to: number): boolean {
  if (to - from !== 16) return false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/**
 * Parses the compact line text[from, to) (version 2) without slicing it out first;
 * throws SessionFileError naming the field at fault.
 */
function parseCompactLine(text: string, from: number, to: number, n: number): SessionLine {
  const kind = text.charCodeAt(from);
  if (text.charCodeAt(from + 1) !== 0x20) throw new SessionFileError(n, 'not a session line (a JSON object, or a compact frame or digest line)');
  if (kind === 0x46 /* F */ || kind === 0x42 /* B */) {
    const afterS = text.indexOf(' ', from + 2);
    if (afterS < 0 || afterS >= to) throw new SessionFileError(n, 'frame: expected "F socket time text"');
    const s = plainWhole(text, from + 2, afterS);
    if (s < 0) throw new SessionFileError(n, 'frame: s: expected a socket id (a whole number)');
    const afterT = text.indexOf(' ', afterS + 1);
    if (afterT < 0 || afterT >= to) throw new SessionFileError(n, 'frame: expected "F socket time text"');
    let t = plainWhole(text, afterS + 1, afterT);
    if (t < 0) {
      const written = text.slice(afterS + 1, afterT);
      t = JSON_NUMBER.test(written) ? Number(written) : -1;
      if (!(t >= 0) || !Number.isFinite(t)) throw new SessionFileError(n, 'frame: t: expected a time (a non-negative number)');
    }
    const x = text.slice(afterT + 1, to);
    return kind === 0x42 ? { k: 'frame', t, s, x, d: 0 } : { k: 'frame', t, s, x };
  }
  if (kind === 0x45 /* E */) {
    const afterN = text.indexOf(' ', from + 2);
    const count = afterN < 0 || afterN >= to ? -1 : plainWhole(text, from + 2, afterN);
    if (count < 1) throw new SessionFileError(n, 'ev: n: expected the number of events (a whole number above 0)');
    if (!isHex16(text, afterN + 1, to)) throw new SessionFileError(n, 'ev: h: expected 16 hex digits');
    return { k: 'ev', n: count, h: text.slice(afterN + 1, to) };
  }
  throw new SessionFileError(n, 'not a session line (a JSON object, or a compact frame or digest line)');
}

/**
 * Parses a whole session file (version 1 or 2). A truncated, corrupted,
 * wrong-version or hostile file is refused with a SessionFileError naming the
 * line and the problem.
 */
export function parseSessionFile(text: string, limits = { maxLines: 20_000_000, maxLineLength: 2_000_000 }): SessionFile {
  // Line starts, found with indexOf rather than split: a million-line file then makes no string per line,
  // only the frame texts it keeps.
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    if (starts.length >= limits.maxLines) throw new SessionFileError(limits.maxLines + 1, `more than ${limits.maxLines} lines`);
    starts.push(at);
    const end = text.indexOf('\n', at);
    at = end < 0 ? text.length : end + 1;
  }
  const count = starts.length;
  if (count === 0) throw new SessionFileError(1, 'the file is empty');
  /** End of line i (0-based), before its newline. */
  const endOf = (i: number): number => (i + 1 < count ? starts[i + 1]! - 1 : text.endsWith('\n') ? text.length - 1 : text.length);
  const parseJson = (i: number): unknown => {
    const from = starts[i]!;
    const to = endOf(i);
    if (to - from > limits.maxLineLength) throw new SessionFileError(i + 1, `line longer than ${limits.maxLineLength} characters`);
    try {
      return JSON.parse(text.slice(from, to));
    } catch {
      throw new SessionFileError(i + 1, 'not valid JSON');
    }
  };
  const headerRaw = parseJson(0);
  const format = (headerRaw as { format?: unknown } | null)?.format;
  if (format !== SESSION_FORMAT) throw new SessionFileError(1, 'not a Plaza session file (missing "format": "plaza-session")');
  const version = (headerRaw as { version?: unknown }).version;
  if (typeof version !== 'number' || !READABLE_SESSION_VERSIONS.includes(version)) {
    throw new SessionFileError(1, `unsupported version ${JSON.stringify(version)}; this Plaza reads versions ${READABLE_SESSION_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_SESSION_VERSIONS.at(-1)}`);
  }
  const header = SessionHeader.safeParse(headerRaw);
  if (!header.success) throw new SessionFileError(1, `header: ${issueText(header.error)}`);
  const compact = version >= 2;
  const last = parseJson(count - 1);
  if ((last as { k?: unknown } | null)?.k !== 'end') throw new SessionFileError(count, 'the file is truncated: its last line is not the footer');
  const footer = SessionFooter.safeParse(last);
  if (!footer.success) throw new SessionFileError(count, `footer: ${issueText(footer.error)}`);
  const lines: SessionLine[] = [];
  let inputs = 0;
  for (let i = 1; i < count - 1; i++) {
    const from = starts[i]!;
    let line: SessionLine;
    if (compact && text.charCodeAt(from) !== 0x7b /* { */) {
      let to = starts[i + 1]! - 1;
      if (to - from > limits.maxLineLength) throw new SessionFileError(i + 1, `line longer than ${limits.maxLineLength} characters`);
      // A compact line never ends in a carriage return (the recorder keeps such frames as JSON): a CRLF file reads the same.
      if (text.charCodeAt(to - 1) === 0x0d) to--;
      line = parseCompactLine(text, from, to, i + 1);
      if (line.k === 'frame') inputs++;
    } else {
      const raw = parseJson(i);
      const kind = (raw as { k?: unknown } | null)?.k;
      const schema = typeof kind === 'string' ? LINE_SCHEMAS.get(kind) : undefined;
      if (!schema) throw new SessionFileError(i + 1, `unknown line kind ${JSON.stringify(kind)}`);
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new SessionFileError(i + 1, `${kind}: ${issueText(parsed.error)}`);
      line = parsed.data;
      if (INPUT_KINDS.has(line.k)) inputs++;
    }
    lines.push(line);
  }
  if (inputs !== footer.data.inputs) throw new SessionFileError(count, `the footer counts ${footer.data.inputs} inputs but the file has ${inputs}`);
  return { header: header.data, lines, footer: footer.data };
}
