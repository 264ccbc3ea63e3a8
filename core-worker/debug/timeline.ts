/**
 * The recorded event timeline of a replayed session, and fast seeking in it:
 * the state after any input is folded from the nearest checkpoint, never by
 * re-running the replay. A log reload (another user's log opened) starts a
 * new segment whose state begins empty, as the core's `openUserLog` does.
 *
 * Checkpoints share structure, so that one costs about what changed since the
 * one before. Message stores — nearly all of a heavy user's state — are copied
 * on write: a checkpoint keeps the stores as they were, and whoever folds on
 * from it copies a store only before an event writes it (`storesWrittenBy`),
 * and then only its order array and an overlay on its guid map (writableMap,
 * overlay-map.ts). Message objects are shared everywhere (folds replace them,
 * never mutate them); the small projections are copied per checkpoint, and
 * what in them is unchanged is then shared with the checkpoint before (share.ts).
 */
import { createChangeSet, type ChangeSet } from '../../projections/changes';
import { applyEnvelope, cloneProjections, createProjections, type Projections } from '../../projections/fold';
import { storesWrittenBy, writesTombstones, type MessageStore } from '../../projections/messages';
import type { Envelope } from '../../protocol/events';
import { OverlayMap, OverlaySet, presort } from './overlay-map';
import { shareRestored, shareUnchanged } from './share';

export interface TimelineSource {
  /** Every event appended during the replay, in order (a reloaded log's events appear again, after its reset). */
  events: readonly Envelope[];
  /** For each event, the 1-based input whose handling appended it; non-decreasing. */
  inputOf: ArrayLike<number>;
  /** Log reloads: from event index `event` on, after input `input`, the state starts from empty. */
  resets: readonly { event: number; input: number }[];
}

interface Checkpoint {
  /** Events folded into `p` (a timeline index). */
  at: number;
  segment: number;
  /** Never folded again: its message stores may be shared with later checkpoints and working states. */
  p: Projections;
}

/** A state being folded forward, with the message stores it may write in place (its own copies). */
interface Working {
  at: number;
  segment: number;
  p: Projections;
  owned: Set<MessageStore>;
  /** Whether the tombstones (`messages.deleted`) are this state's own to add to. */
  ownsTombstones: boolean;
  /** A seek's throwaway state, not the build's (see copyForWrite). */
  seeking: boolean;
}

/** The state just before an input's events, for comparing with the state after them. */
export interface Before {
  /** Copies of the small projections as they were. */
  p: Omit<Projections, 'messages'>;
  /** The message stores as they were, by address (shared: the fold copies any store it writes). */
  stores: ReadonlyMap<string, MessageStore>;
  /** The tombstones as they were (shared likewise). */
  deleted: ReadonlySet<string>;
  /** The messages' catch-up cursor as it was. */
  cursor: number | null;
  /** The fold started from empty (a log reload) rather than from the state before. */
  reset: boolean;
}

export interface Timeline {
  readonly source: TimelineSource;
  readonly checkpointEvery: number;
  readonly checkpoints: number;
  /** How many events are in the timeline up to and including input `position`. */
  eventsUpTo(position: number): number;
  /** The projections after input `position`. Read-only: the object is reused by the next call. */
  at(position: number): Projections;
  /**
   * The projections after input `position`, and the state just before that input's events (null at
   * position 0, and after an input that appended none: nothing changed). Read-only, like `at`; comparing
   * the two is cheap because the message stores the input did not write are the same objects in both.
   */
  step(position: number): { p: Projections; before: Before | null; folded: number };
  /** The projections after input `position`, in a state of their own: later calls leave it as it is (a save hashes it in slices while seeks go on). */
  detached(position: number): Projections;
}

