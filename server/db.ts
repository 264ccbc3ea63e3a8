/**
 * The one place that talks to the database driver. Everything else uses the
 * small `Database` interface, so a real PostgreSQL (DATABASE_URL, e.g. via `pg`)
 * can be added later as a second implementation without touching the queries:
 * the SQL used elsewhere is plain PostgreSQL.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/** Parameter values the queries pass. */
export type SqlValue = string | number | boolean | null;

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

/** Opens PGlite: persisted in `dataDir`, or in memory when it is undefined. */
export async function openDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
  const base = wrap(pg);
  return {
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
