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
 * wire entities (messages, channels), which are values and are shared; a
 * restored state shares nothing with the envelope it came from.
 */
import type { SnapshotPayload } from '../protocol/events';
import type { Projections } from './fold';
import type { ChannelRecord, ChannelsState } from './channels';
import type { MessagesState, MessageStore } from './messages';
import { indexTyping } from './typing';

/**
 * The encoding written. Version 3 writes a Map as one flat array of keys and values (`{"$map": [k1, v1,
 * k2, v2, …]}`); version 2 wrote an array per entry (`[[k1, v1], …]`), which for a heavy user's state
 * was ~40,000 small arrays per snapshot, each kept (and so copied by the collector) until the next one.
 * Both are restored, so logs stored and sessions recorded before keep their snapshots. Bump when the
 * encoding changes; drop a version from RESTORABLE only with LOG_SCHEMA_VERSION (stored snapshots are
 * then dropped).
 */
export const SNAPSHOT_VERSION = 3;
const RESTORABLE = new Set([2, 3]);

type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded };

const MAP = '$map';
const SET = '$set';

/** encode, with a primitive (most members of the arrays, Maps and Sets walked: guids, counts) written without a call. */
const encoded = (value: unknown): Encoded => (value === null || typeof value !== 'object' ? (value as Encoded) : encode(value));

function encode(value: unknown): Encoded {
  if (value === null || typeof value !== 'object') return value as Encoded;
  if (Array.isArray(value)) {
    // Plain loops, and forEach over Maps (no entry array per item): a snapshot walks tens of thousands.
    const out: Encoded[] = new Array<Encoded>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = encoded(value[i]);
    return out;
  }
  if (value instanceof Map) {
    // Made at its size: pushed, a map of thousands grew its array a dozen times, each a copy.
    const entries: Encoded[] = new Array<Encoded>(value.size * 2);
    let at = 0;
    value.forEach((v: unknown, k: unknown) => {
      entries[at++] = encoded(k);
      entries[at++] = encoded(v);
    });
    return { [MAP]: entries };
  }
  if (value instanceof Set) {
    // A message tombstone set holds tens of thousands of guids: copied by the runtime in one go (Array.from of a
    // Set is a builtin's loop; a callback per member cost ~4x), then any object among them encoded in place.
    const items = Array.from(value as Set<Encoded>);
    for (let i = 0; i < items.length; i++) {
      const v = items[i];
      if (v !== null && typeof v === 'object') items[i] = encode(v);
    }
    return { [SET]: items };
  }
  const out: { [key: string]: Encoded } = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = encode(v);
  }
  return out;
}

/** Decodes a snapshot's data; `pairs`: Maps as version 2 wrote them. */
function decode(value: Encoded, pairs: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => decode(item, pairs));
  const map = value[MAP];
  if (map !== undefined && Object.keys(value).length === 1) {
    const entries = map as Encoded[];
    const out = new Map<unknown, unknown>();
    if (pairs) for (const [k, v] of entries as Encoded[][]) out.set(decode(k!, pairs), decode(v!, pairs));
    else for (let i = 0; i + 1 < entries.length; i += 2) out.set(decode(entries[i]!, pairs), decode(entries[i + 1]!, pairs));
    return out;
  }
  const set = value[SET];
  if (set !== undefined && Object.keys(value).length === 1) return new Set((set as Encoded[]).map((item) => decode(item, pairs)));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = decode(value[key]!, pairs);
  return out;
}

/**
 * Wire entities — messages and channels — are values: folds replace them, never change them
 * (tests/projections/clone.test.ts holds every fold to that). A snapshot shares them instead of copying
 * them, and stays what it was however the state folds on, as a copy would. A heavy user's snapshot is
 * mostly such values (~20,000 cached messages, thousands of conversations with their last message):
 * copying each one made a compaction cost ~100 ms of the worker's time. Since they hold only JSON data,
 * the snapshot's JSON is exactly the copy's: JSON leaves out the undefined members the copy drops and
 * keeps the keys in the same order (tests/projections/snapshot.test.ts).
 */
const shareValue = (value: unknown): Encoded => value as Encoded;

/** An object's members as encode writes them, except those named in `own`, written by their own function. */
function encodeObject<T extends object>(value: T, own: { [K in keyof T]?: (v: T[K]) => Encoded }): Encoded {
  const out: { [key: string]: Encoded } = {};
  for (const key of Object.keys(value) as (keyof T & string)[]) {
    const v = value[key];
    if (v === undefined) continue;
    const write = own[key];
    out[key] = write ? write(v) : encode(v);
  }
  return out;
}

/** A Map as encode writes it, each value written by `write`, or shared as it is (shareValue) without a call per value: stores hold ~100 messages each. */
function encodeMap<V>(map: Map<string, V>, write?: (v: V) => Encoded): Encoded {
  const entries: Encoded[] = new Array<Encoded>(map.size * 2);
  let at = 0;
  map.forEach((v, key) => {
    entries[at++] = key;
    entries[at++] = write ? write(v) : (v as Encoded);
  });
  return { [MAP]: entries };
}

/**
 * A store's display order — guids, which encode copies as they are — copied by the runtime (slice), checked to
 * hold only strings; anything else (a hole, a hostile file's restored value) is encoded as encode does.
 */
function encodeGuids(order: readonly string[]): Encoded {
  const copy: unknown[] = order.slice();
  for (let i = 0; i < copy.length; i++) if (typeof copy[i] !== 'string') return encode(order);
  return copy as Encoded;
}

// Made once: written inline, each store and each channel record made its own table and closure at every snapshot.
const STORE_MEMBERS: { [K in keyof MessageStore]?: (v: MessageStore[K]) => Encoded } = { byGuid: (byGuid) => encodeMap(byGuid), order: encodeGuids };
const RECORD_MEMBERS: { [K in keyof ChannelRecord]?: (v: ChannelRecord[K]) => Encoded } = { channel: shareValue, lastMessage: shareValue };
const encodeStore = (store: MessageStore): Encoded => encodeObject(store, STORE_MEMBERS);
const encodeRecord = (record: ChannelRecord): Encoded => encodeObject(record, RECORD_MEMBERS);

/** The projections whose values are shared, each written by its own function; the others are copied whole by encode. */
const SHARING: { [K in keyof Projections]?: (state: Projections[K]) => Encoded } = {
  messages: (state: MessagesState) => encodeObject(state, { byAddress: (byAddress) => encodeMap(byAddress, encodeStore) }),
  channels: (state: ChannelsState) => encodeObject(state, { byAddress: (byAddress) => encodeMap(byAddress, encodeRecord) }),
};

/** The projections as data. Maps keep their iteration order, which restoring keeps. */
export function snapshotOf(p: Projections): SnapshotPayload {
  return { v: SNAPSHOT_VERSION, data: encodeObject(p, SHARING as { [K in keyof Projections]?: (v: Projections[K]) => Encoded }) };
}

/** The projections copied whole, values included: what snapshotOf's JSON must equal (tests). */
export function copiedSnapshotOf(p: Projections): SnapshotPayload {
  return { v: SNAPSHOT_VERSION, data: encode(p) };
}

/** Whether a payload is one this build can restore. */
export function isRestorable(payload: SnapshotPayload): boolean {
  return RESTORABLE.has(payload.v) && typeof payload.data === 'object' && payload.data !== null;
}

/** Fresh projections equal to the ones the snapshot was taken of. */
export function restoreSnapshot(payload: SnapshotPayload): Projections {
  const p = decode(payload.data as Encoded, payload.v === 2) as Projections;
  indexTyping(p.typing);
  return p;
}
