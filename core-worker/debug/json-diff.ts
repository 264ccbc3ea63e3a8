/** A structural diff of two canonical JSON values (objects, arrays, scalars), as a list of path changes. */
import { canonicalize, canonicalKeyOrder } from '../../projections/canonical';
import type { JsonChange } from '../../protocol/debug-api';
import { clip } from './describe';
import { canonicalItems, itemsIn, OverlayMap, OverlaySet, rankIn } from './overlay-map';

/** How many changes a diff lists at most (diffJson's default). */
export const DIFF_LIMIT = 200;

/**
 * Part of a long array, for diffing two of them: its `length`, and its items from `offset` on (as many as
 * `items` holds). Two windows compared are of arrays that are the same outside the window they share.
 */
export class ArrayWindow {
  constructor(
    readonly length: number,
    readonly offset: number,
    readonly items: readonly unknown[],
  ) {}

  at(i: number): unknown {
    const j = i - this.offset;
    if (j < 0 || j >= this.items.length) throw new RangeError(`position ${i} is outside the window ${this.offset}..${this.offset + this.items.length}`);
    return this.items[j];
  }
}

const text = (v: unknown): string => clip(JSON.stringify(v) ?? 'undefined', 400);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const child = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Changes from `a` to `b`, at most `limit`; `truncated` says more were found. */
export function diffJson(a: unknown, b: unknown, limit = DIFF_LIMIT): { changes: JsonChange[]; truncated: boolean } {
  const changes: JsonChange[] = [];
  let truncated = false;
  const push = (change: JsonChange): boolean => {
    if (changes.length >= limit) {
      truncated = true;
      return false;
    }
    changes.push(change);
    return true;
  };
  const walk = (x: unknown, y: unknown, path: string): boolean => {
    if (x === y) return true;
    if (x instanceof ArrayWindow && y instanceof ArrayWindow) {
      // The arrays are the same before the window; past it, differ everywhere or nowhere (see prunedSets).
      const common = Math.min(x.length, y.length);
      const end = Math.min(common, x.offset + Math.max(x.items.length, y.items.length));
      for (let i = x.offset; i < end; i++) if (!walk(x.at(i), y.at(i), child(path, i))) return false;
      for (let i = common; i < x.length; i++) if (!push({ path: child(path, i), op: 'remove', before: text(x.at(i)) })) return false;
      for (let i = common; i < y.length; i++) if (!push({ path: child(path, i), op: 'add', after: text(y.at(i)) })) return false;
      return true;
    }
    if (isObject(x) && isObject(y)) {
      for (const key of Object.keys(x)) {
        if (!(key in y)) {
          if (!push({ path: child(path, key), op: 'remove', before: text(x[key]) })) return false;
        } else if (!walk(x[key], y[key], child(path, key))) return false;
      }
      for (const key of Object.keys(y)) if (!(key in x) && !push({ path: child(path, key), op: 'add', after: text(y[key]) })) return false;
      return true;
    }
    if (Array.isArray(x) && Array.isArray(y)) {
      const common = Math.min(x.length, y.length);
      for (let i = 0; i < common; i++) if (!walk(x[i], y[i], child(path, i))) return false;
      for (let i = common; i < x.length; i++) if (!push({ path: child(path, i), op: 'remove', before: text(x[i]) })) return false;
      for (let i = common; i < y.length; i++) if (!push({ path: child(path, i), op: 'add', after: text(y[i]) })) return false;
      return true;
    }
    if (JSON.stringify(x) === JSON.stringify(y)) return true;
    return push({ path: path || '(root)', op: 'change', before: text(x), after: text(y) });
  };
  walk(a, b, '');
  return { changes, truncated };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof Set);
}

/** Whether two plain records have the same own keys with identical values (a copied record nobody wrote). */
function sameRecord(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  // for…in rather than Object.keys: thousands of records are compared per seek, without an array each.
  let keys = 0;
  for (const key in a) {
    if (!Object.hasOwn(a, key)) continue;
    keys++;
    if (a[key] !== b[key] || !Object.hasOwn(b, key)) return false;
  }
  for (const key in b) if (Object.hasOwn(b, key)) keys--;
  return keys === 0;
}

/** Values that need no diff: the same object, or copies of one record holding the same values. */
function plainlySame(a: unknown, b: unknown): boolean {
  return a === b || (isRecord(a) && isRecord(b) && sameRecord(a, b));
}

/** A plain record's entries as canonicalize keeps them: no undefined values, no own "__proto__". */
function recordEntries(r: Record<string, unknown>): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const key of Object.keys(r)) if (key !== '__proto__' && r[key] !== undefined) entries.set(key, r[key]);
  return entries;
}

