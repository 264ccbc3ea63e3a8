/**
 * Stable 64-bit hashes of projection state over its canonical JSON text.
 * Synchronous and dependency-free, so the browser, Node and the replay CLI
 * compute the same value for the same state.
 *
 * Two hash functions, chosen by a session file's format version
 * (protocol/session-file.ts `sessionHashName`): FNV-1a 64 for versions 1 and 2,
 * cyrb64 (cyrb53's two 32-bit lanes, all 64 bits kept) from version 3 — a
 * few times cheaper per code unit, which counts for the final hash of a heavy
 * user's state (~78 MB of canonical JSON) and for the digest the recorder
 * computes after every input. docs/session-format.md defines both.
 *
 * The canonical JSON is never built: `hashCanonical` walks the state and feeds
 * the hash exactly the characters `JSON.stringify(canonicalize(value))` would
 * produce (canonical.ts is the definition, and the tests hold the two equal).
 * `hashInSlices` feeds the same characters a little at a time, for the
 * debugger's worker, which answers seeks between the slices.
 */
import { canonicalize, canonicalKeyOrder } from './canonical';
import type { Projections } from './fold';
import { DEBUG_PROJECTIONS } from '../protocol/debug-api';
import { SESSION_FORMAT_VERSION, sessionHashName } from '../protocol/session-file';
import { createHash as createNamedHash, Cyrb64, cyrb64, Fnv64, fnv1a64, hashText as hashNamedText, type HashName, type StreamHash } from '../protocol/text-hash';

// The hashes themselves live in protocol/ (reading a session file checks its footer with them).
export { Cyrb64, cyrb64, Fnv64, fnv1a64, type HashName, type StreamHash };

/** The hash this Plaza records with (the current format version's). */
export const CURRENT_HASH: HashName = sessionHashName(SESSION_FORMAT_VERSION);

/** A new running hash of the given kind. */
export function createHash(name: HashName = CURRENT_HASH): StreamHash {
  return createNamedHash(name);
}

/** The named hash of a string, as 16 hex digits (an input's event digest is this of the events' JSON). */
export function hashText(text: string, name: HashName = CURRENT_HASH): string {
  return hashNamedText(text, name);
}

// ---- the walk over canonical JSON ---------------------------------------------

/**
 * A recently seen object shape (messages, parts, reactions repeat one): its keys as Object.keys lists them, and for
 * each key in canonical order its `"key":` text and its index in Object.values (a value is read by index: a
 * property read by a computed name is a generic lookup, the walk's largest cost before this).
 */
