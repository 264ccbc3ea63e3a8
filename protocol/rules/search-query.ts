/**
 * When a search may run and what is sent (spec 2 §5): a search runs only with
 * a term or a filter (files only, date range, from name, flags), and an empty
 * term with a filter is sent as a single space. Shared by the worker (which
 * decides) and the server (which refuses the same).
 */

/** Epoch-ms bounds, either open. */
export interface DateRange {
  start: number | null;
  end: number | null;
}

/** In-channel search (messages/search). */
export interface ChannelSearchQuery {
  term: string;
  /** Flag colour ids 1–12; a message matches when it carries one of them. */
  flags: number[];
  /** Files only. */
  include_files: boolean;
  date_range: DateRange | null;
  from_name: string;
}

/** Global search (spec 2 §3 Search: term and advanced options), per source toggles. */
export interface GlobalSearchQuery {
  term: string;
  timeFrame: DateRange | null;
  /** Sources: channels by name, messages, files, meetings, and (Plaza's addition) people. */
  conversations: boolean;
  messages: boolean;
  files: boolean;
  meetings: boolean;
  people: boolean;
  /** Flagged messages only. */
  flagged: boolean;
}

export const EMPTY_CHANNEL_QUERY: ChannelSearchQuery = { term: '', flags: [], include_files: false, date_range: null, from_name: '' };
export const DEFAULT_GLOBAL_QUERY: GlobalSearchQuery = {
  term: '',
  timeFrame: null,
  conversations: true,
  messages: true,
  files: true,
  meetings: true,
  people: true,
  flagged: false,
};

export const hasDateRange = (range: DateRange | null | undefined): boolean => !!range && (range.start !== null || range.end !== null);

export function hasChannelFilter(q: ChannelSearchQuery): boolean {
  return q.include_files || hasDateRange(q.date_range) || q.from_name.trim() !== '' || q.flags.length > 0;
}

/** Whether an in-channel search may run. */
export function canSearchChannel(q: ChannelSearchQuery): boolean {
  return q.term.trim() !== '' || hasChannelFilter(q);
}

export function hasGlobalFilter(q: GlobalSearchQuery): boolean {
  return q.flagged || hasDateRange(q.timeFrame);
}

export function canSearchGlobal(q: GlobalSearchQuery): boolean {
  return q.term.trim() !== '' || hasGlobalFilter(q);
}

/** The term as sent: trimmed, or a single space when only a filter is set. */
export function wireTerm(term: string): string {
  const trimmed = term.trim();
  return trimmed === '' ? ' ' : trimmed;
}

/** The words a term searches for, lower-cased, at most 10 (the server and the highlighter agree on these). */
export function searchWords(term: string): string[] {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, 10);
}

export const SEARCH_REFUSED = 'Type a search term or choose a filter.';

/** Whether a global search looks anywhere: with every source unchecked it would show nothing at all. */
export function hasGlobalSource(q: GlobalSearchQuery): boolean {
  return q.conversations || q.messages || q.people || q.meetings || q.files;
}

export const SEARCH_NO_SOURCE = 'Choose at least one place to look in.';

/**
 * The 12 flag colours, ids 1–12 in this order (spec 1 §3), as the search
 * filter names them. (The flags feature may keep its own copy; the ids agree.)
 */
export const FLAG_COLORS = ['Yellow', 'Yellow-orange', 'Orange', 'Red-orange', 'Red', 'Red-violet', 'Violet', 'Blue-violet', 'Blue', 'Blue-green', 'Green', 'Yellow-green'] as const;
