/**
 * The one place that talks to a database driver. Everything else uses the
 * small `Database` interface and plain PostgreSQL SQL, so the same queries run
 * on PGlite (embedded, the default) and on a real PostgreSQL server
 * (DATABASE_URL, through `pg`).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Parameter values the queries pass. */
export type SqlValue = string | number | boolean | null | readonly string[];

/** A query runner: the database itself or an open transaction. */
export interface Queryable {
  query<T extends object>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `fn` in a transaction; PGlite runs it exclusively (nothing interleaves). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface PgLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(pg: PgLike): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      const result = await pg.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when given, `dataDir` is ignored. */
  url?: string;
  /** PGlite data directory; undefined keeps the database in memory. */
  dataDir?: string;
}

/** Opens PostgreSQL at `url`, else PGlite (persisted in `dataDir`, or in memory). */
export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir);
}

const INT8_OID = 20;

/**
 * A real PostgreSQL server. One connection, like PGlite's single session: the
 * queries rely on statements not interleaving (e.g. a message's `created` is
 * the channel's last plus one), so they are serialized here as PGlite does.
 * int8 columns hold epoch milliseconds and counts, well inside Number's range.
 */
async function openPostgres(url: string): Promise<Database> {
  const types = { getTypeParser: (oid: number, format?: string) => (oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) };
  const pool = new pg.Pool({ connectionString: url, max: 1, types });
  const client = await pool.connect();
  client.release();
  const on = (q: { query: pg.Pool['query'] }): Queryable => ({
    async query<T extends object>(sql: string, params: readonly SqlValue[] = []) {
      return (await q.query(sql, [...params])).rows as T[];
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  return {
    ...on(pool),
    async transaction(fn) {
      const tx = await pool.connect();
      try {
        await tx.query('BEGIN');
        const result = await fn(on(tx as unknown as { query: pg.Pool['query'] }));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        await tx.query('ROLLBACK');
        throw error;
      } finally {
        tx.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
  const base = wrap(pg);
  return {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
