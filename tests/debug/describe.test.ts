/** The debugger's id search: an address or guid matches only as a whole. */
import { describe, expect, it } from 'vitest';
import { mentionsId } from '../../core-worker/debug/describe';

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
});
