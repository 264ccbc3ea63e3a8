/** What each decoded server frame means in the event log's vocabulary. */
import type { DomainEvent } from '../protocol/events';
import type { DownFrame } from '../protocol/frames/down';
import { connectionEvents } from './frame-events-people';

/**
 * Events for one frame. Connection-level frames (CHK, ACK, OUT) produce none
 * here: the core acts on them directly.
 *
 * The commonest frames' events are built member by member rather than with spreads of optional members
 * (`...(x !== undefined ? { x } : {})`): a spread in an object literal copies through the runtime's slow
 * path and makes a temporary object, for every REA and DEL frame of a busy session. The members, their
 * order and their values are the same (tests/core/frame-events.test.ts holds them to the spread form).
 */
export function eventsFromFrame(frame: DownFrame, me: string | undefined): DomainEvent[] {
  if (makesOneEvent(frame)) {
    const event = eventOfFrame(frame, me);
    return event ? [event] : [];
  }
  switch (frame.code) {
    case 'FAV': {
      const { address, guid, flag } = frame.data;
      return [{ type: 'flag.set', address, guid, flag }];
    }
    case 'NOS': {
      const { user_guid, connection_state, custom_status, is_blocked } = frame.data;
      const presence: DomainEvent = { type: 'presence.changed', user_guid, connection_state, custom_status };
      return is_blocked === undefined ? [presence] : [presence, { type: 'user.blocked_changed', user_guid, is_blocked }];
    }
    case 'CRQ':
      return connectionEvents(frame.data);
    case 'ALR':
      return [{ type: 'alert.received', alert: frame.data.alert }];
    case 'ALD':
      return [{ type: 'alerts.dismissed', guids: frame.data.alerts }];
    case 'CAN':
      return [{ type: 'mfa-reset.cancelled', target_user_guid: frame.data.target_user_guid }];
    case 'CHK':
    case 'ACK':
    case 'OUT':
      return [];
    // Team actions and blocking depend on what the user already knows (a rename, an external-members change):
    // the teams feature turns them (core-worker/team-frames.ts) into events with the projections at hand.
    case 'CHA':
    case 'BLO':
      return [];
  }
}

/** The frames that make at most one event, and always the same one for the same frame: `eventOfFrame` makes it. */
export type OneEventFrame = Extract<DownFrame, { code: 'MSG' | 'DEL' | 'REA' | 'TYP' }>;

/** Whether a frame is one of those (the core dispatches their event as it is: core.ts ingestFrame). */
export const makesOneEvent = (frame: DownFrame): frame is OneEventFrame => frame.code === 'MSG' || frame.code === 'DEL' || frame.code === 'REA' || frame.code === 'TYP';

/**
 * The event of a frame that makes at most one — the socket's commonest: MSG, DEL, REA, TYP — or null for
 * none (the user's own TYP). The core dispatches it without the array eventsFromFrame wraps it in (a
 * million-frame replay made a million arrays of one), which is otherwise the same: eventsFromFrame calls this.
 */
export function eventOfFrame(frame: OneEventFrame, me: string | undefined): DomainEvent | null {
  switch (frame.code) {
    case 'MSG':
      return { type: 'message.received', message: frame.data.message };
    case 'DEL': {
      const { address, guid, from_guid, created, reply_to, change_seq } = frame.data;
      const event: Extract<DomainEvent, { type: 'message.deleted' }> = { type: 'message.deleted', address, guid };
      if (from_guid !== undefined) event.from_guid = from_guid;
      if (created !== undefined) event.created = created;
      if (reply_to) event.reply_to = reply_to;
      if (change_seq !== undefined) event.change_seq = change_seq;
      return event;
    }
    case 'REA': {
      const { address, guid, reactions, change_seq } = frame.data;
      return change_seq !== undefined ? { type: 'reactions.changed', address, guid, reactions, change_seq } : { type: 'reactions.changed', address, guid, reactions };
    }
    case 'TYP': {
      const { address, user_guid, first_name, last_name } = frame.data;
      if (user_guid === me) return null;
      return { type: 'typing.started', address, user_guid, name: typistName(user_guid, first_name, last_name) };
    }
  }
}

/** The name a typing indicator shows: the first and last name, or 'Someone' when both are blank. */
export const typingName = (first_name: string, last_name: string): string => `${first_name} ${last_name}`.trim() || 'Someone';

/**
 * The typing name last made for each typist, with the names it was made of. A typist sends TYP every few seconds
 * with the same names; made anew, each was two or three new strings (a joined rope, flattened by trim), held by
 * the event in the log and by the typist, so the collector copied them until the next compaction. Shared, a
 * million-frame replay's 400,000 TYP events spent ~6% less of the main thread's CPU (most of it collector time).
 * A memo of typingName: it answers only for the very names it was made of, so it is never wrong, whoever the
 * guid is. Bounded: dropped whole at MEMO_LIMIT typists.
 */
const named = new Map<string, { first_name: string; last_name: string; name: string }>();
const MEMO_LIMIT = 4_096;

function typistName(user_guid: string, first_name: string, last_name: string): string {
  const known = named.get(user_guid);
  if (known !== undefined && known.first_name === first_name && known.last_name === last_name) return known.name;
  const name = typingName(first_name, last_name);
  if (known !== undefined) {
    known.first_name = first_name;
    known.last_name = last_name;
    known.name = name;
  } else {
    if (named.size >= MEMO_LIMIT) named.clear();
    named.set(user_guid, { first_name, last_name, name });
  }
  return name;
}
