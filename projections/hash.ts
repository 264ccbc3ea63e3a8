/**
 * Stable hashes of projection state: FNV-1a (64-bit, as two 32-bit lanes) over
 * canonical JSON. Synchronous and dependency-free, so the browser, Node and the
 * replay CLI compute the same value for the same state.
 */
import { canonicalize } from './canonical';
import type { Projections } from './fold';

/** FNV-1a 64 of a string's UTF-16 code units, as 16 hex digits. */
export function fnv1a64(text: string): string {
  // 64-bit FNV prime 0x100000001b3 and offset basis 0xcbf29ce484222325, split into 32-bit halves.
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  for (let i = 0; i < text.length; i++) {
    lo = (lo ^ text.charCodeAt(i)) >>> 0;
    // (hi,lo) *= 0x100000001b3 = 2^40 + 0x1b3, i.e. (hi,lo) * 0x1b3 + (lo << 40), modulo 2^64.
    const loMul = lo * 0x1b3;
    const carry = Math.floor(loMul / 0x100000000);
    hi = (Math.imul(hi, 0x1b3) + carry + (lo << 8)) >>> 0;
    lo = loMul >>> 0;
  }
  return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
}

export const PROJECTION_NAMES = ['session', 'channels', 'unread', 'messages', 'typing', 'connection', 'folders', 'teams', 'threads', 'flagged', 'reading', 'messageSettings', 'outbox', 'preferences'] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

/** The canonical JSON of one projection. */
export function projectionJson(p: Projections, name: ProjectionName): string {
  return JSON.stringify(canonicalize(p[name]));
}

/** One hash per projection, and one over all of them. */
export function projectionHashes(p: Projections): { all: string; each: Record<ProjectionName, string> } {
  const each = {} as Record<ProjectionName, string>;
  for (const name of PROJECTION_NAMES) each[name] = fnv1a64(projectionJson(p, name));
  return { all: fnv1a64(PROJECTION_NAMES.map((n) => each[n]).join(':')), each };
}