/** First index in `sorted` whose value is greater than `value` (upper bound). */
export function upperBound(sorted: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Entries a checkpoint's top overlay on a guid map may hold before the build merges it into the level below. */
const TOP_ENTRIES = 16;
/** A seek copies an overlay of up to this many entries rather than merging it with the levels below. */
const SEEK_FORK_ENTRIES = 256;

/**
 * A guid map the working state may write, sharing the one it had. Checkpoints hold overlays at most two
 * levels deep over a plain map: a small top level, copied at each checkpoint (up to TOP_ENTRIES and what
 * one interval wrote), over a middle level that several checkpoints share, merged with the top only when
 * the top outgrows TOP_ENTRIES and flattened into a new plain map only when it holds a good part of it
 * (OverlayMap.collapse). A checkpoint thus holds about what changed since the one before, and a read asks
 * three maps at most. A seek layers over a one-level overlay without copying anything, and copies the top
 * of a two-level one (so it reads three maps at most too).
 */
function writableMap<V>(map: Map<string, V>, seeking: boolean): Map<string, V> {
  if (!(map instanceof OverlayMap)) return new OverlayMap(map);
  if (seeking) return map.depth === 1 ? map.layer() : map.ownSize <= SEEK_FORK_ENTRIES ? map.fork() : map.collapse();
  if (map.ownSize <= TOP_ENTRIES) return map.fork();
  if (map.depth === 1) return map.layer();
  const merged = map.collapse();
  return merged.ownSize === 0 ? merged : merged.layer();
}

/** A store the working state may write: its order array copied (a plain array of guids: cheap), its guid map as writableMap makes it. */
function copyForWrite(store: MessageStore, seeking: boolean): MessageStore {
  return { ...store, byGuid: writableMap(store.byGuid, seeking), order: store.order.slice() };
}

/** The tombstones the working state may add to: an overlay on the shared set, as copyForWrite does for guid maps. */
function tombstonesForWrite(deleted: Set<string>, seeking: boolean): Set<string> {
  return !(deleted instanceof OverlaySet) ? new OverlaySet(deleted) : seeking && deleted.depth === 1 ? deleted.layer() : deleted.fork();
}

/**
 * Gives the working state plain maps again: each message store's guid map and the tombstones, flattened
 * out of their overlays. Done at a compaction, where the state used to be rebuilt from the snapshot (plain
 * maps then too): without it, overlays over overlays built up across the whole session made reading a
 * heavy user's message stores (a seek showing the messages projection) half again as slow.
 */
function flatten(w: Working): void {
  const stores = w.p.messages.byAddress;
  for (const [address, store] of stores) {
    if (!(store.byGuid instanceof OverlayMap)) continue;
    const plain: MessageStore = { ...store, byGuid: new Map(store.byGuid), order: store.order.slice() };
    stores.set(address, plain);
    w.owned.add(plain);
  }
  if (w.p.messages.deleted instanceof OverlaySet) {
    w.p.messages.deleted = new Set(w.p.messages.deleted);
    w.ownsTombstones = true;
  }
}

/** Folds one event into a working state, first copying what it writes that the state does not own. */
function foldInto(w: Working, envelope: Envelope, changes: ChangeSet): void {
  if (!w.ownsTombstones && writesTombstones(envelope.event)) {
    w.p.messages.deleted = tombstonesForWrite(w.p.messages.deleted, w.seeking);
    w.ownsTombstones = true;
  }
  const stores = w.p.messages.byAddress;
  /** Addresses without a store yet: one the event creates is the working state's own too. */
  let created: string[] | null = null;
  for (const address of storesWrittenBy(envelope.event)) {
    const store = stores.get(address);
    if (!store) (created ??= []).push(address);
    else if (!w.owned.has(store)) {
      const copy = copyForWrite(store, w.seeking);
      w.owned.add(copy);
      stores.set(address, copy);
    }
  }
  applyEnvelope(w.p, envelope, changes);
  if (created) {
    for (const address of created) {
      const store = stores.get(address);
      if (store) w.owned.add(store);
    }
  }
}

/** A working state starting from a checkpoint: small projections copied, stores shared until written. */
const fromCheckpoint = (c: Checkpoint, seeking: boolean): Working => ({ at: c.at, segment: c.segment, p: cloneProjections(c.p, { shareStores: true }), owned: new Set(), ownsTombstones: false, seeking });

/** Change sets only matter to a publisher; a long fold empties its one now and then so it does not grow. */
function resetChanges(changes: ChangeSet): void {
  Object.assign(changes, createChangeSet());
}

export function createTimeline(source: TimelineSource, options: { checkpointEvery?: number } = {}): Timeline {
  // Every 5,000 events: a seek folds at most that many (~10 ms on a heavy user's session on a quiet machine).
  // Checkpoints holding about what changed since the one before (share.ts, writableMap) made it affordable.
  const K = options.checkpointEvery ?? 5_000;
  const { events, inputOf, resets } = source;
  const resetInputs = resets.map((r) => r.input);

  // One fold over everything. At each checkpoint the state folded so far becomes the checkpoint, and the
  // fold goes on in a copy of it that shares its message stores.
  const checkpoints: Checkpoint[] = [];
  let live: Working = { at: 0, segment: 0, p: createProjections(), owned: new Set(), ownsTombstones: true, seeking: false };
  let nextReset = 0;
  const changes = createChangeSet();
  const checkpoint = (): void => {
    const previous = checkpoints.at(-1);
    if (previous && previous.segment === live.segment) shareUnchanged(previous.p, live.p);
    checkpoints.push({ at: live.at, segment: live.segment, p: live.p });
    live = fromCheckpoint(checkpoints.at(-1)!, false);
  };
  /** The state the last segment ended with: what a snapshot starting the next one most likely restores. */
  let ended: Projections | null = null;
  for (let i = 0; i <= events.length; i++) {
    while (nextReset < resets.length && resets[nextReset]!.event === i) {
      ended = live.p;
      live = { at: i, segment: ++nextReset, p: createProjections(), owned: new Set(), ownsTombstones: true, seeking: false };
      checkpoint();
    }
    if (i % K === 0 && checkpoints.at(-1)?.at !== i) checkpoint();
    if (i === events.length) break;
    const envelope = events[i]!;
    // A snapshot rebuilds the state only where a segment starts with one; a compaction's, in the middle of
    // a segment, is at the seq already folded and folds as nothing (session-index.ts).
    const restores = envelope.event.type === 'log.snapshot' && envelope.seq > live.p.seq;
    foldInto(live, envelope, changes);
    live.at = i + 1;
    if (restores) {
      // Folding a snapshot rebuilds the whole state (~0.1 s for a heavy user's): a checkpoint right after it,
      // so that no seek folds it again, sharing whatever it restored the same as the segment before held it.
      if (ended) shareRestored(ended, live.p);
      checkpoint();
    } else if (envelope.event.type === 'log.snapshot') {
      flatten(live);
    }
    if ((i & 0xff) === 0xff) resetChanges(changes);
  }
  if (checkpoints[0]!.at !== 0) checkpoints.unshift({ at: 0, segment: 0, p: createProjections() });
  // The tombstones' plain bases (a few dozen, shared by the checkpoints) sorted now: a seek's diff reads them so.
  for (const c of checkpoints) if (c.p.messages.deleted instanceof OverlaySet) presort(c.p.messages.deleted);

  const checkpointAts = checkpoints.map((c) => c.at);
  // The state last handed out, folded forward in place when the next seek is just ahead of it.
  let cursor: Working | null = null;

  const eventsUpTo = (position: number): number => upperBound(inputOf, position);
  const segmentOf = (position: number): number => upperBound(resetInputs, position);

  /** The last checkpoint of segment `seg` at or before `count` events. */
  const nearestCheckpoint = (count: number, seg: number): Checkpoint => {
    let c = upperBound(checkpointAts, count) - 1;
    while (c > 0 && checkpoints[c]!.segment > seg) c--;
    return checkpoints[c]!;
  };

  /** The working state at or before `count` events of segment `seg` closest to it: the cursor, or a copy of the nearest checkpoint. */
  const start = (count: number, seg: number): Working => {
    const nearest = nearestCheckpoint(count, seg);
    if (cursor && cursor.segment === seg && cursor.at <= count && cursor.at >= nearest.at) return cursor;
    // The state answered last is of no more use: let it go before this fold makes another, so a collection
    // during the fold does not copy it (and then promote it to the old generation, where it dies later).
    cursor = null;
    return fromCheckpoint(nearest, true);
  };

  /** Events folded by the last `at`, `step` or `detached`. */
  let folded = 0;

  const foldTo = (w: Working, count: number): void => {
    folded += Math.max(0, count - w.at);
    const changes = createChangeSet();
    for (let i = w.at; i < count; i++) {
      foldInto(w, events[i]!, changes);
      // Nothing reads these change sets: emptied often, they stay young garbage instead of growing through the fold.
      if ((i & 0xff) === 0xff) resetChanges(changes);
    }
    w.at = count;
  };

  const at = (position: number): Projections => {
    folded = 0;
    const count = eventsUpTo(position);
    cursor = start(count, segmentOf(position));
    foldTo(cursor, count);
    return cursor.p;
  };

  const step = (position: number): { p: Projections; before: Before | null; folded: number } => {
    if (position <= 0) return { p: at(0), before: null, folded };
    folded = 0;
    const count = eventsUpTo(position);
    const seg = segmentOf(position);
    const previous = eventsUpTo(position - 1);
    const reset = seg !== segmentOf(position - 1);
    // An input that appended no events changed nothing: no state before it to keep.
    if (previous === count && !reset) return { p: at(position), before: null, folded };
    const w = start(previous, segmentOf(position - 1));
    foldTo(w, previous);
    const { messages, ...small } = w.p;
    const { messages: _none, ...copied } = cloneProjections({ ...small, messages: { byAddress: new Map(), deleted: new Set(), cursor: null } });
    const before: Before = { p: copied, stores: new Map(messages.byAddress), deleted: messages.deleted, cursor: messages.cursor, reset };
    if (reset) {
      // Input `position` reloaded the log: the state after it starts from the reset's empty checkpoint.
      cursor = start(count, seg);
    } else {
      // From here on every store, and the tombstones, are shared with `before`: the fold copies what it writes.
      w.owned = new Set();
      w.ownsTombstones = false;
      cursor = w;
    }
    foldTo(cursor, count);
    return { p: cursor.p, before, folded };
  };

  const detached = (position: number): Projections => {
    folded = 0;
    const count = eventsUpTo(position);
    // A copy of a checkpoint shares only what nothing writes in place: the checkpoint's stores, which a fold copies before writing.
    const w = fromCheckpoint(nearestCheckpoint(count, segmentOf(position)), true);
    foldTo(w, count);
    return w.p;
  };

  return { source, checkpointEvery: K, checkpoints: checkpoints.length, eventsUpTo, at, step, detached };
}
