/**
 * The recorded-session file: line-oriented JSON, versioned. Line 1 is the
 * header, the last line the footer, every line between one input to the core
 * (what happened to it), one output of it (what it did), or the digest of the
 * events one input produced. docs/session-format.md describes it for people.
 *
 * Inputs are delivered to the core in order; outputs must come out of the core
 * in order. Ids (socket, request, timer, storage op) are given by the core's
 * ports in call order, so a faithful replay produces the same ids.
 */
import { z } from 'zod';

export const SESSION_FORMAT = 'plaza-session';
export const SESSION_FORMAT_VERSION = 1;

const id = z.number().int().nonnegative();
const time = z.number().nonnegative();

export const SessionHeader = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(SESSION_FORMAT_VERSION),
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

/** Each line kind's own schema, so a refusal names the field at fault rather than "invalid union". */
const LINE_SCHEMAS: ReadonlyMap<string, z.ZodType<SessionLine>> = new Map<string, z.ZodType<SessionLine>>([
  ...InputLine.options.map((o) => [o.shape.k.value, o] as [string, z.ZodType<SessionLine>]),
  ...OutputLine.options.map((o) => [o.shape.k.value, o] as [string, z.ZodType<SessionLine>]),
  ['ev', DigestLine],
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

/**
 * Parses a whole session file. A truncated, corrupted, wrong-version or
 * hostile file is refused with a SessionFileError naming the line and the problem.
 */
export function parseSessionFile(text: string, limits = { maxLines: 20_000_000, maxLineLength: 2_000_000 }): SessionFile {
  const rows = text.split('\n');
  if (rows.at(-1) === '') rows.pop();
  if (rows.length === 0) throw new SessionFileError(1, 'the file is empty');
  if (rows.length > limits.maxLines) throw new SessionFileError(limits.maxLines + 1, `more than ${limits.maxLines} lines`);
  const parseJson = (row: string, n: number): unknown => {
    if (row.length > limits.maxLineLength) throw new SessionFileError(n, `line longer than ${limits.maxLineLength} characters`);
    try {
      return JSON.parse(row);
    } catch {
      throw new SessionFileError(n, 'not valid JSON');
    }
  };
  const headerRaw = parseJson(rows[0]!, 1);
  const format = (headerRaw as { format?: unknown } | null)?.format;
  if (format !== SESSION_FORMAT) throw new SessionFileError(1, 'not a Plaza session file (missing "format": "plaza-session")');
  const version = (headerRaw as { version?: unknown }).version;
  if (version !== SESSION_FORMAT_VERSION) throw new SessionFileError(1, `unsupported version ${JSON.stringify(version)}; this Plaza reads version ${SESSION_FORMAT_VERSION}`);
  const header = SessionHeader.safeParse(headerRaw);
  if (!header.success) throw new SessionFileError(1, `header: ${issueText(header.error)}`);
  const last = parseJson(rows.at(-1)!, rows.length);
  if ((last as { k?: unknown } | null)?.k !== 'end') throw new SessionFileError(rows.length, 'the file is truncated: its last line is not the footer');
  const footer = SessionFooter.safeParse(last);
  if (!footer.success) throw new SessionFileError(rows.length, `footer: ${issueText(footer.error)}`);
  const lines: SessionLine[] = [];
  let inputs = 0;
  for (let i = 1; i < rows.length - 1; i++) {
    const raw = parseJson(rows[i]!, i + 1);
    const kind = (raw as { k?: unknown } | null)?.k;
    const schema = typeof kind === 'string' ? LINE_SCHEMAS.get(kind) : undefined;
    if (!schema) throw new SessionFileError(i + 1, `unknown line kind ${JSON.stringify(kind)}`);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new SessionFileError(i + 1, `${kind}: ${issueText(parsed.error)}`);
    if (INPUT_KINDS.has(parsed.data.k)) inputs++;
    lines.push(parsed.data);
  }
  if (inputs !== footer.data.inputs) throw new SessionFileError(rows.length, `the footer counts ${footer.data.inputs} inputs but the file has ${inputs}`);
  return { header: header.data, lines, footer: footer.data };
}
