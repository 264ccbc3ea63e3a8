/** In-channel search, jumping to a hit, and global search (spec 2 §3, §5, §7 "Messages and search"). */
import { z } from 'zod';
import { Message } from '../entities';
import { guid, ok, secure } from './endpoint';

const epochMs = z.number().int().nonnegative();
export const DateRangeSchema = z
  .object({ start: epochMs.nullable().default(null), end: epochMs.nullable().default(null) })
  .refine((r) => r.start === null || r.end === null || r.start <= r.end, { message: 'The range ends before it starts.', path: ['end'] });

export const SEARCH_PAGE_SIZE = 50;
/** Messages before and after the anchor that load_context returns (both directions: each side). */
export const CONTEXT_SIZE = 25;

/**
 * A search hit (spec 2 §3): the message, is_search_hit, and its context — the
 * message just before and just after it in the channel.
 */
export const SearchHit = z
  .looseObject({
    is_search_hit: z.boolean().default(true),
    before: z.array(Message).max(5).default([]),
    after: z.array(Message).max(5).default([]),
  })
  .transform((raw, ctx) => {
    const message = Message.safeParse(raw);
    if (!message.success) {
      for (const issue of message.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return { message: message.data, is_search_hit: raw.is_search_hit, before: raw.before, after: raw.after };
  });
export type SearchHit = z.output<typeof SearchHit>;

export const MessageSearchRequest = z.object({
  address: guid,
  /** At least one character: an empty term with a filter is sent as ' ' (spec 2 §5). */
  term: z.string().min(1, 'Type a search term or choose a filter.').max(500),
  page: z.number().int().min(0).max(10_000).default(0),
  flags: z.array(z.number().int().min(1).max(12)).max(12).default([]),
  include_files: z.boolean().default(false),
  date_range: DateRangeSchema.nullable().default(null),
  from_name: z.string().max(200).default(''),
});
/** `terms`: the words matched, for highlighting. */
export const MessageSearchResponse = z.object({
  isOk: ok,
  messages: z.array(SearchHit).max(SEARCH_PAGE_SIZE),
  result_count: z.number().int().nonnegative(),
  terms: z.array(z.string().max(200)).max(20).default([]),
});

export const LoadContextRequest = z.object({ address: guid, guid, direction: z.enum(['both', 'before', 'after']).default('both') });
/** Messages in ascending order; `has_before`/`has_after` say whether more exist on that side. */
export const LoadContextResponse = z.object({
  isOk: ok,
  messages: z.array(Message).max(2 * CONTEXT_SIZE + 1),
  has_before: z.boolean(),
  has_after: z.boolean(),
});

/** Across every channel of the source the user belongs to. */
export const GlobalSearchRequest = z.object({
  term: z.string().min(1, 'Type a search term or choose a filter.').max(500),
  page: z.number().int().min(0).max(10_000).default(0),
  date_range: DateRangeSchema.nullable().default(null),
  flagged: z.boolean().default(false),
});
export const GlobalSearchResponse = MessageSearchResponse;

export const searchEndpoints = {
  messageSearch: secure('/confirmed/corporate/messages/search', MessageSearchRequest, MessageSearchResponse),
  loadContext: secure('/confirmed/corporate/messages/load_context', LoadContextRequest, LoadContextResponse),
  globalSearch: secure('/confirmed/corporate/messages/global_search', GlobalSearchRequest, GlobalSearchResponse),
} as const;
