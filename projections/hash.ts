/**
 * Stable hashes of projection state: FNV-1a (64-bit) over canonical JSON.
 * Synchronous and dependency-free, so the browser, Node and the replay CLI
 * compute the same value for the same state.
 *
 * The canonical JSON is never built: `hashCanonical` walks the state and feeds
 * the hash exactly the characters `JSON.stringify(canonicalize(value))` would
 * produce (canonical.ts is the definition, and the tests hold the two equal).
 * A heavy user's messages projection is ~70 MB of such text; building it cost
 * seconds and most of the garbage collection of a replay.
 */
import { canonicalize, canonicalKeyOrder } from './canonical';
import type { Projections } from './fold';
import { DEBUG_PROJECTIONS } from '../protocol/debug-api';

const OFFSET = [0x2325, 0x8422, 0x9ce4, 0xcbf2] as const;
/** "00" … "ff": a digest per replayed input is formatted, and Number#toString(16) is slow at that rate. */
const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * A running FNV-1a 64 over UTF-16 code units. The 64-bit state is four 16-bit
 * limbs so every step stays in small-integer arithmetic: multiplying by the
 * prime 0x100000001b3 = 2^40 + 0x1b3 is limb × 0x1b3 plus limbs 0–1 shifted into limbs 2–3.
 */
export class Fnv64 {
  private h0: number = OFFSET[0];
  private h1: number = OFFSET[1];
  private h2: number = OFFSET[2];
  private h3: number = OFFSET[3];

  /** Feeds a string's code units as they are. */
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

  /** Feeds one code unit. */
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

  /** Feeds `JSON.stringify(s)`: quoted, escaped where JSON escapes (quote, backslash, controls, lone surrogates). */
  jsonString(s: string): void {
    const b0 = this.h0;
    const b1 = this.h1;
    const b2 = this.h2;
    const b3 = this.h3;
    this.code(0x22);
    let h0 = this.h0;
    let h1 = this.h1;
    let h2 = this.h2;
    let h3 = this.h3;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) {
        // Rare: let JSON.stringify escape it, from the state before the opening quote.
        this.h0 = b0;
        this.h1 = b1;
        this.h2 = b2;
        this.h3 = b3;
        this.text(JSON.stringify(s));
        return;
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

  /** The hash as 16 hex digits. */
  hex(): string {
    const limb = (v: number): string => HEX_BYTE[v >>> 8]! + HEX_BYTE[v & 0xff]!;
    return limb(this.h3) + limb(this.h2) + limb(this.h1) + limb(this.h0);
  }
}

/** FNV-1a 64 of a string's UTF-16 code units, as 16 hex digits. */
export function fnv1a64(text: string): string {
  const h = new Fnv64();
  h.text(text);
  return h.hex();
}

/** Sorted keys of recently seen object shapes (messages, parts, reactions repeat one shape), with each key's `"key":` text. */
interface Plan {
  keys: string[];
  order: string[];
  prefixes: string[];
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const skipped = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Feeds `JSON.stringify(canonicalize(value))` into `h` without building either. */
export function hashCanonical(h: Fnv64, value: unknown): void {
  const plans: Plan[] = [];
  const planFor = (keys: string[]): Plan => {
    for (const plan of plans) if (sameKeys(plan.keys, keys)) return plan;
    // canonicalize copies a plain object by assignment, so an own "__proto__" key does not survive it.
    const order = canonicalKeyOrder(keys.filter((k) => k !== '__proto__'));
    const plan = { keys, order, prefixes: order.map((k) => `${JSON.stringify(k)}:`) };
    if (plans.length >= 16) plans.pop();
    plans.unshift(plan);
    return plan;
  };

  const walk = (v: unknown): void => {
    switch (typeof v) {
      case 'string':
        return h.jsonString(v);
      case 'number':
        return h.text(Number.isFinite(v) ? String(v) : 'null');
      case 'boolean':
        return h.text(v ? 'true' : 'false');
      case 'object':
        break;
      default:
        // undefined, functions, symbols (skipped by the callers), bigint (JSON.stringify throws).
        return h.text(JSON.stringify(canonicalize(v)) ?? 'null');
    }
    if (v === null) return h.text('null');
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
        walk(item);
      }
      return h.code(0x7d);
    }
    if (v instanceof Set) return walk([...v].map(String).sort());
    if (Array.isArray(v)) {
      h.code(0x5b);
      for (let i = 0; i < v.length; i++) {
        if (i > 0) h.code(0x2c);
        const item: unknown = v[i];
        if (skipped(item)) h.text('null');
        else walk(item);
      }
      return h.code(0x5d);
    }
    const record = v as Record<string, unknown>;
    const plan = planFor(Object.keys(record));
    h.code(0x7b);
    let first = true;
    for (let i = 0; i < plan.order.length; i++) {
      const item = record[plan.order[i]!];
      if (skipped(item)) continue;
      if (!first) h.code(0x2c);
      first = false;
      h.text(plan.prefixes[i]!);
      walk(item);
    }
    h.code(0x7d);
  };
  walk(value);
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

/** FNV-1a 64 of one projection's canonical JSON (`fnv1a64(projectionJson(p, name))`, without building the text). */
export function projectionHash(p: Projections, name: ProjectionName): string {
  const h = new Fnv64();
  hashCanonical(h, p[name]);
  return h.hex();
}

/** The hash over all projections, from each one's hash. */
export function combineHashes(each: Record<ProjectionName, string>): string {
  return fnv1a64(PROJECTION_NAMES.map((n) => each[n]).join(':'));
}

/** One hash per projection, and one over all of them. */
export function projectionHashes(p: Projections): { all: string; each: Record<ProjectionName, string> } {
  const each = {} as Record<ProjectionName, string>;
  for (const name of PROJECTION_NAMES) each[name] = projectionHash(p, name);
  return { all: combineHashes(each), each };
}