function stringKeyed(m: Map<unknown, unknown>): m is Map<string, unknown> {
  if (m instanceof OverlayMap) return m.stringKeyed();
  for (const key of m.keys()) if (typeof key !== 'string') return false;
  return true;
}

/**
 * The keys whose values may differ between two string-keyed maps: for overlays on one another (the
 * timeline's message stores), those their own levels hold; otherwise every key, compared.
 */
function differingKeys(a: Map<string, unknown>, b: Map<string, unknown>): string[] {
  const related = a instanceof OverlayMap ? a.keysDifferingFrom(b) : b instanceof OverlayMap ? b.keysDifferingFrom(a) : null;
  const differing: string[] = [];
  if (related) {
    for (const key of related) if (a.has(key) !== b.has(key) || !plainlySame(a.get(key), b.get(key))) differing.push(key);
    return differing;
  }
  for (const [key, value] of a) if (!b.has(key) || !plainlySame(value, b.get(key))) differing.push(key);
  for (const key of b.keys()) if (!a.has(key)) differing.push(key);
  return differing;
}

/**
 * Two sets' canonical forms (sorted arrays of their items as strings) pruned for diffing. Tombstones are
 * tens of thousands of guids, and an input adds one or two: for overlays on one another, the arrays are
 * the same up to the first item that differs, and past the last one either the same everywhere (as many
 * items on each side) or different everywhere — so a window from the first, a little past the last,
 * lists what diffing them whole would (DIFF_LIMIT changes at most), and it is read from the overlays'
 * sorted bases without sorting anything. Otherwise the arrays whole.
 */
function prunedSets(a: Set<unknown>, b: Set<unknown>): [unknown, unknown] | null {
  const changed = a instanceof OverlaySet ? a.itemsDifferingFrom(b) : b instanceof OverlaySet ? b.itemsDifferingFrom(a) : null;
  if (changed && changed.every((item) => typeof item === 'string')) {
    if (changed.length === 0) return null;
    const texts = (changed as string[]).sort();
    // A plain set here is the other's base, which never changes.
    const first = rankIn(a, texts[0]!);
    const last = texts.at(-1)!;
    const span = Math.max(rankIn(a, last), rankIn(b, last)) - first + changed.length + DIFF_LIMIT + 2;
    if (span <= 4_096) {
      const window = (set: Set<unknown>): ArrayWindow => new ArrayWindow(set.size, first, itemsIn(set, texts[0]!, span).map(String));
      return [window(a), window(b)];
    }
  }
  const ca = canonicalItems(a);
  const cb = canonicalItems(b);
  return ca.length === cb.length && ca.every((item, i) => item === cb[i]) ? null : [ca, cb];
}

/**
 * The canonical forms of two states with what they share left out, or null when they are equal.
 * Folds replace values rather than change them (messages, channels, users, bookmarks), and the
 * debugger's timeline shares whatever an input did not write, so identity prunes nearly everything:
 * `diffJson` of the pruned pair lists exactly the changes `diffJson` of the whole canonical forms
 * would, in the same order, at the cost of what changed.
 */
export function prunedCanonical(a: unknown, b: unknown): [unknown, unknown] | null {
  if (a === b) return null;
  let entriesA: Map<string, unknown> | null = null;
  let entriesB: Map<string, unknown> | null = null;
  if (a instanceof Map && b instanceof Map && stringKeyed(a) && stringKeyed(b)) {
    entriesA = a;
    entriesB = b;
  } else if (isRecord(a) && isRecord(b)) {
    if (sameRecord(a, b)) return null;
    entriesA = recordEntries(a);
    entriesB = recordEntries(b);
  }
  if (a instanceof Set && b instanceof Set) return prunedSets(a, b);
  if (!entriesA || !entriesB) {
    const ca = canonicalize(a);
    const cb = canonicalize(b);
    return JSON.stringify(ca) === JSON.stringify(cb) ? null : [ca, cb];
  }
  // The keys whose values may differ: on one side only, or not plainly the same.
  const differing = differingKeys(entriesA, entriesB);
  if (differing.length === 0) return null;
  const outA: [string, unknown][] = [];
  const outB: [string, unknown][] = [];
  for (const key of canonicalKeyOrder(differing)) {
    const inA = entriesA.has(key);
    const inB = entriesB.has(key);
    if (inA && inB) {
      const pair = prunedCanonical(entriesA.get(key), entriesB.get(key));
      if (pair) {
        outA.push([key, pair[0]]);
        outB.push([key, pair[1]]);
      }
    } else if (inA) outA.push([key, canonicalize(entriesA.get(key))]);
    else outB.push([key, canonicalize(entriesB.get(key))]);
  }
  if (outA.length === 0 && outB.length === 0) return null;
  // Built as canonicalize builds a map's object: own properties, in canonical order.
  return [Object.fromEntries(outA), Object.fromEntries(outB)];
}
