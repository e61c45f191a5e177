// Opens the database: node-postgres when DATABASE_URL is set, otherwise embedded PGlite (a file
// directory, or memory for tests). Both give the same drizzle API and take the same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
export type Db = PgDatabase<PgQueryResultHKT>;
/** The handle a transaction callback receives; repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, for the few things that need one connection of their own. */
  pgPool?: pg.Pool;
  close(): Promise<void>;
}

// numeric and int8 stay strings on node-postgres by default: money must never pass through a
// JS number. (PGlite returns numeric as strings too; counts are mapped explicitly where used.)

export async function openDatabase(options: { databaseUrl?: string | undefined; pgliteDataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose server goes away (restart, failover, admin termination) emits
    // `error`; unheard, that would crash the process. The pool replaces the client on next use.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(`database: idle connection lost (${error.code ?? error.message})`);
    });
    // Fail at start, not on the first request, when the server is unreachable.
    const client = await pool.connect();
    client.release();
    return { db: drizzlePg(pool) as unknown as Db, kind: 'postgres', pgPool: pool, close: () => pool.end() };
  }
  const inMemory = options.pgliteDataDir === 'memory';
  if (!inMemory) mkdirSync(path.resolve(options.pgliteDataDir), { recursive: true });
  return openPglite(inMemory ? {} : { dataDir: path.resolve(options.pgliteDataDir) });
}

/**
 * Embedded PGlite: in a directory, in memory, or in memory from a dump of another's data directory
 * (`loadDataDir`: the integration tests start every file from one migrated database).
 */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database & { client: PGlite }> {
  // pg_trgm: the worker name search's index (mining.tables.ts); the PostgreSQL server has it built in.
  const client = new PGlite({ ...options, extensions: { pg_trgm } });
  await client.waitReady;
  return { db: drizzlePglite(client) as unknown as Db, kind: 'pglite', client, close: () => client.close() };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, the shared type cannot say so. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A JS array as ONE query parameter (`${sqlArray(ids)}::bigint[]`). Drizzle spreads a bare array
 * inside sql`` into a list of parameters, which is what `in (...)` wants and unnest() does not.
 */
export function sqlArray(values: readonly unknown[]): SQL {
  return sql`${sql.param(values)}`;
}

/**
 * The same for finite numbers, sent as one array literal (`${numberArray(xs)}::float8[]`): the
 * driver quotes and escapes array elements one by one, which for the hundred thousand numbers of
 * an ingestion flush cost more than the statement.
 */
export function numberArray(values: readonly number[]): SQL {
  return sql`${sql.param(`{${values.join(',')}}`)}`;
}

/** A page of rows and the number of all rows of its query, read together. */
export async function withTotal<T>(rows: PromiseLike<T[]>, count: PromiseLike<Array<{ n: number }>>): Promise<{ rows: T[]; total: number }> {
  const [page, [all]] = await Promise.all([rows, count]);
  return { rows: page, total: all?.n ?? 0 };
}

/** The first row a query answers, if any. */
export async function first<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  const [row] = await rows;
  return row;
}

/** The one row an insert … returning() answers. */
export async function inserted<T>(rows: PromiseLike<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}
