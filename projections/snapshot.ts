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
import { indexTyping, type Typist, type TypingState } from './typing';
import type { UnreadEntry, UnreadState } from './unread';

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

/**
 * Whether `value` is a plain object whose keys are exactly `keys`, in that order: the shape its fold makes, which
 * encode would copy key by key. Checked without making an array (for-in over objects of one shape reads a list
 * the runtime keeps for it); a key inherited or added (a hostile file's restored state) fails it.
 */
function shaped(value: object, keys: readonly string[]): boolean {
  if (Object.getPrototypeOf(value) !== Object.prototype) return false;
  let i = 0;
  for (const key in value) if (key !== keys[i++]) return false;
  return i === keys.length;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';

// The records a heavy user's state holds by the thousand (a conversation's record, unread entry and typists), written
// as encode writes them, field by field, when they have the shape their fold makes: encode's walk — a list of keys
// and a generic store per member — cost a snapshot several times as much. Any other shape is encode's.
const RECORD_KEYS = ['channel', 'lastMessage'] as const;
const UNREAD_KEYS = ['count', 'mentions', 'bookmark', 'countedThrough'] as const;
const BOOKMARK_KEYS = ['guid', 'created'] as const;
const TYPIST_KEYS = ['name', 'expiresAt'] as const;

/** A channel record, its channel and last message shared (shareValue). */
function encodeRecord(record: ChannelRecord): Encoded {
  const { channel, lastMessage } = record;
  if (channel !== undefined && lastMessage !== undefined && shaped(record, RECORD_KEYS)) return { channel: channel as unknown as Encoded, lastMessage: lastMessage as unknown as Encoded };
  return encodeObject(record, RECORD_MEMBERS);
}

function encodeUnreadEntry(entry: UnreadEntry): Encoded {
  const { count, mentions, bookmark, countedThrough } = entry;
  if (isNumber(count) && isNumber(mentions) && isNumber(countedThrough) && shaped(entry, UNREAD_KEYS)) {
    if (bookmark === null) return { count, mentions, bookmark: null, countedThrough };
    if (typeof bookmark === 'object' && typeof bookmark.guid === 'string' && isNumber(bookmark.created) && shaped(bookmark, BOOKMARK_KEYS)) {
      return { count, mentions, bookmark: { guid: bookmark.guid, created: bookmark.created }, countedThrough };
    }
  }
  return encode(entry);
}

function encodeTypist(typist: Typist): Encoded {
  const { name, expiresAt } = typist;
  return typeof name === 'string' && isNumber(expiresAt) && shaped(typist, TYPIST_KEYS) ? { name, expiresAt } : encode(typist);
}

/** A Map of records by address, each written by `write`; anything else as encode writes it. */
const mapOf =
  <V,>(write: (v: V) => Encoded) =>
  (map: Map<string, V>): Encoded =>
    map instanceof Map ? encodeMap(map, write) : encode(map);

const encodeTypists = mapOf(encodeTypist);

// Made once: written inline, each store and each channel record made its own table and closure at every snapshot.
const STORE_MEMBERS: { [K in keyof MessageStore]?: (v: MessageStore[K]) => Encoded } = { byGuid: (byGuid) => encodeMap(byGuid), order: encodeGuids };
const RECORD_MEMBERS: { [K in keyof ChannelRecord]?: (v: ChannelRecord[K]) => Encoded } = { channel: shareValue, lastMessage: shareValue };
const encodeStore = (store: MessageStore): Encoded => encodeObject(store, STORE_MEMBERS);
const MESSAGES_MEMBERS: { [K in keyof MessagesState]?: (v: MessagesState[K]) => Encoded } = { byAddress: mapOf(encodeStore) };
const CHANNELS_MEMBERS: { [K in keyof ChannelsState]?: (v: ChannelsState[K]) => Encoded } = { byAddress: mapOf(encodeRecord) };
const UNREAD_MEMBERS: { [K in keyof UnreadState]?: (v: UnreadState[K]) => Encoded } = { byAddress: mapOf(encodeUnreadEntry) };
const TYPING_MEMBERS: { [K in keyof TypingState]?: (v: TypingState[K]) => Encoded } = { byAddress: mapOf(encodeTypists) };

/**
 * The projections written by their own functions: those whose values are shared, and those of records by the
 * thousand; the others are copied whole by encode.
 */
const SHARING: { [K in keyof Projections]?: (state: Projections[K]) => Encoded } = {
  messages: (state: MessagesState) => encodeObject(state, MESSAGES_MEMBERS),
  channels: (state: ChannelsState) => encodeObject(state, CHANNELS_MEMBERS),
  unread: (state: UnreadState) => encodeObject(state, UNREAD_MEMBERS),
  typing: (state: TypingState) => encodeObject(state, TYPING_MEMBERS),
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
