/**
 * Message timestamps for display: a relative day and HH:mm, plus the full form for titles.
 *
 * In the browser's locale and time zone, with the platform's Intl formatters made once, and each
 * timestamp's result kept while the day and the zone's offset stay the same. A message row formats its
 * time on every render, and a new message renders two or three rows: built with luxon (some eight
 * DateTime objects and a token parse per call) it took ~1 ms a row in a page whose code is not warmed
 * up yet, a quarter of the time from a message arriving to it being shown. The output is luxon's,
 * character for character (tests/ui/format-time.test.ts compares them across time zones).
 */

export interface MessageTime {
  /** "Today 14:05", "Yesterday 09:12", "Mon 14:05" (this week), "3 Mar 14:05", "3 Mar 2024 14:05". */
  label: string;
  /** HH:mm only, for merged (continued) messages. */
  clock: string;
  /** ISO 8601 with the offset, for <time dateTime>. */
  iso: string;
  /** Long form for the tooltip. */
  full: string;
}

const DAY_MS = 86_400_000;
/** Results kept at most, per day and offset: more are computed again rather than kept. */
const CACHE_LIMIT = 20_000;

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));
const pad3 = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : String(n));
/** A local calendar day as a whole number: consecutive days differ by one, whatever daylight saving does. */
const dayNumber = (d: Date): number => Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);

interface Formatters {
  weekday: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  /** luxon's DateTime.DATETIME_FULL. */
  full: Intl.DateTimeFormat;
}

/** The formatters, made in the zone they were made in (Intl fixes it then): made again with the cache. */
function makeFormatters(): Formatters {
  return {
    weekday: new Intl.DateTimeFormat(undefined, { weekday: 'short' }),
    month: new Intl.DateTimeFormat(undefined, { month: 'short' }),
    full: new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: 'numeric', timeZoneName: 'short' }),
  };
}

/** "+01:00", "-03:30", "+00:00": the local offset at that moment (getTimezoneOffset counts the other way). */
function offsetText(at: Date): string {
  const minutes = -at.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

let cacheKey = '';
let formatters: Formatters | null = null;
let cache = new Map<number, MessageTime>();

function format(epochMs: number, today: number, thisYear: number, f: Formatters): MessageTime {
  const at = new Date(epochMs);
  const year = at.getFullYear();
  const clock = `${pad2(at.getHours())}:${pad2(at.getMinutes())}`;
  const days = today - dayNumber(at);
  let day: string;
  if (days === 0) day = 'Today';
  else if (days === 1) day = 'Yesterday';
  else if (days > 1 && days < 7) day = f.weekday.format(at);
  else if (year === thisYear) day = `${at.getDate()} ${f.month.format(at)}`;
  else day = `${at.getDate()} ${f.month.format(at)} ${String(year).padStart(4, '0')}`;
  const iso = `${String(year).padStart(4, '0')}-${pad2(at.getMonth() + 1)}-${pad2(at.getDate())}T${clock}:${pad2(at.getSeconds())}.${pad3(at.getMilliseconds())}${offsetText(at)}`;
  return { label: `${day} ${clock}`, clock, iso, full: f.full.format(at) };
}

/** `now`: the moment the relative day is counted from (tests pass one). */
export function formatMessageTime(epochMs: number, now: number = Date.now()): MessageTime {
  const current = new Date(now);
  const today = dayNumber(current);
  // A new day changes "Today" into "Yesterday"; a new offset (travel, daylight saving) every clock.
  const key = `${today}/${current.getTimezoneOffset()}`;
  if (key !== cacheKey || formatters === null) {
    cacheKey = key;
    formatters = makeFormatters();
    cache = new Map();
  }
  let time = cache.get(epochMs);
  if (time === undefined) {
    if (cache.size >= CACHE_LIMIT) cache = new Map();
    time = format(epochMs, today, current.getFullYear(), formatters);
    cache.set(epochMs, time);
  }
  return time;
}
