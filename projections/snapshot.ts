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
 * state (typing's expiry queue) are rebuilt after a restore. Folding on after a
 * snapshot never changes the snapshot: taking one copies everything but the
 * messages, which are values and are shared; a restored state shares nothing
 * with the envelope it came from.
 */
import type { SnapshotPayload } from '../protocol/events';
import type { Projections } from './fold';
import type { MessagesState, MessageStore } from './messages';
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

/**
 * A message store with its messages shared, not copied. Messages are values — folds replace them, never
 * change them (tests/projections/clone.test.ts holds every fold to that) — so the snapshot stays what it
 * was however the state folds on, as a copy would. A heavy user's snapshot is mostly messages (~20,000
 * of them at the cache bound): copying each one made a compaction cost ~100 ms of the worker's time.
 * The result's JSON is exactly the copy's: JSON leaves out the undefined members the copy drops, and
 * keeps the keys in the same order (tests/projections/snapshot.test.ts).
 */
function encodeStore(store: MessageStore): Encoded {
  const out: { [key: string]: Encoded } = {};
  for (const key of Object.keys(store) as (keyof MessageStore)[]) {
    const v = store[key];
    if (v === undefined) continue;
    if (key === 'byGuid') {
      const entries: Encoded[] = [];
      for (const [guid, message] of store.byGuid) entries.push([guid, message as unknown as Encoded]);
      out[key] = { [MAP]: entries };
    } else out[key] = encode(v);
  }
  return out;
}

/** The messages projection: its stores as encodeStore writes them, the rest as encode does. */
function encodeMessages(state: MessagesState): Encoded {
  const out: { [key: string]: Encoded } = {};
  for (const key of Object.keys(state) as (keyof MessagesState)[]) {
    const v = state[key];
    if (v === undefined) continue;
    if (key === 'byAddress') {
      const entries: Encoded[] = [];
      for (const [address, store] of state.byAddress) entries.push([address, encodeStore(store)]);
      out[key] = { [MAP]: entries };
    } else out[key] = encode(v);
  }
  return out;
}

/** The projections as data. Maps keep their iteration order, which restoring keeps. */
export function snapshotOf(p: Projections): SnapshotPayload {
  const data: { [key: string]: Encoded } = {};
  for (const key of Object.keys(p) as (keyof Projections)[]) {
    const v = p[key];
    if (v === undefined) continue;
    data[key] = key === 'messages' ? encodeMessages(v as MessagesState) : encode(v);
  }
  return { v: SNAPSHOT_VERSION, data };
}

/** The projections copied whole, messages included: what snapshotOf's JSON must equal (tests). */
export function copiedSnapshotOf(p: Projections): SnapshotPayload {
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
