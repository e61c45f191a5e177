// Migrations are SQL files made by drizzle-kit (`npm run db:generate`) in apps/server/drizzle and
// applied at every start. On PostgreSQL an advisory lock keeps two starting instances from
// applying the same migration at once.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const LOCK_ID = 7_304_911; // arbitrary, constant: "hashpool migrations"

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    return;
  }
  // A session-level lock needs one connection for lock, migrate and unlock.
  const client = await database.pgPool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_ID]);
    await migratePg(drizzlePg(client), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
