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
      if (isNew) changes.typing.add(event.address);
      return;
    }
    case 'message.received':
      // Someone who just posted has stopped typing.
      stop(state, event.message.address, event.message.from_guid, changes);
      return;
    case 'clock.ticked':
      for (const [address, typists] of state.byAddress) {
        for (const [userGuid, typist] of typists) if (typist.expiresAt <= at) stop(state, address, userGuid, changes);
      }
      return;
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

/** The earliest moment an indicator expires, for the core's timer; null when nobody is typing. */
export function nextTypingExpiry(state: TypingState): number | null {
  let next: number | null = null;
  for (const typists of state.byAddress.values()) for (const t of typists.values()) if (next === null || t.expiresAt < next) next = t.expiresAt;
  return next;
}
