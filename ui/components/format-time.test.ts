import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { formatMessageTime } from './format-time';

const now = DateTime.fromISO('2025-05-21T15:00:00', { zone: 'utc' });
const at = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).toMillis();

describe('formatMessageTime', () => {
  it('says today, yesterday, the weekday, the date, the year', () => {
    expect(formatMessageTime(at('2025-05-21T09:05:00'), now).label).toBe('Today 09:05');
    expect(formatMessageTime(at('2025-05-20T23:59:00'), now).label).toBe('Yesterday 23:59');
    expect(formatMessageTime(at('2025-05-17T08:00:00'), now).label).toBe('Sat 08:00');
    expect(formatMessageTime(at('2025-03-03T08:00:00'), now).label).toBe('3 Mar 08:00');
    expect(formatMessageTime(at('2024-03-03T08:00:00'), now).label).toBe('3 Mar 2024 08:00');
  });

  it('gives the clock and an ISO timestamp', () => {
    const t = formatMessageTime(at('2025-05-21T09:05:00'), now);
    expect(t.clock).toBe('09:05');
    expect(t.iso).toBe('2025-05-21T09:05:00.000Z');
  });
});
