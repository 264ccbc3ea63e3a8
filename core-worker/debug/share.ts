/**
 * Structural sharing between consecutive checkpoints of the debugger's
 * timeline. A checkpoint's small projections are copies (the folds write them
 * in place), so two checkpoints a few thousand events apart hold a thousand
 * channel records, unread entries and typing maps each, nearly all the same.
 * Before a state becomes a checkpoint, whatever in it holds the same data as
 * the checkpoint before is replaced by that checkpoint's object, so only what
 * changed costs memory. Message stores are shared already (copy on write); a
 * store copied for a reaction keeps its order as it was, so its order array is
 * shared the same way.
 *
 * Safe because checkpoints are never folded into: a seek or the build folds
 * into copies (`cloneProjections`), which copy whatever the folds write and
 * share only what they replace rather than change.
 */
import type { Projections } from '../../projections/fold';
import type { MessageStore } from '../../projections/messages';
import { OverlayMap, OverlaySet } from './overlay-map';

const isPlainRecord = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

const isPlainMap = (v: unknown): v is Map<unknown, unknown> => v instanceof Map && !(v instanceof OverlayMap);
const isPlainSet = (v: unknown): v is Set<unknown> => v instanceof Set && !(v instanceof OverlaySet);

/** Whether two values hold the same data the same way: identical, or containers of the same keys in the same order holding the same values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isPlainRecord(a) && isPlainRecord(b)) {
    const keys = Object.keys(a);
    const other = Object.keys(b);
    if (keys.length !== other.length) return false;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== other[i] || !same(a[keys[i]!], b[keys[i]!])) return false;
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => same(item, b[i]));
  if ((isPlainMap(a) && isPlainMap(b)) || (isPlainSet(a) && isPlainSet(b))) {
    if (a.size !== b.size) return false;
    const other = b.entries();
    for (const [key, value] of a.entries()) {
      const [otherKey, otherValue] = other.next().value as [unknown, unknown];
      if (key !== otherKey || !same(value, otherValue)) return false;
    }
    return true;
  }
  return false;
}

/**
 * `previous` if `next` holds the same data, else `next` — whose Map values are replaced, in place, by
 * those of `previous` that hold the same data. Only Maps are changed: a Map that is not `previous`'s
 * own is a copy a clone made, or one a fold built, while a record or array may be an event's own.
 */
export function shareWith<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  if (!isPlainMap(previous) || !isPlainMap(next)) return same(previous, next) ? (previous as T) : next;
  let whole = previous.size === next.size;
  const old = whole ? previous.entries() : null;
  for (const [key, value] of next) {
    const before = previous.get(key);
    const shared = before === undefined && !previous.has(key) ? value : shareWith(before, value);
    if (shared !== value) next.set(key, shared);
    if (whole) {
      const [oldKey, oldValue] = old!.next().value as [unknown, unknown];
      whole = oldKey === key && oldValue === shared;
    }
  }
  return whole ? (previous as T) : next;
}

/**
 * Makes `next`, about to become a checkpoint, share with `previous`, the checkpoint before it in the same
 * segment: the small projections' unchanged parts, and the order arrays of message stores copied since
 * without a change to their order. Each projection's own object is kept (an index kept beside a state,
 * such as typing's expiry queue, is keyed by it).
 */
export function shareUnchanged(previous: Projections, next: Projections): void {
  for (const key of Object.keys(next) as (keyof Projections)[]) {
    if (key === 'messages' || key === 'seq') continue;
    const state = next[key] as unknown as Record<string, unknown>;
    const before = previous[key] as unknown as Record<string, unknown>;
    if (!isPlainRecord(state) || !isPlainRecord(before)) continue;
    for (const field of Object.keys(state)) if (Object.hasOwn(before, field)) state[field] = shareWith(before[field], state[field]);
  }
  const stores = previous.messages.byAddress;
  for (const [address, store] of next.messages.byAddress) {
    const before = stores.get(address);
    if (!before || before === store || before.order === store.order || before.order.length !== store.order.length) continue;
    if (store.order.every((guid, i) => guid === before.order[i])) store.order = before.order;
  }
}

/** Whether two message stores hold the same: their fields, their order array, and identical messages. */
function sameStore(a: MessageStore, b: MessageStore): boolean {
  if (a.page !== b.page || a.page_size !== b.page_size || a.isComplete !== b.isComplete || a.order !== b.order) return false;
  if (Object.keys(a).length !== Object.keys(b).length || a.byGuid.size !== b.byGuid.size) return false;
  for (const [guid, message] of b.byGuid) if (a.byGuid.get(guid) !== message) return false;
  return true;
}

/**
 * After a `log.snapshot` rebuilt every projection from the data it carries (a compaction, or a reload),
 * makes the rebuilt state `next` share what it holds the same as `previous`, the state the segment
 * before ended with, which is usually what the snapshot was taken of: the small projections and order
 * arrays as shareUnchanged does, each message equal to the one held before, whole stores, the tombstones.
 * Without it every compaction in a session would cost a whole state's worth of checkpoint.
 */
export function shareRestored(previous: Projections, next: Projections): void {
  shareUnchanged(previous, next);
  const stores = previous.messages.byAddress;
  for (const [address, store] of next.messages.byAddress) {
    const before = stores.get(address);
    if (!before || before === store) continue;
    if (isPlainMap(store.byGuid)) {
      for (const [guid, message] of store.byGuid) {
        const held = before.byGuid.get(guid);
        if (held !== undefined && held !== message && same(held, message)) store.byGuid.set(guid, held);
      }
    }
    if (sameStore(before, store)) next.messages.byAddress.set(address, before);
  }
  const { deleted } = next.messages;
  const was = previous.messages.deleted;
  if (deleted !== was && deleted.size === was.size && [...deleted].every((guid) => was.has(guid))) next.messages.deleted = was;
}
