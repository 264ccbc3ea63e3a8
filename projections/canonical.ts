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
const isIndex = (key: string): boolean => {
  // Most keys (guids, names) do not start with a digit: no regex for them.
  const c = key.charCodeAt(0);
  return c >= 0x30 && c <= 0x39 && /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
};

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
  const walk = (v: unknown, indent: string): void => {
    const inner = `${indent}  `;
    let first = true;
    /** One `"key": value` pair (or array item) after the ones before it, as JSON.stringify indents them. */
    const item = (key: string | null, item: unknown): void => {
      put(`${first ? '' : ','}\n${inner}${key === null ? '' : `${JSON.stringify(key)}: `}`);
      first = false;
      if (key === null && omitted(item)) put('null');
      else walk(item, inner);
    };
    if (v instanceof Map) {
      for (const k of v.keys()) if (typeof k !== 'string') return put(JSON.stringify(canonicalize(v), null, 2).replace(/\n/g, `\n${indent}`));
      put('{');
      for (const key of canonicalKeyOrder([...(v.keys() as Iterable<string>)])) {
        const entry: unknown = v.get(key);
        if (!omitted(entry)) item(key, entry);
      }
      return put(first ? '}' : `\n${indent}}`);
    }
    if (v instanceof Set) return walk([...v].map(String).sort(), indent);
    if (Array.isArray(v)) {
      put('[');
      for (let i = 0; i < v.length; i++) item(null, v[i]);
      return put(first ? ']' : `\n${indent}]`);
    }
    if (v !== null && typeof v === 'object') {
      const record = v as Record<string, unknown>;
      put('{');
      // canonicalize copies a plain object by assignment, so an own "__proto__" key does not survive it.
      for (const key of canonicalKeyOrder(Object.keys(record).filter((k) => k !== '__proto__'))) {
        if (!omitted(record[key])) item(key, record[key]);
      }
      return put(first ? '}' : `\n${indent}}`);
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
