/**
 * Projection snapshots: every projection as plain JSON-safe data, and back.
 * A snapshot at seq N lets the log drop its first N events (compaction) and a
 * cold start fold only the tail. It travels as a `log.snapshot` event, so a
 * log that starts with one folds exactly like the full log did — the property
 * tests/projections/snapshot.test.ts proves for random logs.
 *
 * The encoding is generic — Maps and Sets become tagged arrays, everything
 * else is copied as it is — so a projection added later is in the snapshot
 * without anyone remembering to add it; only derived indexes kept outside the
 * state (typing's expiry queue) are rebuilt after a restore. Both directions
 * copy: folding on after a snapshot never changes the snapshot, and a restored
 * state shares nothing with the envelope it came from.
 */
import type { SnapshotPayload } from '../protocol/events';
import type { Projections } from './fold';
import { indexTyping } from './typing';

/** Bump when the encoding changes (LOG_SCHEMA_VERSION too: stored snapshots are then dropped). */
export const SNAPSHOT_VERSION = 2;

type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

const MAP = '$map';
const SET = '$set';

function encode(value: unknown): Encoded {
  if (value === null || typeof value !== 'object') return value as Encoded;
  if (Array.isArray(value)) return value.map(encode);
  if (value instanceof Map) {
    const entries: Encoded[] = [];
    for (const [k, v] of value) entries.push([encode(k), encode(v)]);
    return { [MAP]: entries };
  }
  if (value instanceof Set) return { [SET]: [...value].map(encode) };
  const out: { [key: string]: Encoded } = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = encode(v);
  }
  return out;
}

function decode(value: Encoded): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decode);
  const map = value[MAP];
  if (map !== undefined && Object.keys(value).length === 1) return new Map((map as Encoded[][]).map(([k, v]) => [decode(k!), decode(v!)]));
  const set = value[SET];
  if (set !== undefined && Object.keys(value).length === 1) return new Set((set as Encoded[]).map(decode));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = decode(value[key]!);
  return out;
}

/** The projections as data. Maps keep their iteration order, which restoring keeps. */
export function snapshotOf(p: Projections): SnapshotPayload {
  return { v: SNAPSHOT_VERSION, data: encode(p) };
}

/** Whether a payload is one this build can restore. */
export function isRestorable(payload: SnapshotPayload): boolean {
  return payload.v === SNAPSHOT_VERSION && typeof payload.data === 'object' && payload.data !== null;
}

/** Fresh projections equal to the ones the snapshot was taken of. */
export function restoreSnapshot(payload: SnapshotPayload): Projections {
  const p = decode(payload.data as Encoded) as Projections;
  indexTyping(p.typing);
  return p;
}