interface Plan {
  keys: string[];
  prefixes: string[];
  at: Int32Array;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const skipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Digits of an integer below 1e8, most significant last (a scratch buffer: the walk never nests here). */
const DIGITS = new Int32Array(8);

/** Feeds `String(v)` for an integer 0 ≤ v < 1e8 (`pad`: at least that many digits, zeros in front). */
function feedDigits(h: StreamHash, v: number, pad: number): void {
  let n = 0;
  do {
    const q = (v / 10) | 0;
    DIGITS[n++] = v - q * 10;
    v = q;
  } while (v > 0);
  while (n < pad) DIGITS[n++] = 0;
  while (n > 0) h.code(0x30 + DIGITS[--n]!);
}

/**
 * Feeds `JSON.stringify(v)` for a number: a safe integer digit by digit (timestamps and counts, most of a
 * state's numbers: String() of a non-small integer allocates a string and formats a double), anything else as String() writes it.
 */
function feedNumber(h: StreamHash, v: number): void {
  if (!(v % 1 === 0 && v <= Number.MAX_SAFE_INTEGER && v >= -Number.MAX_SAFE_INTEGER)) return h.text(Number.isFinite(v) ? String(v) : 'null');
  if (v < 0) {
    h.code(0x2d);
    v = -v;
  }
  // -0 is written "0", as String(-0) writes it.
  if (v < 1e8) return feedDigits(h, v, 0);
  const high = Math.floor(v / 1e8);
  feedDigits(h, high, 0);
  feedDigits(h, v - high * 1e8, 8);
}

/** Where a walk leaves objects for later: at `depth` (the value walked is at 0), each object is handed to `subtree` instead of walked. */
interface Deferral {
  depth: number;
  subtree: (value: object) => void;
}

/** Feeds `JSON.stringify(canonicalize(value))` into `h` without building either. */
export function hashCanonical(h: StreamHash, value: unknown): void {
  walkCanonical(h, value, [], undefined);
}

/** hashCanonical's walk, with the object shapes seen so far (`plans`: kept across the many small walks of a hash made in slices) and objects `defer`red. */
function walkCanonical(h: StreamHash, value: unknown, plans: Plan[], defer: Deferral | undefined): void {
  const planFor = (keys: string[]): Plan => {
    for (const plan of plans) if (sameKeys(plan.keys, keys)) return plan;
    // canonicalize copies a plain object by assignment, so an own "__proto__" key does not survive it.
    const order = canonicalKeyOrder(keys.filter((k) => k !== '__proto__'));
    const plan = { keys, prefixes: order.map((k) => `${JSON.stringify(k)}:`), at: Int32Array.from(order, (k) => keys.indexOf(k)) };
    if (plans.length >= 16) plans.pop();
    plans.unshift(plan);
    return plan;
  };

  const walk = (v: unknown, depth: number): void => {
    switch (typeof v) {
      case 'string':
        return h.jsonString(v);
      case 'number':
        return feedNumber(h, v);
      case 'boolean':
        return h.text(v ? 'true' : 'false');
      case 'object':
        break;
      default:
        // undefined, functions, symbols (skipped by the callers), bigint (JSON.stringify throws).
        return h.text(JSON.stringify(canonicalize(v)) ?? 'null');
    }
    if (v === null) return h.text('null');
    if (defer && depth === defer.depth) return defer.subtree(v as object);
    if (v instanceof Map) {
      const keys: string[] = [];
      for (const k of v.keys()) {
        if (typeof k !== 'string') return h.text(JSON.stringify(canonicalize(v))); // two keys may then share a name: the slow path
        keys.push(k);
      }
      h.code(0x7b);
      let first = true;
      for (const key of canonicalKeyOrder(keys)) {
        const item: unknown = v.get(key);
        if (skipped(item)) continue;
        if (!first) h.code(0x2c);
        first = false;
        h.jsonString(key);
        h.code(0x3a);
        walk(item, depth + 1);
      }
      return h.code(0x7d);
    }
    if (v instanceof Set) return walk([...v].map(String).sort(), depth);
    if (Array.isArray(v)) {
      h.code(0x5b);
      for (let i = 0; i < v.length; i++) {
        if (i > 0) h.code(0x2c);
        const item: unknown = v[i];
        if (skipped(item)) h.text('null');
        else walk(item, depth + 1);
      }
      return h.code(0x5d);
    }
    const plan = planFor(Object.keys(v));
    const values = Object.values(v);
    h.code(0x7b);
    let first = true;
    for (let i = 0; i < plan.at.length; i++) {
      const item: unknown = values[plan.at[i]!];
      if (skipped(item)) continue;
      if (!first) h.code(0x2c);
      first = false;
      h.text(plan.prefixes[i]!);
      walk(item, depth + 1);
    }
    h.code(0x7d);
  };
  walk(value, 0);
}

/**
 * Every projection, in the order their hashes are combined (the ones hashed since the first recordings
 * first). Nothing is left out: a replay that diverges in any projection is caught at the footer, and the
 * debugger shows and diffs each one. One list for both (protocol/debug-api.ts DEBUG_PROJECTIONS, where
 * the debugger's UI can read it); the tests hold it to `createProjections`.
 */
export const PROJECTION_NAMES = DEBUG_PROJECTIONS;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

/** The canonical JSON of one projection. */
export function projectionJson(p: Projections, name: ProjectionName): string {
  return JSON.stringify(canonicalize(p[name]));
}

/** The hash of one projection's canonical JSON (`hashText(projectionJson(p, name), hash)`, without building the text). */
export function projectionHash(p: Projections, name: ProjectionName, hash: HashName = CURRENT_HASH): string {
  const h = createHash(hash);
  hashCanonical(h, p[name]);
  return h.hex();
}

/** The hash over all projections, from each one's hash: of their hex joined by ":", in PROJECTION_NAMES order. */
export function combineHashes(each: Record<ProjectionName, string>, hash: HashName = CURRENT_HASH): string {
  return hashText(PROJECTION_NAMES.map((n) => each[n]).join(':'), hash);
}

/** One hash per projection, and one over all of them, with the hash of format version `sessionHashName(version)`. */
export function projectionHashes(p: Projections, hash: HashName = CURRENT_HASH): { all: string; each: Record<ProjectionName, string> } {
  const each = {} as Record<ProjectionName, string>;
  for (const name of PROJECTION_NAMES) each[name] = projectionHash(p, name, hash);
  return { all: combineHashes(each, hash), each };
}

// ---- hashing in slices (the debugger) -------------------------------------------

/** One step of a hash fed in slices: text, a code unit, a JSON string, or an object to walk then. */
type FeedStep = { text: string } | { code: number } | { json: string } | { subtree: object };

/** A StreamHash that only notes what it is fed, in order (hashInSlices' plan). */
class FeedPlan implements StreamHash {
  readonly steps: FeedStep[] = [];
  text(s: string): void {
    this.steps.push({ text: s });
  }
  code(c: number): void {
    this.steps.push({ code: c });
  }
  jsonString(s: string): void {
    this.steps.push({ json: s });
  }
  hex(): string {
    throw new Error('a feed plan has no hash');
  }
}

/**
 * How deep hashInSlices goes level by level: below, an object is hashed in one go. Four levels down a
 * projection are its messages (projection → byAddress → a conversation's store → byGuid → the message).
 */
const SLICED_LEVELS = 4;

/** How a hash made in slices pauses: after about `ms` of work (by `now`) it awaits `goOn`, which says whether to go on. */
export interface Slicing {
  ms: number;
  now: () => number;
  goOn: () => Promise<boolean>;
}

/** The pauses of one hash made in slices, and the object shapes its walks have seen (hashCanonical's plans). */
class Pacer {
  private since: number;
  private steps = 0;
  readonly plans: Plan[] = [];
  constructor(private readonly slicing: Slicing) {
    this.since = slicing.now();
  }
  /** Whether the slice under way has run its time (the clock read every 16th step: a step is a message at most). */
  due(): boolean {
    return (++this.steps & 15) === 0 && this.slicing.now() - this.since >= this.slicing.ms;
  }
  /** Pauses; false if told to stop. */
  async pause(): Promise<boolean> {
    if (!(await this.slicing.goOn())) return false;
    this.since = this.slicing.now();
    return true;
  }
}

/** Feeds `value` level by level: what hashCanonical feeds for the value itself, then each object in it in turn (`levels` down; below, whole). */
async function feedInSlices(h: StreamHash, value: unknown, pacer: Pacer, levels: number): Promise<boolean> {
  // The value's own text, planned with the objects in it left for later: one level at a time, so that no
  // plan is large (all of a heavy user's 200,000 messages planned at once would be one long step).
  const plan = new FeedPlan();
  walkCanonical(plan, value, pacer.plans, { depth: 1, subtree: (subtree) => plan.steps.push({ subtree }) });
  for (const step of plan.steps) {
    if ('subtree' in step) {
      if (levels > 1) {
        if (!(await feedInSlices(h, step.subtree, pacer, levels - 1))) return false;
        continue;
      }
      walkCanonical(h, step.subtree, pacer.plans, undefined);
    } else if ('text' in step) h.text(step.text);
    else if ('code' in step) h.code(step.code);
    else h.jsonString(step.json);
    if (pacer.due() && !(await pacer.pause())) return false;
  }
  return true;
}

/**
 * `hashCanonical` in slices, for a state too large to hash between two requests (a heavy user's is ~78 MB of
 * canonical JSON, 1.5 s): the same characters fed in the same order, so the same hash, pausing as `slicing`
 * says. Null if it said to stop.
 */
export async function hashInSlices(h: StreamHash, value: unknown, slicing: Slicing): Promise<StreamHash | null> {
  return (await feedInSlices(h, value, new Pacer(slicing), SLICED_LEVELS)) ? h : null;
}

/**
 * `projectionHashes` in slices (hashInSlices): the debugger hashes a large state while its worker goes on
 * answering seeks. Null if the slicing said to stop.
 */
export async function projectionHashesInSlices(p: Projections, hash: HashName, slicing: Slicing): Promise<{ all: string; each: Record<ProjectionName, string> } | null> {
  const each = {} as Record<ProjectionName, string>;
  for (const name of PROJECTION_NAMES) {
    const h = await hashInSlices(createHash(hash), p[name], slicing);
    if (!h) return null;
    each[name] = h.hex();
  }
  return { all: combineHashes(each, hash), each };
}
