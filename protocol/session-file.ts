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
 * frame once (protocol/session-lines.ts). Every other line is a JSON object,
 * as in version 1. Version 3 has version 2's lines; its digests and footer
 * hashes are cyrb64 instead of FNV-1a 64 (`sessionHashName`). Version 4 has
 * version 3's lines and hash; its digests leave out snapshot payloads
 * (`digestsLeaveOutSnapshots`). All four are read.
 *
 * Inputs are delivered to the core in order; outputs must come out of the core
 * in order. Ids (socket, request, timer, storage op) are given by the core's
 * ports in call order, so a faithful replay produces the same ids.
 */
import { z } from 'zod';
import { compiledOnUse } from './compile-on-use';
import { hashText, type HashName } from './text-hash';
import { BURST, DIGEST, FRAME, JSON_LINE, readCompactLine, ReadLines, readUsualLines, SessionFileError, type SessionText, type UsualLinesAt } from './session-lines';

export { compactDigestLine, compactFrameLine, lineInfo, SessionFileError } from './session-lines';

export const SESSION_FORMAT = 'plaza-session';
/** The version this Plaza writes. */
export const SESSION_FORMAT_VERSION = 4;
/** The versions this Plaza reads. */
export const READABLE_SESSION_VERSIONS: readonly number[] = [1, 2, 3, 4];

/** The 64-bit hashes a session's digests and footer are computed with (protocol/text-hash.ts; docs/session-format.md defines them). */
export type { HashName };

/** The hash of format `version`: FNV-1a 64 up to version 2, cyrb64 from version 3. */
export function sessionHashName(version: number): HashName {
  return version >= 3 ? 'cyrb64' : 'fnv1a64';
}

/**
 * Whether format `version`'s event digests leave out the payload of a `log.snapshot` (from version 4):
 * a snapshot is the projections at its seq — a function of the events before it, which their digests
 * and the footer already check — and digesting its JSON cost a heavy user's worker ~100 ms at every
 * compaction while recording, and a checking replay most of its time.
 */
export function digestsLeaveOutSnapshots(version: number): boolean {
  return version >= 4;
}

const id = z.number().int().nonnegative();
const time = z.number().nonnegative();

export const SessionHeader = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
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

/**
 * Why a footer holds no final hash: the file was exported from a stored recording whose replay, on the build
 * that exported it, did not reach its end the way the recording went — that build differs from the one that
 * recorded it (the header's `app`), or the session hit a nondeterminism bug. Its inputs are as recorded; what
 * it lacks is only the state at its end. docs/session-format.md, "Unsealed files".
 */
export const UnsealedNote = z.object({
  /** The build whose replay did not reach the end (its `app`, as a header names one). */
  by: z.string().max(100),
  /** After which input that replay differed (1-based; 0: before the first), and at which file line; absent when it failed outside the inputs. */
  input: z.number().int().nonnegative().optional(),
  line: z.number().int().positive().optional(),
  /** What differed, in words ("the events it appended differ", or the error it threw). */
  reason: z.string().max(2_000),
});
export type UnsealedNote = z.infer<typeof UnsealedNote>;

/** The placeholder hash of an unsealed footer: 16 zeros, which no reader takes for a state's hash. */
export const UNSEALED_HASH = '0'.repeat(16);

export const SessionFooter = z.object({
  k: z.literal('end'),
  inputs: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{16}$/),
  projections: z.record(z.string(), z.string().regex(/^[0-9a-f]{16}$/)),
  /** Present: the file has no final hash (`hash` is UNSEALED_HASH, `events` 0, `projections` empty); why. */
  unsealed: UnsealedNote.optional(),
});
export type SessionFooter = z.infer<typeof SessionFooter>;

/**
 * The footer of a file whose final state is unknown: `inputs` whole inputs as recorded and why no replay sealed
 * them. Its hash, events and projections are placeholders an older Plaza still reads — it replays such a file,
 * checking every input, and then reports that the projection hash differs.
 */
