/** Message timestamps for display: a relative day and HH:mm, plus the full form for titles. */
import { DateTime } from 'luxon';

export interface MessageTime {
  /** "Today 14:05", "Yesterday 09:12", "Mon 14:05" (this week), "3 Mar 14:05", "3 Mar 2024 14:05". */
  label: string;
  /** HH:mm only, for merged (continued) messages. */
  clock: string;
  /** ISO 8601, for <time dateTime>. */
  iso: string;
  /** Long form for the tooltip. */
  full: string;
}

export function formatMessageTime(epochMs: number, now: DateTime = DateTime.now()): MessageTime {
  const at = DateTime.fromMillis(epochMs).setZone(now.zone);
  const clock = at.toFormat('HH:mm');
  const days = Math.round(now.startOf('day').diff(at.startOf('day'), 'days').days);
  let day: string;
  if (days === 0) day = 'Today';
  else if (days === 1) day = 'Yesterday';
  else if (days > 1 && days < 7) day = at.toFormat('ccc');
  else if (at.year === now.year) day = at.toFormat('d LLL');
  else day = at.toFormat('d LLL yyyy');
  return {
    label: `${day} ${clock}`,
    clock,
    iso: at.toISO() ?? new Date(epochMs).toISOString(),
    full: at.toLocaleString(DateTime.DATETIME_FULL),
  };
}
