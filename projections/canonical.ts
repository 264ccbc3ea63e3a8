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