export function unsealedFooter(inputs: number, note: UnsealedNote): SessionFooter {
  return { k: 'end', inputs, events: 0, hash: UNSEALED_HASH, projections: {}, unsealed: note };
}

/**
 * What is wrong with a footer that parsed, or null: an unsealed one must hold the placeholders (it claims no
 * state), and a sealed one's `hash` must be the hash of its `projections` joined by ':' in the order written
 * (the order they were combined in when it was recorded: a file recorded before a projection was added holds
 * fewer, and still reads). A footer without per-projection hashes (`{}`) has nothing to contradict its hash.
 */
function footerProblem(footer: SessionFooter, hash: HashName): string | null {
  if (footer.unsealed) {
    if (footer.hash !== UNSEALED_HASH || footer.events !== 0 || Object.keys(footer.projections).length > 0) {
      return `an unsealed footer has no final state: its hash must be ${UNSEALED_HASH}, its events 0 and its projections {}`;
    }
    if (footer.unsealed.input !== undefined && footer.unsealed.input > footer.inputs) {
      return `unsealed.input: ${footer.unsealed.input} is past the file's last input (${footer.inputs})`;
    }
    return null;
  }
  const each = Object.values(footer.projections);
  if (each.length === 0) return null;
  const combined = hashText(each.join(':'), hash);
  return combined === footer.hash ? null : `its projections' hashes combine (${hash}) to ${combined}, not to its hash ${footer.hash}: the footer (or the header's version) was altered or damaged`;
}

export type SessionLine = InputLine | OutputLine | DigestLine;

export const INPUT_KINDS: ReadonlySet<string> = new Set(['frame', 'open', 'close', 'res', 'neterr', 'timer', 'intent', 'io']);
export const OUTPUT_KINDS: ReadonlySet<string> = new Set(['sock', 'send', 'shut', 'req', 'uuid', 'op']);

/**
 * Each line kind's own schema, so a refusal names the field at fault rather than "invalid union";
 * compiled to zod's fast path (same results and issues) on first use: the core worker loads this module
 * to record, and reads a file only to export or replay one.
 */
const LINE_SCHEMAS: ReadonlyMap<string, () => z.ZodType<SessionLine>> = new Map<string, () => z.ZodType<SessionLine>>([
  ...InputLine.options.map((o) => [o.shape.k.value, compiledOnUse<z.ZodType<SessionLine>>(o)] as [string, () => z.ZodType<SessionLine>]),
  ...OutputLine.options.map((o) => [o.shape.k.value, compiledOnUse<z.ZodType<SessionLine>>(o)] as [string, () => z.ZodType<SessionLine>]),
  ['ev', compiledOnUse<z.ZodType<SessionLine>>(DigestLine)],
]);

/**
 * A parsed session file. Every line was validated when it was read, but the lines between header and footer
 * are built as objects only when asked for (`line(i)`): a heavy user's file has two million of them, and
 * keeping them all as objects from the start cost more than reading them (the collector copies each one
 * it finds alive, twice). The replayer takes them one at a time, so most die young.
 */
export interface SessionFile {
  header: SessionHeader;
  footer: SessionFooter;
  /** How many lines lie between header and footer. */
  readonly count: number;
  /** Line i between header and footer (0-based; file line i + 2), built anew on each call. */
  line(i: number): SessionLine;
  /** Line i's kind (`frame`, `ev`, or a JSON line's `k`) without building the line. */
  kind(i: number): SessionLine['k'];
  /**
   * A frame line's time, socket and burst mark (`d: 0`), without building the line or slicing out its text:
   * a replay handed the frame decoded ahead never needs the text. Line i must be a frame.
   */
  frameTime(i: number): number;
  frameSocket(i: number): number;
  frameInBurst(i: number): boolean;
  /** Every line between header and footer, built on first use and kept. */
  readonly lines: readonly SessionLine[];
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

// ---- reading a file -------------------------------------------------------------

class ParsedSessionFile implements SessionFile {
  private all: SessionLine[] | null = null;

  constructor(
    readonly header: SessionHeader,
    readonly footer: SessionFooter,
    private readonly text: SessionText,
    private readonly read: ReadLines,
  ) {}

