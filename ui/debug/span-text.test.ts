import { describe, expect, it } from 'vitest';
import { spanText } from './span-text';

describe('spanText', () => {
  it('reads a span in the unit people would say it in', () => {
    expect(spanText(0)).toBe('0 ms');
    expect(spanText(2.5)).toBe('2.5 ms');
    expect(spanText(15)).toBe('15 ms');
    expect(spanText(500)).toBe('0.5 s');
    expect(spanText(3_058)).toBe('3.1 s');
    expect(spanText(42_400)).toBe('42 s');
    expect(spanText(2_000_000)).toBe('33 min');
    expect(spanText(9_000_000)).toBe('2.5 h');
  });
});
