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
import { SESSION_FORMAT_VERSION, sessionHashName, type HashName } from '../protocol/session-file';

export type { HashName };

/** The hash this Plaza records with (the current format version's). */
export const CURRENT_HASH: HashName = sessionHashName(SESSION_FORMAT_VERSION);

/** "00" … "ff": a digest per replayed input is formatted, and Number#toString(16) is slow at that rate. */
const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const hex32 = (v: number): string => HEX_BYTE[v >>> 24]! + HEX_BYTE[(v >>> 16) & 0xff]! + HEX_BYTE[(v >>> 8) & 0xff]! + HEX_BYTE[v & 0xff]!;

/** A running 64-bit hash over UTF-16 code units. */
export interface StreamHash {
  /** Feeds a string's code units as they are. */
  text(s: string): void;
  /** Feeds one code unit. */
  code(c: number): void;
  /** Feeds `JSON.stringify(s)`: quoted, escaped where JSON escapes (quote, backslash, controls, lone surrogates). */
  jsonString(s: string): void;
  /** The hash of what was fed so far, as 16 hex digits (feeding may go on). */
  hex(): string;
}

// ---- FNV-1a 64 (format versions 1 and 2) ------------------------------------

const OFFSET = [0x2325, 0x8422, 0x9ce4, 0xcbf2] as const;

/**
 * FNV-1a 64 over UTF-16 code units. The 64-bit state is four 16-bit limbs so every
 * step stays in small-integer arithmetic: multiplying by the prime 0x100000001b3 =
 * 2^40 + 0x1b3 is limb × 0x1b3 plus limbs 0–1 shifted into limbs 2–3.
 */
export class Fnv64 implements StreamHash {
  private h0: number = OFFSET[0];
  private h1: number = OFFSET[1];
  private h2: number = OFFSET[2];
  private h3: number = OFFSET[3];

  text(s: string): void {
    let h0 = this.h0;
    let h1 = this.h1;
    let h2 = this.h2;
    let h3 = this.h3;
    for (let i = 0; i < s.length; i++) {
      h0 ^= s.charCodeAt(i);
      const t0 = h0 * 0x1b3;
      const t1 = h1 * 0x1b3 + (t0 >>> 16);
      const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
      h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
      h0 = t0 & 0xffff;
      h1 = t1 & 0xffff;
      h2 = t2 & 0xffff;
    }
    this.h0 = h0;
    this.h1 = h1;
    this.h2 = h2;
    this.h3 = h3;
  }

  code(c: number): void {
    const h0 = this.h0 ^ c;
    const t0 = h0 * 0x1b3;
    const t1 = this.h1 * 0x1b3 + (t0 >>> 16);
    const t2 = this.h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
    this.h3 = (this.h3 * 0x1b3 + (this.h1 << 8) + (t2 >>> 16)) & 0xffff;
    this.h0 = t0 & 0xffff;
    this.h1 = t1 & 0xffff;
    this.h2 = t2 & 0xffff;
  }

  jsonString(s: string): void {
    this.code(0x22);
    let h0 = this.h0;
    let h1 = this.h1;
    let h2 = this.h2;
    let h3 = this.h3;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
        if (c !== 0x22 && c !== 0x5c) {
          this.h0 = h0;
          this.h1 = h1;
          this.h2 = h2;
          this.h3 = h3;
          return this.text(escapedRest(s, i));
        }
        // The backslash before a quote or backslash.
        h0 ^= 0x5c;
        const t0 = h0 * 0x1b3;
        const t1 = h1 * 0x1b3 + (t0 >>> 16);
        const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
        h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
        h0 = t0 & 0xffff;
        h1 = t1 & 0xffff;
        h2 = t2 & 0xffff;
      }
      h0 ^= c;
      const t0 = h0 * 0x1b3;
      const t1 = h1 * 0x1b3 + (t0 >>> 16);
      const t2 = h2 * 0x1b3 + (h0 << 8) + (t1 >>> 16);
      h3 = (h3 * 0x1b3 + (h1 << 8) + (t2 >>> 16)) & 0xffff;
      h0 = t0 & 0xffff;
      h1 = t1 & 0xffff;
      h2 = t2 & 0xffff;
    }
    this.h0 = h0;
    this.h1 = h1;
    this.h2 = h2;
    this.h3 = h3;
    this.code(0x22);
  }

  hex(): string {
    const limb = (v: number): string => HEX_BYTE[v >>> 8]! + HEX_BYTE[v & 0xff]!;
    return limb(this.h3) + limb(this.h2) + limb(this.h1) + limb(this.h0);
  }
}