  get count(): number {
    return this.read.count;
  }

  line(i: number): SessionLine {
    const r = this.read;
    if (!(i >= 0 && i < r.count)) throw new RangeError(`no line ${i} (the file has ${r.count} between header and footer)`);
    switch (r.form[i]) {
      case FRAME:
        return { k: 'frame', t: r.time[i]!, s: r.num[i]!, x: this.text.slice(r.from[i], r.to[i]) };
      case BURST:
        return { k: 'frame', t: r.time[i]!, s: r.num[i]!, x: this.text.slice(r.from[i], r.to[i]), d: 0 };
      case DIGEST:
        return { k: 'ev', n: r.num[i]!, h: this.text.slice(r.from[i], r.to[i]) };
      default:
        return r.json[r.num[i]!]!;
    }
  }

  kind(i: number): SessionLine['k'] {
    const form = this.read.form[i];
    return form === FRAME || form === BURST ? 'frame' : form === DIGEST ? 'ev' : this.line(i).k;
  }

  frameTime(i: number): number {
    return this.read.form[i] === JSON_LINE ? this.frameJson(i).t : this.read.time[i]!;
  }

  frameSocket(i: number): number {
    return this.read.form[i] === JSON_LINE ? this.frameJson(i).s : this.read.num[i]!;
  }

  frameInBurst(i: number): boolean {
    const form = this.read.form[i];
    return form === BURST || (form === JSON_LINE && this.frameJson(i).d === 0);
  }

  private frameJson(i: number): Extract<SessionLine, { k: 'frame' }> {
    const line = this.line(i);
    if (line.k !== 'frame') throw new RangeError(`line ${i} is not a frame (it is ${line.k})`);
    return line;
  }

  get lines(): readonly SessionLine[] {
    if (this.all === null) this.all = Array.from({ length: this.count }, (_, i) => this.line(i));
    return this.all;
  }
}

/** How many lines `text` has (a final line break ends the last line rather than starting another), counting to `stop` at most. */
function countLines(text: SessionText, stop: number): number {
  let count = 0;
  for (let at = 0; at < text.length && count < stop; count++) {
    const end = text.indexOf('\n', at);
    at = end < 0 ? text.length : end + 1;
  }
  return count;
}

/**
 * The longest line a session file may have, in characters (bytes for a file read as UTF-8). Plaza's own longest
 * lines are a heavy user's REST answers and the stored log its worker loads at sign-in, recorded whole: the
 * 4,178 conversations of the heavy demo user listed in one answer are a 4.5 MB line. A bound of 2,000,000 refused
 * that user's own exports. This one only refuses what no recording approaches, with a message rather than a
 * crash: V8 cannot make a string of more than 2^29 − 24 characters.
 */
export const MAX_SESSION_LINE_LENGTH = 256 * 1024 * 1024;

export interface SessionFileLimits {
  maxLines: number;
  /** In the text's units: characters of a string, bytes of a file read as UTF-8 bytes (scripts/utf8-text.ts). */
  maxLineLength: number;
}

/**
 * Parses a whole session file (any of READABLE_SESSION_VERSIONS), from a string
 * or from anything that reads like one (SessionText). A truncated, corrupted,
 * wrong-version or hostile file is refused with a SessionFileError naming the
 * line and the problem; a file with too many lines is refused for that first.
 */
export function parseSessionFile(text: SessionText, limits: SessionFileLimits = { maxLines: 20_000_000, maxLineLength: MAX_SESSION_LINE_LENGTH }): SessionFile {
  try {
    return readSessionFile(text, limits);
  } catch (error) {
    // Lines are not counted ahead (a scan of the whole file): only a refusal needs to know whether there were too many.
    if (error instanceof SessionFileError && countLines(text, limits.maxLines + 1) > limits.maxLines) {
      throw new SessionFileError(limits.maxLines + 1, `more than ${limits.maxLines} lines`);
    }
    throw error;
  }
}

/** A time as file names and recording ids carry it: its ISO form with '-' for ':' and '.'. */
export const sessionStamp = (ms: number): string => new Date(ms).toISOString().replace(/[:.]/g, '-');

/** The name a session file is saved under: its start time, and what part of the session it holds if not all. */
export function sessionFileName(started: number, part = ''): string {
  return `plaza-session-${sessionStamp(started)}${part}.jsonl`;
}

/**
 * A session file of the first inputs of another: the original's header and its first `lines` lines after it
 * (those a replay to input N consumes: its outputs and digests, up to the next input's line), then `footer`,
 * the state there. What `npm run replay -- --until N --trim OUT` and the debugger's "Save inputs 1–N" write.
 * The header is kept, so the format version — and the hash its digests and footer use — are the original's;
 * the lines are kept as they were written, byte for byte.
 */
export function trimmedSessionText(text: string, lines: number, footer: SessionFooter): string {
  let end = -1;
  for (let kept = 0; kept <= lines; kept++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) break;
  }
  const head = end < 0 ? text.trimEnd() : text.slice(0, end);
  return `${head}\n${JSON.stringify(footer)}\n`;
}

