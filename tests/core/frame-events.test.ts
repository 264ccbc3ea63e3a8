/**
 * eventsFromFrame builds the events of the commonest frames member by member (core-worker/frame-events.ts):
 * they must be exactly what the spread form made — the same members in the same order with the same
 * values — since an event's JSON is what a recorded session's digests hash. Differential: the spread
 * form is kept here as the reference, and both are run on frames with every combination of optional
 * members, including the falsy values a hostile or odd server may send.
 */
import { describe, expect, it } from 'vitest';
import { eventOfFrame, eventsFromFrame, typingName, type OneEventFrame } from '../../core-worker/frame-events';
import type { DomainEvent } from '../../protocol/events';
import type { DownFrame } from '../../protocol/frames/down';

/** The DEL and REA events as eventsFromFrame made them with spreads: the reference. */
function spreadEvents(frame: Extract<DownFrame, { code: 'DEL' | 'REA' }>): DomainEvent[] {
  if (frame.code === 'DEL') {
    const { address, guid, from_guid, created, reply_to, change_seq } = frame.data;
    return [
      {
        type: 'message.deleted',
        address,
        guid,
        ...(from_guid !== undefined ? { from_guid } : {}),
        ...(created !== undefined ? { created } : {}),
        ...(reply_to ? { reply_to } : {}),
        ...(change_seq !== undefined ? { change_seq } : {}),
      },
    ];
  }
  const { address, guid, reactions, change_seq } = frame.data;
  return [{ type: 'reactions.changed', address, guid, reactions, ...(change_seq !== undefined ? { change_seq } : {}) }];
}

/** Every combination of the given optional members, each absent, present as undefined, or one of its values. */
function combinations(options: Record<string, unknown[]>): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [key, values] of Object.entries(options)) {
    const next: Record<string, unknown>[] = [];
    for (const partial of out) {
      next.push(partial, { ...partial, [key]: undefined });
      for (const value of values) next.push({ ...partial, [key]: value });
    }
    out = next;
  }
  return out;
}

/** The same event: members in the same order (JSON and keys) and the same values (strict equality of the whole). */
function expectSame(actual: DomainEvent[], expected: DomainEvent[]): void {
  expect(actual.map((e) => Object.keys(e))).toEqual(expected.map((e) => Object.keys(e)));
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
  expect(actual).toStrictEqual(expected);
}

describe('eventsFromFrame, the commonest frames', () => {
  it('makes a DEL frame the same message.deleted event as the spread form, whatever its optional members', () => {
    const optional = combinations({ from_guid: ['alice', ''], created: [1_800_000_000_000, 0], reply_to: ['m0', '', null], change_seq: [42, 0] });
    expect(optional).toHaveLength(4 * 4 * 5 * 4);
    for (const members of optional) {
      const frame = { code: 'DEL', data: { address: 'c1', guid: 'm1', ...members } } as Extract<DownFrame, { code: 'DEL' }>;
      expectSame(eventsFromFrame(frame, 'me'), spreadEvents(frame));
    }
  });

  it('makes a REA frame the same reactions.changed event as the spread form, with or without a change_seq', () => {
    const reactions = [{ target_user_guid: 'bob', content: '👍' }];
    for (const members of combinations({ change_seq: [7, 0] })) {
      for (const list of [reactions, []]) {
        const frame = { code: 'REA', data: { address: 'c1', guid: 'm1', reactions: list, ...members } } as Extract<DownFrame, { code: 'REA' }>;
        const events = eventsFromFrame(frame, 'me');
        expectSame(events, spreadEvents(frame));
        // The list is the frame's own (folds never change it), as before.
        expect((events[0] as Extract<DomainEvent, { type: 'reactions.changed' }>).reactions).toBe(list);
      }
    }
  });

  it('makes the one event of MSG, DEL, REA and TYP frames as eventsFromFrame makes their list, and none of the user\'s own TYP', () => {
    const message = { guid: 'm1', address: 'c1', created: 5, from_guid: 'alice', from_first_name: 'A', from_last_name: 'B', reply_to: null, is_urgent: false, flag: 0, disable_notification: false, reactions: [], client_guid: null, change_seq: null, reply_count: 0, last_reply_ts: null, parts: [] };
    const frames = [
      { code: 'MSG', data: { message } },
      { code: 'DEL', data: { address: 'c1', guid: 'm1', from_guid: 'alice', created: 5, reply_to: 'm0', change_seq: 3 } },
      { code: 'DEL', data: { address: 'c1', guid: 'm1', reply_to: '' } },
      { code: 'REA', data: { address: 'c1', guid: 'm1', reactions: [], change_seq: 0 } },
      { code: 'REA', data: { address: 'c1', guid: 'm1', reactions: [{ target_user_guid: 'bob', content: '👍' }] } },
      { code: 'TYP', data: { address: 'c1', user_guid: 'alice', first_name: 'Alice', last_name: 'A' } },
      { code: 'TYP', data: { address: 'c1', user_guid: 'alice', first_name: ' ', last_name: '' } },
      { code: 'TYP', data: { address: 'c1', user_guid: 'me', first_name: 'Me', last_name: 'M' } },
    ] as OneEventFrame[];
    for (const frame of frames) {
      const one = eventOfFrame(frame, 'me');
      const list = eventsFromFrame(frame, 'me');
      expectSame(one ? [one] : [], list);
    }
    expect(eventOfFrame(frames[7]!, 'me')).toBeNull();
    expect(eventOfFrame(frames[6]!, 'me')).toMatchObject({ name: 'Someone' });
    // The message is the frame's own, as before.
    expect((eventOfFrame(frames[0]!, 'me') as Extract<DomainEvent, { type: 'message.received' }>).message).toBe(message);
  });

  it('names a typist as typingName does, however their names change between frames', () => {
    const names = ['Alice', 'Bob', '', ' ', ' Alice', 'Alice ', '\u00a0Zoë\t', 'A  B', '\n', 'Someone'];
    const typ = (user_guid: string, first_name: string, last_name: string): OneEventFrame => ({ code: 'TYP', data: { address: 'c1', user_guid, first_name, last_name } });
    // Every pair of names, each typist changing theirs at every frame and then sending the same ones again.
    for (const user of ['u1', 'u2']) {
      for (const first of names) {
        for (const last of names) {
          for (let again = 0; again < 2; again++) {
            const event = eventOfFrame(typ(user, first, last), 'me') as Extract<DomainEvent, { type: 'typing.started' }>;
            expect(event.name, JSON.stringify([user, first, last])).toBe(`${first} ${last}`.trim() || 'Someone');
            expect(event.name).toBe(typingName(first, last));
          }
        }
      }
    }
  });
});
