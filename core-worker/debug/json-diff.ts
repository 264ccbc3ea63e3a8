/** A structural diff of two canonical JSON values (objects, arrays, scalars), as a list of path changes. */
import { canonicalize, canonicalKeyOrder } from '../../projections/canonical';
import type { JsonChange } from '../../protocol/debug-api';
import { clip } from './describe';
import { canonicalItems } from './overlay-map';

const text = (v: unknown): string => clip(JSON.stringify(v) ?? 'undefined', 400);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const child = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** Changes from `a` to `b`, at most `limit`; `truncated` says more were found. */
export function diffJson(a: unknown, b: unknown, limit = 200): { changes: JsonChange[]; truncated: boolean } {
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
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (a[key] !== b[key] || !Object.hasOwn(b, key)) return false;
  return true;
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
  for (const key of m.keys()) if (typeof key !== 'string') return false;
  return true;
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
  if (a instanceof Set && b instanceof Set) {
    // Tombstones are tens of thousands of guids: sorted by merging what the overlays changed, not whole.
    const ca = canonicalItems(a);
    const cb = canonicalItems(b);
    return ca.length === cb.length && ca.every((item, i) => item === cb[i]) ? null : [ca, cb];
  }
  if (!entriesA || !entriesB) {
    const ca = canonicalize(a);
    const cb = canonicalize(b);
    return JSON.stringify(ca) === JSON.stringify(cb) ? null : [ca, cb];
  }
  // The keys whose values may differ: on one side only, or not plainly the same.
  const differing: string[] = [];
  for (const [key, value] of entriesA) if (!entriesB.has(key) || !plainlySame(value, entriesB.get(key))) differing.push(key);
  for (const key of entriesB.keys()) if (!entriesA.has(key)) differing.push(key);
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
