/** Who is typing where. An indicator expires 5 s after its TYP (spec 1 §4), judged by envelope time. */
import type { Envelope } from '../protocol/events';
import { TYPING_EXPIRY_MS } from '../protocol/frames/typing';
import type { ChangeSet } from './changes';

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
 * Expiries in the order they were set. Envelope times never go back, so the
 * queue is sorted and its live head is the next expiry: O(1) amortised instead
 * of a scan of every typist after every event. A derived index, kept beside
 * the state (not in it), so the projection's canonical form is unchanged.
 */
interface Expiry {
  address: string;
  userGuid: string;
  expiresAt: number;
}
const expiryQueues = new WeakMap<TypingState, { items: Expiry[]; head: number }>();

function queueOf(state: TypingState): { items: Expiry[]; head: number } {
  let queue = expiryQueues.get(state);
  if (!queue) expiryQueues.set(state, (queue = { items: [], head: 0 }));
  return queue;
}

/**
 * A copy later folds cannot change, with its own expiry queue. The copy's queue keeps only the live
 * entries (every typist's latest), which behave exactly as the whole queue does: the others are skipped.
 */
export function cloneTyping(state: TypingState): TypingState {
  const copy: TypingState = { byAddress: new Map() };
  for (const [address, typists] of state.byAddress) copy.byAddress.set(address, new Map(typists));
  const queue = queueOf(state);
  const items: Expiry[] = [];
  for (let i = queue.head; i < queue.items.length; i++) if (isLive(state, queue.items[i]!)) items.push(queue.items[i]!);
  expiryQueues.set(copy, { items, head: 0 });
  return copy;
}

/** Whether a queued expiry still describes a typist (not stopped, not extended since). */
function isLive(state: TypingState, e: Expiry): boolean {
  return state.byAddress.get(e.address)?.get(e.userGuid)?.expiresAt === e.expiresAt;
}

function stop(state: TypingState, address: string, userGuid: string, changes: ChangeSet): void {
  const typists = state.byAddress.get(address);
  if (!typists?.delete(userGuid)) return;
  if (typists.size === 0) state.byAddress.delete(address);
  changes.typing.add(address);
}

export function applyTyping(state: TypingState, { event, at }: Envelope, changes: ChangeSet): void {
  switch (event.type) {
    case 'typing.started': {
      let typists = state.byAddress.get(event.address);
      if (!typists) state.byAddress.set(event.address, (typists = new Map()));
      const isNew = !typists.has(event.user_guid);
      typists.set(event.user_guid, { name: event.name, expiresAt: at + TYPING_EXPIRY_MS });
      enqueue(queueOf(state), { address: event.address, userGuid: event.user_guid, expiresAt: at + TYPING_EXPIRY_MS });
      if (isNew) changes.typing.add(event.address);
      return;
    }
    case 'message.received':
      // Someone who just posted has stopped typing.
      stop(state, event.message.address, event.message.from_guid, changes);
      return;
    case 'clock.ticked': {
      const queue = queueOf(state);
      while (queue.head < queue.items.length && queue.items[queue.head]!.expiresAt <= at) {
        const due = queue.items[queue.head++]!;
        if (isLive(state, due)) stop(state, due.address, due.userGuid, changes);
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

/** Appends in time order; if the clock went back (a time jump), inserts in place so the queue stays sorted. */
function enqueue(queue: { items: Expiry[]; head: number }, e: Expiry): void {
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

function compact(queue: { items: Expiry[]; head: number }): void {
  if (queue.head > 1_024 && queue.head * 2 > queue.items.length) {
    queue.items = queue.items.slice(queue.head);
    queue.head = 0;
  }
}

/** Rebuilds the expiry queue of a typing state restored from a snapshot (the queue lives outside the state). */
export function indexTyping(state: TypingState): void {
  const items: Expiry[] = [];
  for (const [address, typists] of state.byAddress) for (const [userGuid, t] of typists) items.push({ address, userGuid, expiresAt: t.expiresAt });
  items.sort((a, b) => a.expiresAt - b.expiresAt);
  expiryQueues.set(state, { items, head: 0 });
}

/** The earliest moment an indicator expires, for the core's timer; null when nobody is typing. */
export function nextTypingExpiry(state: TypingState): number | null {
  const queue = queueOf(state);
  while (queue.head < queue.items.length && !isLive(state, queue.items[queue.head]!)) queue.head++;
  compact(queue);
  return queue.items[queue.head]?.expiresAt ?? null;
}
