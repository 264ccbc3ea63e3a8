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

/** The text written so far, and where it must stop. */
interface TextOut {
  text: string;
  limit: number;
}

/** Indentation by depth, built once per depth. */
const INDENTS: string[] = [''];
const indentAt = (depth: number): string => (INDENTS[depth] ??= `${indentAt(depth - 1)}  `);

function put(out: TextOut, s: string): void {
  out.text += s;
  if (out.text.length > out.limit) throw new Full();
}

/** One `"key": value` pair (or array item, key null) after `first` others, as JSON.stringify indents them. */
function putItem(out: TextOut, first: boolean, key: string | null, item: unknown, depth: number): void {
  put(out, `${first ? '' : ','}\n${indentAt(depth + 1)}${key === null ? '' : `${JSON.stringify(key)}: `}`);
  if (key === null && omitted(item)) put(out, 'null');
  else putValue(out, item, depth + 1);
}

function putValue(out: TextOut, v: unknown, depth: number): void {
  if (v instanceof Map) {
    for (const k of v.keys()) if (typeof k !== 'string') return put(out, JSON.stringify(canonicalize(v), null, 2).replace(/\n/g, `\n${indentAt(depth)}`));
    put(out, '{');
    let first = true;
    for (const key of canonicalKeyOrder([...(v.keys() as Iterable<string>)])) {
      const entry: unknown = v.get(key);
      if (omitted(entry)) continue;
      putItem(out, first, key, entry, depth);
      first = false;
    }
    return put(out, first ? '}' : `\n${indentAt(depth)}}`);
  }
  if (v instanceof Set) return putValue(out, [...v].map(String).sort(), depth);
  if (Array.isArray(v)) {
    put(out, '[');
    for (let i = 0; i < v.length; i++) putItem(out, i === 0, null, v[i], depth);
    return put(out, v.length === 0 ? ']' : `\n${indentAt(depth)}]`);
  }
  if (v !== null && typeof v === 'object') {
    const record = v as Record<string, unknown>;
    put(out, '{');
    let first = true;
    // canonicalize copies a plain object by assignment, so an own "__proto__" key does not survive it.
    for (const key of canonicalKeyOrder(Object.keys(record).filter((k) => k !== '__proto__'))) {
      if (omitted(record[key])) continue;
      putItem(out, first, key, record[key], depth);
      first = false;
    }
    return put(out, first ? '}' : `\n${indentAt(depth)}}`);
  }
  put(out, JSON.stringify(v) ?? 'null');
}

/**
 * `JSON.stringify(canonicalize(value), null, 2)` cut at about `limit` characters, without building
 * the rest: a heavy user's messages projection is tens of megabytes of it, and a screen shows a page.
 * Written into one string as it goes (no closures or arrays of pieces per value: the debugger asks for
 * it on every seek).
 */
export function canonicalText(value: unknown, limit: number): { text: string; truncated: boolean } {
  const out: TextOut = { text: '', limit };
  try {
    putValue(out, value, 0);
    return { text: out.text, truncated: false };
  } catch (error) {
    if (!(error instanceof Full)) throw error;
    return { text: out.text.slice(0, limit), truncated: true };
  }
}
