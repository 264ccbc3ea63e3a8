/**
 * Message search in PostgreSQL: full-text over the messages' plain text
 * (migration 52: a generated `search_text` column and a GIN index on its
 * 'simple' tsvector), every word matched as a prefix, newest first; plus the
 * messages around a message for jumping to a hit.
 */
import type { MessageWire } from '../protocol/entities';
import { MESSAGE_FROM, messageColumns, messageFlagSql, toStored, type MessageRow, type StoredMessage } from './channel-store';
import { searchWords, type DateRange } from '../protocol/rules/search-query';
import { CONTEXT_SIZE, SEARCH_PAGE_SIZE } from '../protocol/rest/search';
import type { Queryable, SqlValue } from './db';
import { toPgArray } from './status-store';

type Wire = StoredMessage['wire'];
/** A message row (channel-store's columns) in wire shape: files, reactions and thread summary included. */
const wire = (r: MessageRow): Wire => toStored(r).wire;

export interface SearchFilters {
  term: string;
  flags: readonly number[];
  filesOnly: boolean;
  dateRange: DateRange | null;
  fromName: string;
  flaggedOnly?: boolean;
  /** Whose flags count (flags are per user). */
  viewerGuid: string;
}

export type SearchHitWire = Wire & { is_search_hit: true; before: Wire[]; after: Wire[] };

/** A tsquery of the words, each a prefix ('simple' config): "dep gre" matches "Deploy is green". */
export function tsQuery(words: readonly string[]): string {
  return words.map((w) => `${w.replace(/[^\p{L}\p{N}_]/gu, '')}:*`).filter((w) => w !== ':*').join(' & ');
}

/**
 * Searches the given channels (files only: messages that share a file). Returns a page of hits with the
 * message before and after each, the total count, and the words matched.
 */
export async function searchMessages(
  db: Queryable,
  channelGuids: readonly string[],
  f: SearchFilters,
  page: number,
): Promise<{ hits: SearchHitWire[]; count: number; terms: string[] }> {
  const terms = searchWords(f.term);
  if (channelGuids.length === 0) return { hits: [], count: 0, terms };
  const params: SqlValue[] = [toPgArray(channelGuids)];
  // Hits are conversation messages: replies live in their threads (and a hit opens the conversation around it).
  const where = ['m.channel_guid = ANY($1::text[])', 'm.deleted_at IS NULL', 'm.reply_to IS NULL'];
  if (f.filesOnly) where.push('m.file_json IS NOT NULL');
  const add = (sql: (n: string) => string, value: SqlValue) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  const query = tsQuery(terms);
  if (query) add((p) => `to_tsvector('simple', m.search_text) @@ to_tsquery('simple', ${p})`, query);
  if (f.flags.length > 0 || f.flaggedOnly) add((p) => `${messageFlagSql(p)} ${f.flags.length > 0 ? `= ANY('{${f.flags.map((n) => Math.trunc(n)).join(',')}}'::int[])` : '> 0'}`, f.viewerGuid);
  if (f.dateRange?.start != null) add((p) => `m.created >= ${p}`, f.dateRange.start);
  if (f.dateRange?.end != null) add((p) => `m.created <= ${p}`, f.dateRange.end);
  const fromName = f.fromName.trim().toLowerCase();
  if (fromName) add((p) => `lower(u.first_name || ' ' || u.last_name) LIKE ${p}`, `%${fromName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const filter = where.join(' AND ');
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${MESSAGE_FROM} WHERE ${filter}`, params);
  // The viewer's guid goes last, for the flag column (the count above may not need it).
  const rows = await db.query<MessageRow>(
    `SELECT ${messageColumns(`$${params.length + 1}`)} FROM ${MESSAGE_FROM} WHERE ${filter} ORDER BY m.created DESC, m.guid DESC LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${page * SEARCH_PAGE_SIZE}`,
    [...params, f.viewerGuid],
  );
  const hits: SearchHitWire[] = [];
  for (const row of rows) {
    const [before, after] = await Promise.all([neighbours(db, row.channel_guid, Number(row.created), 'before', 1, f.viewerGuid), neighbours(db, row.channel_guid, Number(row.created), 'after', 1, f.viewerGuid)]);
    hits.push({ ...wire(row), is_search_hit: true, before, after });
  }
  return { hits, count: count[0]?.n ?? 0, terms };
}

/** Up to `limit` non-deleted top-level messages strictly before or after `created` in a channel, ascending. */
async function neighbours(db: Queryable, channelGuid: string, created: number, side: 'before' | 'after', limit: number, viewerGuid: string): Promise<Wire[]> {
  const rows = await db.query<MessageRow>(
    `SELECT ${messageColumns('$4')} FROM ${MESSAGE_FROM} WHERE m.channel_guid = $1 AND m.deleted_at IS NULL AND m.reply_to IS NULL AND m.created ${side === 'before' ? '<' : '>'} $2
      ORDER BY m.created ${side === 'before' ? 'DESC' : 'ASC'} LIMIT $3`,
    [channelGuid, created, limit, viewerGuid],
  );
  const list = rows.map(wire);
  return side === 'before' ? list.reverse() : list;
}

/**
 * The messages around `anchor` (spec 2 §7 load_context): CONTEXT_SIZE on each
 * side and the anchor ('both'), or 2×CONTEXT_SIZE strictly before or after it.
 */
export async function loadContext(
  db: Queryable,
  channelGuid: string,
  anchor: { created: number; wire: MessageWire },
  direction: 'both' | 'before' | 'after',
  viewerGuid = '',
): Promise<{ messages: MessageWire[]; has_before: boolean; has_after: boolean }> {
  const size = direction === 'both' ? CONTEXT_SIZE : 2 * CONTEXT_SIZE;
  const before = direction === 'after' ? [] : await neighbours(db, channelGuid, anchor.created, 'before', size + 1, viewerGuid);
  const after = direction === 'before' ? [] : await neighbours(db, channelGuid, anchor.created, 'after', size + 1, viewerGuid);
  const hasBefore = before.length > size;
  const hasAfter = after.length > size;
  const shownBefore = hasBefore ? before.slice(1) : before;
  const shownAfter = hasAfter ? after.slice(0, size) : after;
  const messages = direction === 'both' ? [...shownBefore, anchor.wire, ...shownAfter] : direction === 'before' ? shownBefore : shownAfter;
  // For one direction, the other side's answer is not known here: report true (the anchor itself lies that way).
  return {
    messages,
    has_before: direction === 'after' ? true : hasBefore,
    has_after: direction === 'before' ? true : hasAfter,
  };
}
