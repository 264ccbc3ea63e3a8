/** The debugger's id search: an address or guid matches only as a whole. */
import { describe, expect, it } from 'vitest';
import { inputMentionsId, mentionsId, valueMentionsId } from '../../core-worker/debug/describe';
import type { Envelope } from '../../protocol/events';

describe('mentionsId', () => {
  it('finds an id as a JSON value, inside a frame\'s escaped text and in a query string', () => {
    expect(mentionsId('{"address":"c1","guid":"m7"}', 'c1')).toBe(true);
    expect(mentionsId('{"k":"frame","x":"MSG {\\"message\\":{\\"address\\":\\"c1\\"}}"}', 'c1')).toBe(true);
    expect(mentionsId('{"p":"/data/messages?address=c1&before=5"}', 'c1')).toBe(true);
    expect(mentionsId('c1', 'c1')).toBe(true);
  });

  it('does not find an id inside a longer one', () => {
    expect(mentionsId('{"address":"c10"}', 'c1')).toBe(false);
    expect(mentionsId('{"address":"ac1"}', 'c1')).toBe(false);
    expect(mentionsId('{"guid":"3f2a-c1"}', 'c1')).toBe(false);
    expect(mentionsId('{"guid":"c1_x"}', 'c1')).toBe(false);
  });

  it('finds a whole occurrence after partial ones, and nothing for an empty id', () => {
    expect(mentionsId('{"a":"c10","b":"xc1","c":"c1"}', 'c1')).toBe(true);
    expect(mentionsId('{"a":"c1"}', '')).toBe(false);
  });

  it('walks an input and its events, keys included, but not a snapshot, which restates the whole state', () => {
    expect(valueMentionsId({ a: [{ b: 'x' }, { c: 'c1' }] }, 'c1')).toBe(true);
    expect(valueMentionsId({ byAddress: { c1: 1 } }, 'c1')).toBe(true);
    expect(valueMentionsId({ n: 1, d: null, b: true }, '1')).toBe(false);
    const timer = { k: 'timer' as const, id: 3, t: 1 };
    const event = (e: object): Envelope => ({ seq: 1, at: 1, source: 'timer', event: e }) as unknown as Envelope;
    expect(inputMentionsId(timer, [event({ type: 'channel.viewed', address: 'c1' })], 'c1')).toBe(true);
    expect(inputMentionsId(timer, [event({ type: 'log.snapshot', snapshot: { channels: { c1: {} } } })], 'c1')).toBe(false);
  });
});
