// What every PostgreSQL benchmark needs: its numeric arguments, and a fresh database (migrated,
// no demo data) made for the run and dropped after it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import type { FakeClock } from '../src/platform/clock';

/** `--name 123` from the command line, or the fallback. */
export const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function openBenchDatabase(clock: FakeClock): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = `hp_bench_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDataDir: 'memory' });
  await prepareDatabase(database, { clock });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