/**
 * `JSON.stringify(s)` from index i on, closing quote included, for a control or surrogate at i (rare).
 * Nothing before i is a surrogate, so no pair is cut, and nothing before i but a quote or backslash is escaped.
 */
function escapedRest(s: string, i: number): string {
  return JSON.stringify(s.slice(i)).slice(1);
}

// ---- cyrb64 (format version 3) -------------------------------------------------

/** cyrb53's multipliers (per code unit, lanes a and b) and finalizer constants, as int32 for Math.imul. */
const MA = 0x9e3779b1 | 0; // 2654435761
const MB = 0x5f356495 | 0; // 1597334677
const F1 = 0x85ebca6b | 0; // 2246822507
const F2 = 0xc2b2ae35 | 0; // 3266489909

/**
 * cyrb53 (bryc, public domain: two independent 32-bit multiply lanes over the UTF-16
 * code units, mixed together at the end) with all 64 bits of both lanes kept: the low
 * 53 bits equal cyrb53(text, 0). Per code unit c: a = imul(a ^ c, 0x9e3779b1),
 * b = imul(b ^ c, 0x5f356495), from a = 0xdeadbeef, b = 0x41c6ce57.
 */
export class Cyrb64 implements StreamHash {
  private a = 0xdeadbeef | 0;
  private b = 0x41c6ce57;

  text(s: string): void {
    let a = this.a;
    let b = this.b;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, MA);
      b = Math.imul(b ^ c, MB);
    }
    this.a = a;
    this.b = b;
  }

  code(c: number): void {
    this.a = Math.imul(this.a ^ c, MA);
    this.b = Math.imul(this.b ^ c, MB);
  }

  jsonString(s: string): void {
    let a = Math.imul(this.a ^ 0x22, MA);
    let b = Math.imul(this.b ^ 0x22, MB);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
        if (c !== 0x22 && c !== 0x5c) {
          this.a = a;
          this.b = b;
          return this.text(escapedRest(s, i));
        }
        a = Math.imul(a ^ 0x5c, MA);
        b = Math.imul(b ^ 0x5c, MB);
      }
      a = Math.imul(a ^ c, MA);
      b = Math.imul(b ^ c, MB);
    }
    this.a = Math.imul(a ^ 0x22, MA);
    this.b = Math.imul(b ^ 0x22, MB);
  }

  hex(): string {
    const a = Math.imul(this.a ^ (this.a >>> 16), F1) ^ Math.imul(this.b ^ (this.b >>> 13), F2);
    const b = Math.imul(this.b ^ (this.b >>> 16), F1) ^ Math.imul(a ^ (a >>> 13), F2);
    return hex32(b) + hex32(a);
  }
}

/** A new running hash of the given kind. */
export function createHash(name: HashName = CURRENT_HASH): StreamHash {
  return name === 'cyrb64' ? new Cyrb64() : new Fnv64();
}

/** FNV-1a 64 of a string's UTF-16 code units, as 16 hex digits. */
export function fnv1a64(text: string): string {
  const h = new Fnv64();
  h.text(text);
  return h.hex();
}

/** cyrb64 of a string's UTF-16 code units, as 16 hex digits. */
export function cyrb64(text: string): string {
  const h = new Cyrb64();
  h.text(text);
  return h.hex();
}

/** The named hash of a string, as 16 hex digits (an input's event digest is this of the events' JSON). */
export function hashText(text: string, name: HashName = CURRENT_HASH): string {
  return name === 'cyrb64' ? cyrb64(text) : fnv1a64(text);
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
