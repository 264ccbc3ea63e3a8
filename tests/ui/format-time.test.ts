import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { formatMessageTime, type MessageTime } from '../../ui/components/format-time';

/**
 * What formatMessageTime gave when it was built with luxon: the reference its output must equal. In the
 * zone named, the browser's own in the app: luxon keeps its Intl formatters, made in the zone the process
 * had then, so a test changing zones must name it.
 */
function withLuxon(epochMs: number, nowMs: number, zone: string): MessageTime {
  const now = DateTime.fromMillis(nowMs, { zone });
  const at = DateTime.fromMillis(epochMs, { zone });
  const clock = at.toFormat('HH:mm');
  const days = Math.round(now.startOf('day').diff(at.startOf('day'), 'days').days);
  let day: string;
  if (days === 0) day = 'Today';
  else if (days === 1) day = 'Yesterday';
  else if (days > 1 && days < 7) day = at.toFormat('ccc');
  else if (at.year === now.year) day = at.toFormat('d LLL');
  else day = at.toFormat('d LLL yyyy');
  return { label: `${day} ${clock}`, clock, iso: at.toISO()!, full: at.toLocaleString(DateTime.DATETIME_FULL) };
}

// Node follows TZ when it is assigned: Date and Intl then use that zone.
const zoneBefore = process.env.TZ;
const inZone = (zone: string): void => {
  process.env.TZ = zone;
};
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('formatMessageTime', () => {
  it('says today, yesterday, the weekday, the date, the year', () => {
    inZone('UTC');
    const now = utc('2025-05-21T15:00:00');
    expect(formatMessageTime(utc('2025-05-21T09:05:00'), now).label).toBe('Today 09:05');
    expect(formatMessageTime(utc('2025-05-20T23:59:00'), now).label).toBe('Yesterday 23:59');
    expect(formatMessageTime(utc('2025-05-17T08:00:00'), now).label).toBe('Sat 08:00');
    expect(formatMessageTime(utc('2025-03-03T08:00:00'), now).label).toBe('3 Mar 08:00');
    expect(formatMessageTime(utc('2024-03-03T08:00:00'), now).label).toBe('3 Mar 2024 08:00');
  });

  it('gives the clock, an ISO timestamp with the offset and the long form', () => {
    inZone('Europe/Berlin');
    const t = formatMessageTime(utc('2025-05-21T09:05:00'), utc('2025-05-21T15:00:00'));
    expect(t.clock).toBe('11:05');
    expect(t.iso).toBe('2025-05-21T11:05:00.000+02:00');
    expect(t.full).toMatch(/^May 21, 2025.* 11:05 AM/);
  });

  it('counts days in the local zone, not in UTC', () => {
    inZone('America/New_York');
    // 02:30 UTC on the 21st is still the 20th in New York.
    expect(formatMessageTime(utc('2025-05-21T02:30:00'), utc('2025-05-21T15:00:00')).label).toBe('Yesterday 22:30');
  });

  it('says what luxon said, in every zone, across daylight saving and new years', () => {
    const nows = ['2025-05-21T15:00:00', '2025-03-30T00:30:00', '2025-10-26T23:30:00', '2025-11-02T06:00:00', '2026-01-01T00:10:00', '2024-02-29T12:00:00'].map(utc);
    let seed = 7;
    const random = (): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    for (const zone of ['Etc/UTC', 'Europe/Berlin', 'America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Kiritimati']) {
      inZone(zone);
      for (const now of nows) {
        for (let i = 0; i < 150; i++) {
          // Mostly the last ten days (the relative labels), some up to two years back, a few in the future.
          const back = i < 100 ? random() * 10 * 86_400_000 : random() * 730 * 86_400_000 - (i > 140 ? 800 * 86_400_000 : 0);
          const at = Math.round(now - back);
          expect(formatMessageTime(at, now), `${zone}, ${new Date(at).toISOString()} seen at ${new Date(now).toISOString()}`).toEqual(withLuxon(at, now, zone));
        }
      }
    }
  });

  it('says "Yesterday" for what was "Today" once the day has changed', () => {
    inZone('UTC');
    const at = utc('2025-05-21T09:05:00');
    expect(formatMessageTime(at, utc('2025-05-21T23:59:00')).label).toBe('Today 09:05');
    expect(formatMessageTime(at, utc('2025-05-22T00:01:00')).label).toBe('Yesterday 09:05');
  });

  it('follows a change of time zone without a new day', () => {
    const at = utc('2025-05-21T09:05:00');
    const now = utc('2025-05-21T15:00:00');
    inZone('UTC');
    expect(formatMessageTime(at, now).clock).toBe('09:05');
    inZone('Asia/Kolkata');
    expect(formatMessageTime(at, now).clock).toBe('14:35');
  });
});
