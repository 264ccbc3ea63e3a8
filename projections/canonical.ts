/**
 * A canonical, JSON-ready form of the projections: maps become objects with
 * sorted keys, so two states are equal exactly when their canonical JSON is.
 * Used to prove incremental folding equals rebuilding, and (later) to hash
 * replayed sessions.
 */
import type { Projections } from './fold';

export function canonicalize(value: unknown): unknown {
  if (value instanceof Map) {
    const entries = [...value.entries()].map(([k, v]) => [String(k), canonicalize(v)] as const);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  }
  if (value instanceof Set) return [...value].map(String).sort();
  if (Array.isArray(value)) return value.map(canonicalize);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = canonicalize(v);
    }
    return out;
  }
  return value;
}

/** Canonical JSON of every projection, keyed by projection name. */
export function canonicalJson(p: Projections): string {
  return JSON.stringify(canonicalize(p));
}

/** A key JSON.stringify puts first, in numeric order: an array index ("0" … "4294967294", no leading zeros). */
const isIndex = (key: string): boolean => /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;

/**
 * Keys in the order `JSON.stringify(canonicalize(v))` emits them: canonicalize inserts them sorted,
 * and an object lists array-index keys first, in numeric order. Sorts `keys` in place.
 */
export function canonicalKeyOrder(keys: string[]): string[] {
  keys.sort();
  if (!keys.some(isIndex)) return keys;
  const indexes = keys.filter(isIndex).sort((a, b) => Number(a) - Number(b));
  return [...indexes, ...keys.filter((k) => !isIndex(k))];
}

const omitted = (v: unknown): boolean => v === undefined || typeof v === 'function' || typeof v === 'symbol';

class Full extends Error {}

/**
 * `JSON.stringify(canonicalize(value), null, 2)` cut at about `limit` characters, without building
 * the rest: a heavy user's messages projection is tens of megabytes of it, and a screen shows a page.
 */
export function canonicalText(value: unknown, limit: number): { text: string; truncated: boolean } {
  const out: string[] = [];
  let length = 0;
  const put = (s: string): void => {
    out.push(s);
    length += s.length;
    if (length > limit) throw new Full();
  };
  /** Writes `"key": value` pairs (or array items) between the brackets, as JSON.stringify's indenting does. */
  const block = (open: string, close: string, items: [string | null, unknown][], indent: string): void => {
    const shown = items.filter(([key, v]) => key === null || !omitted(v));
    if (shown.length === 0) return put(open + close);
    const inner = `${indent}  `;
    put(open);
    shown.forEach(([key, v], i) => {
      put(`${i > 0 ? ',' : ''}\n${inner}${key === null ? '' : `${JSON.stringify(key)}: `}`);
      if (key === null && omitted(v)) put('null');
      else walk(v, inner);
    });
    put(`\n${indent}${close}`);
  };
  const walk = (v: unknown, indent: string): void => {
    if (v instanceof Map) {
      if ([...v.keys()].some((k) => typeof k !== 'string')) return put(JSON.stringify(canonicalize(v), null, 2).replace(/\n/g, `\n${indent}`));
      const keys = canonicalKeyOrder([...(v.keys() as Iterable<string>)]);
      return block('{', '}', keys.map((k) => [k, v.get(k)]), indent);
    }
    if (v instanceof Set) return walk([...v].map(String).sort(), indent);
    if (Array.isArray(v)) return block('[', ']', v.map((item: unknown) => [null, item]), indent);
    if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      // canonicalize copies a plain object by assignment, so an own "__proto__" key does not survive it.
      const keys = canonicalKeyOrder(Object.keys(record).filter((k) => k !== '__proto__'));
      return block('{', '}', keys.map((k) => [k, record[k]]), indent);
    }
    put(JSON.stringify(canonicalize(v)) ?? 'null');
  };
  try {
    walk(value, '');
    return { text: out.join(''), truncated: false };
  } catch (error) {
    if (!(error instanceof Full)) throw error;
    return { text: out.join('').slice(0, limit), truncated: true };
  }
}
