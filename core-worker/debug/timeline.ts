/**
 * The recorded event timeline of a replayed session, and fast seeking in it:
 * the state after any input is folded from the nearest checkpoint (a
 * copy of the projections every K events), never by re-running the
 * replay. A log reload (another user's log opened) starts a new segment whose
 * state begins empty, as the core's `openUserLog` does.
 */
import { createChangeSet } from '../../projections/changes';
import { applyEnvelope, createProjections, type Projections } from '../../projections/fold';
import type { MessagesState } from '../../projections/messages';
import type { Envelope } from '../../protocol/events';

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
  p: Projections;
}

export interface Timeline {
  readonly source: TimelineSource;
  readonly checkpointEvery: number;
  readonly checkpoints: number;
  /** How many events are in the timeline up to and including input `position`. */
  eventsUpTo(position: number): number;
  /** The projections after input `position`. Read-only: the object is reused by the next call. */
  at(position: number): Projections;
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

export function createTimeline(source: TimelineSource, options: { checkpointEvery?: number } = {}): Timeline {
  const K = options.checkpointEvery ?? 2_000;
  const { events, inputOf, resets } = source;
  const resetInputs = resets.map((r) => r.input);

  // One fold over everything, cloning the state every K events and at each reset.
  const checkpoints: Checkpoint[] = [];
  let p = createProjections();
  let segment = 0;
  let nextReset = 0;
  const changes = createChangeSet();
  for (let i = 0; i <= events.length; i++) {
    while (nextReset < resets.length && resets[nextReset]!.event === i) {
      segment = ++nextReset;
      p = createProjections();
      checkpoints.push({ at: i, segment, p: createProjections() });
    }
    if (i % K === 0 && checkpoints.at(-1)?.at !== i) checkpoints.push({ at: i, segment, p: cloneProjections(p) });
    if (i === events.length) break;
    applyEnvelope(p, events[i]!, changes);
    if ((i & 0xfff) === 0) resetChanges(changes);
  }
  if (checkpoints.length === 0 || checkpoints[0]!.at !== 0) checkpoints.unshift({ at: 0, segment: 0, p: createProjections() });

  const checkpointAts = checkpoints.map((c) => c.at);
  // The state last handed out, folded forward in place when the next seek is just ahead of it.
  let cursor: { at: number; segment: number; p: Projections } | null = null;

  const eventsUpTo = (position: number): number => upperBound(inputOf, position);

  return {
    source,
    checkpointEvery: K,
    checkpoints: checkpoints.length,
    eventsUpTo,
    at(position) {
      const count = eventsUpTo(position);
      const seg = upperBound(resetInputs, position);
      const reusable = cursor && cursor.segment === seg && cursor.at <= count && count - cursor.at <= K;
      if (!reusable) {
        let c = upperBound(checkpointAts, count) - 1;
        while (c > 0 && checkpoints[c]!.segment > seg) c--;
        const from = checkpoints[c]!;
        cursor = { at: from.at, segment: from.segment, p: cloneProjections(from.p) };
      }
      const current = cursor!;
      const changes = createChangeSet();
      for (let i = current.at; i < count; i++) applyEnvelope(current.p, events[i]!, changes);
      current.at = count;
      return current.p;
    },
  };
}

/** Change sets only matter to a publisher; the checkpoint fold empties its one now and then so it does not grow. */
function resetChanges(changes: ReturnType<typeof createChangeSet>): void {
  Object.assign(changes, createChangeSet());
}

/**
 * A copy of the projections that later folds cannot change. Message objects
 * are shared, not copied: folds never mutate a stored message (they replace
 * it, e.g. `{ ...message, reactions }`), and they are the events' own objects,
 * so a checkpoint costs the maps and order arrays only. Everything else is
 * small and structuredClone'd.
 */
export function cloneProjections(p: Projections): Projections {
  const { messages, ...rest } = p;
  const copy: MessagesState = { byAddress: new Map(), deleted: new Set(messages.deleted), cursor: messages.cursor };
  for (const [address, store] of messages.byAddress) copy.byAddress.set(address, { ...store, byGuid: new Map(store.byGuid), order: store.order.slice() });
  return { ...structuredClone(rest), messages: copy };
}