/**
 * How deep a line's JSON may nest. What Plaza records nests a dozen levels at most (a stored log's snapshot);
 * a hostile file nesting thousands deep parses (JSON.parse does not recurse) but then overflows the stack of
 * whatever walks it — structuredClone, validation, the hash — so it is refused as it is read.
 */
export const MAX_JSON_DEPTH = 100;

/** Whether a parsed JSON value nests arrays and objects more than `limit` deep (walked without recursion). */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { v: object; depth: number }[] = typeof value === 'object' && value !== null ? [{ v: value, depth: 1 }] : [];
  for (let top = stack.pop(); top; top = stack.pop()) {
    if (top.depth > limit) return true;
    for (const child of Array.isArray(top.v) ? top.v : Object.values(top.v)) if (typeof child === 'object' && child !== null) stack.push({ v: child, depth: top.depth + 1 });
  }
  return false;
}

function readSessionFile(text: SessionText, limits: SessionFileLimits): SessionFile {
  if (text.length === 0) throw new SessionFileError(1, 'the file is empty');
  const parseJson = (from: number, to: number, n: number): unknown => {
    if (to - from > limits.maxLineLength) throw new SessionFileError(n, `line longer than ${limits.maxLineLength} characters`);
    let value: unknown;
    try {
      value = JSON.parse(text.slice(from, to));
    } catch {
      throw new SessionFileError(n, 'not valid JSON');
    }
    if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw new SessionFileError(n, `nested more than ${MAX_JSON_DEPTH} levels deep`);
    return value;
  };

  // Line 1, the header.
  const newline = text.indexOf('\n');
  const headerEnd = newline < 0 ? text.length : newline;
  const headerRaw = parseJson(0, headerEnd, 1);
  const format = (headerRaw as { format?: unknown } | null)?.format;
  if (format !== SESSION_FORMAT) throw new SessionFileError(1, 'not a Plaza session file (missing "format": "plaza-session")');
  const version = (headerRaw as { version?: unknown }).version;
  if (typeof version !== 'number' || !READABLE_SESSION_VERSIONS.includes(version)) {
    const readable = `${READABLE_SESSION_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_SESSION_VERSIONS.at(-1)}`;
    throw new SessionFileError(1, `unsupported version ${JSON.stringify(version)}; this Plaza reads versions ${readable}`);
  }
  const header = SessionHeader.safeParse(headerRaw);
  if (!header.success) throw new SessionFileError(1, `header: ${issueText(header.error)}`);
  const compact = version >= 2;

  // The last line, the footer (its number is known once the lines before it are read; only a refusal needs it sooner).
  const lastEnd = text.charCodeAt(text.length - 1) === 0x0a ? text.length - 1 : text.length;
  const lastStart = lastEnd === 0 ? 0 : text.lastIndexOf('\n', lastEnd - 1) + 1;
  const footerLine = (): number => countLines(text, Infinity);
  const truncated = 'the file is truncated: its last line is not the footer';
  let last: unknown;
  try {
    last = lastStart === 0 ? headerRaw : parseJson(lastStart, lastEnd, 0);
  } catch (error) {
    if (!(error instanceof SessionFileError)) throw error;
    // A blank last line (an editor's extra line break) is named as such, a footer that does not parse was damaged; any other last line
    // that does not parse is where the file was cut off.
    const start = text.slice(lastStart, Math.min(lastEnd, lastStart + 16)).replace(/\s/g, '');
    if (start === '') throw new SessionFileError(footerLine(), 'an empty line at the end: a session file ends with its footer ({"k":"end",…}); remove the empty lines after it');
    if (start.startsWith('{"k":"end"')) throw new SessionFileError(footerLine(), `footer: ${error.problem}`);
    const endsMidLine = lastEnd === text.length;
    throw new SessionFileError(footerLine(), endsMidLine ? `${truncated} (it ends in the middle of a line)` : truncated);
  }
  if ((last as { k?: unknown } | null)?.k !== 'end') throw new SessionFileError(footerLine(), truncated);
  const footer = SessionFooter.safeParse(last);
  if (!footer.success) throw new SessionFileError(footerLine(), `footer: ${issueText(footer.error)}`);

  // The lines between, each validated as it is read.
  const read = new ReadLines(text.length);
  let inputs = 0;
  let n = 2;
  // A file read from its bytes: runs of usual compact lines are read straight from them, the others below.
  const bytes = compact ? text.bytes : undefined;
  const usual: UsualLinesAt = { at: 0, inputs: 0 };
  for (let from = headerEnd + 1; from < lastStart; n++) {
    if (bytes !== undefined) {
      const before = read.count;
      usual.at = from;
      readUsualLines(bytes, usual, lastStart, limits.maxLineLength, limits.maxLines - n + 1, read);
      n += read.count - before;
      from = usual.at;
      if (from >= lastStart) break;
    }
    if (n > limits.maxLines) throw new SessionFileError(limits.maxLines + 1, `more than ${limits.maxLines} lines`);
    const end = text.indexOf('\n', from);
    read.grow();
    if (compact && text.charCodeAt(from) !== 0x7b /* { */) {
      if (end - from > limits.maxLineLength) throw new SessionFileError(n, `line longer than ${limits.maxLineLength} characters`);
      // A compact line never ends in a carriage return (the recorder keeps such frames as JSON): a CRLF file reads the same.
      readCompactLine(text, from, text.charCodeAt(end - 1) === 0x0d ? end - 1 : end, n, read);
      if (read.form[read.count - 1] !== DIGEST) inputs++;
    } else {
      const raw = parseJson(from, end, n);
      const kind = (raw as { k?: unknown } | null)?.k;
      const schema = typeof kind === 'string' ? LINE_SCHEMAS.get(kind) : undefined;
      if (!schema) throw new SessionFileError(n, `unknown line kind ${JSON.stringify(kind)}`);
      const parsed = schema().safeParse(raw);
      if (!parsed.success) throw new SessionFileError(n, `${kind}: ${issueText(parsed.error)}`);
      if (INPUT_KINDS.has(parsed.data.k)) inputs++;
      const i = read.count++;
      read.form[i] = JSON_LINE;
      read.num[i] = read.json.length;
      read.json.push(parsed.data);
    }
    from = end + 1;
  }
  inputs += usual.inputs;
  // n is now the footer's line (or the header's, in a file of one line that is both).
  const footerAt = lastStart === 0 ? 1 : n;
  if (footerAt > limits.maxLines) throw new SessionFileError(limits.maxLines + 1, `more than ${limits.maxLines} lines`);
  if (inputs !== footer.data.inputs) throw new SessionFileError(footerAt, `the footer counts ${footer.data.inputs} inputs but the file has ${inputs}`);
  const problem = footerProblem(footer.data, sessionHashName(version));
  if (problem) throw new SessionFileError(footerAt, `footer: ${problem}`);
  return new ParsedSessionFile(header.data, footer.data, text, read);
}
