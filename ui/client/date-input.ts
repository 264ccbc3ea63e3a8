/** Dates typed in date inputs (YYYY-MM-DD, the user's local day) as the epoch-ms bounds a search sends. */
import type { DateRange } from '../../protocol/rules/search-query';

function localDay(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const t = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
  return Number.isFinite(t) ? t : null;
}

/** From the start of the first day to the end of the last (inclusive); null when both are empty. */
export function dateRange(from: string, to: string): DateRange | null {
  const start = localDay(from);
  const endDay = localDay(to);
  const end = endDay === null ? null : endDay + 86_400_000 - 1;
  return start === null && end === null ? null : { start, end };
}
