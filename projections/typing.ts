/** Who is typing where. An indicator expires 5 s after its TYP (spec 1 §4), judged by envelope time. */
import type { Envelope } from '../protocol/events';
import { TYPING_EXPIRY_MS } from '../protocol/frames/typing';
import type { ChangeSet } from './changes';

/** Not a value shared between states: the fold moves a typist's expiry on in place, so copies copy typists (`cloneTyping`). */
export interface Typist {
  name: string;
  expiresAt: number;
}

export interface TypingState {
  /** address → user guid → typist. */
  byAddress: Map<string, Map<string, Typist>>;
}

export function createTyping(): TypingState {
  return { byAddress: new Map() };
}

/**
 * When each typist expires, soonest first: the queue's live head is the next expiry, so a clock tick
 * costs O(1) amortised instead of a scan of every typist. A derived index, kept beside the state (not
 * in it), so the projection's canonical form is unchanged.
 *
 * A TYP from someone already typing — most of them in a live session: a typist sends one every few seconds — only moves
 * their `expiresAt` on, in place; their queued expiry is left where it is and moved on when it comes due
 * (or reaches the head: `nextTypingExpiry`). So every typist has one expiry queued, at or before their
 * own, and a TYP allocates nothing and reorders nothing. An expiry whose typist is gone (stopped, or
 * replaced by a new one, which queued its own) is dropped when it comes due.
 */
interface Expiry {
  address: string;
  userGuid: string;
  /** The address's typists when this expiry was queued: holding the typist, it is still the one in the state. */
  typists: Map<string, Typist>;
  /** The typist this expiry was queued for: current while `typists` still holds this very object. */
  typist: Typist;
  expiresAt: number;
}
interface ExpiryQueue {
  items: Expiry[];
  head: number;
}
const expiryQueues = new WeakMap<TypingState, ExpiryQueue>();

function queueOf(state: TypingState): ExpiryQueue {
  let queue = expiryQueues.get(state);
  if (!queue) expiryQueues.set(state, (queue = { items: [], head: 0 }));
  return queue;
}

/**
 * A copy later folds cannot change, with its own expiry queue. Typists are copied too: the fold moves
 * a typist's expiry on in place.
 */
export function cloneTyping(state: TypingState): TypingState {
  const copy: TypingState = { byAddress: new Map() };
  for (const [address, typists] of state.byAddress) {
    const copied = new Map<string, Typist>();
    for (const [userGuid, t] of typists) copied.set(userGuid, { name: t.name, expiresAt: t.expiresAt });
    copy.byAddress.set(address, copied);
  }
  indexTyping(copy);
  return copy;
}

/**
 * Whether a queued expiry's typist is still the one in the state (not stopped, not replaced since). A map
 * that holds a typist is the address's own: a map leaves the state only once empty (`stop`), and a copy or
 * a restored state has new maps and queues its own expiries (`indexTyping`).
 */
function isCurrent(e: Expiry): boolean {
  return e.typists.get(e.userGuid) === e.typist;
}

function stop(state: TypingState, address: string, userGuid: string, changes: ChangeSet): void {
  const typists = state.byAddress.get(address);
  if (typists) stopIn(state, typists, address, userGuid, changes);
}

/** Ends a typist in `typists`, the address's map. */
function stopIn(state: TypingState, typists: Map<string, Typist>, address: string, userGuid: string, changes: ChangeSet): void {
  if (!typists.delete(userGuid)) return;
  if (typists.size === 0) state.byAddress.delete(address);
  changes.typing.add(address);
}

/** Someone started (or went on) typing at `at`. */
function started(state: TypingState, address: string, userGuid: string, name: string, at: number, changes: ChangeSet): void {
  const expiresAt = at + TYPING_EXPIRY_MS;
  let typists = state.byAddress.get(address);
  if (!typists) state.byAddress.set(address, (typists = new Map()));
  const typist = typists.get(userGuid);
  // Still typing: moved on in place (its queued expiry is at or before the new one). Not when the clock went
  // back (a time jump): the typist is replaced and queued afresh, so no queued expiry is ever after its own.
  if (typist !== undefined && typist.expiresAt <= expiresAt) {
    typist.name = name;
    typist.expiresAt = expiresAt;
    return;
  }
  const fresh: Typist = { name, expiresAt };
  typists.set(userGuid, fresh);
  enqueue(queueOf(state), { address, userGuid, typists, typist: fresh, expiresAt });
  if (typist === undefined) changes.typing.add(address);
}

export function applyTyping(state: TypingState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'typing.started':
      started(state, event.address, event.user_guid, event.name, at, changes);
      return;
    case 'message.received':
      // Someone who just posted has stopped typing.
      stop(state, event.message.address, event.message.from_guid, changes);
      return;
    case 'clock.ticked': {
      const queue = queueOf(state);
      while (queue.head < queue.items.length && queue.items[queue.head]!.expiresAt <= at) {
        const due = queue.items[queue.head++]!;
        if (!isCurrent(due)) continue;
        if (due.typist.expiresAt <= at) stopIn(state, due.typists, due.address, due.userGuid, changes);
        else requeue(queue, due);
      }
      compact(queue);
      return;
    }
    case 'connection.changed':
      // Typing seen before a disconnect cannot be trusted to be still going on.
      if (event.state === 'offline') {
        for (const [address, typists] of state.byAddress) for (const userGuid of [...typists.keys()]) stop(state, address, userGuid, changes);
      }
      return;
    default:
      return;
  }
}

/** Queues an expiry that came due for a typist who went on typing at their own expiry. */
function requeue(queue: ExpiryQueue, e: Expiry): void {
  e.expiresAt = e.typist.expiresAt;
  enqueue(queue, e);
}

/** Inserts in time order: at the end as a rule; in place when it is not the latest (a moved-on or time-jumped expiry). */
function enqueue(queue: ExpiryQueue, e: Expiry): void {
  const items = queue.items;
  if (items.length === queue.head || items[items.length - 1]!.expiresAt <= e.expiresAt) {
    items.push(e);
    return;
  }
  let lo = queue.head;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.expiresAt <= e.expiresAt) lo = mid + 1;
    else hi = mid;
  }
  items.splice(lo, 0, e);
}

function compact(queue: ExpiryQueue): void {
  if (queue.head > 1_024 && queue.head * 2 > queue.items.length) {
    queue.items = queue.items.slice(queue.head);
    queue.head = 0;
  }
}

/** Rebuilds the expiry queue of a typing state restored from a snapshot or copied (the queue lives outside the state). */
export function indexTyping(state: TypingState): void {
  const items: Expiry[] = [];
  for (const [address, typists] of state.byAddress) for (const [userGuid, typist] of typists) items.push({ address, userGuid, typists, typist, expiresAt: typist.expiresAt });
  items.sort((a, b) => a.expiresAt - b.expiresAt);
  expiryQueues.set(state, { items, head: 0 });
}

/** The earliest moment an indicator expires, for the core's timer; null when nobody is typing. */
export function nextTypingExpiry(state: TypingState): number | null {
  const queue = queueOf(state);
  // The head is the answer once it is current and not moved on since it was queued (see the queue's comment).
  while (queue.head < queue.items.length) {
    const head = queue.items[queue.head]!;
    if (!isCurrent(head)) queue.head++;
    else if (head.typist.expiresAt !== head.expiresAt) requeue(queue, queue.items[queue.head++]!);
    else break;
  }
  compact(queue);
  return queue.items[queue.head]?.expiresAt ?? null;
}
