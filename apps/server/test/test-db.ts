// The PostgreSQL server side of the integration tests' databases (TEST_DATABASE_URL).
import pg from 'pg';

// What global-setup.ts gives every test file (vitest's provide/inject).
declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory dump (PGlite's dumpDataDir) of a migrated database. */
    pgliteTemplateFile: string;
    /** A migrated database on the PostgreSQL server to create each test file's database from. */
    postgresTemplate: string;
  }
}

/** Test databases of one run share this prefix so the runner can drop leftovers of a crash. */
export const TEST_DB_PREFIX = process.env.TEST_DB_PREFIX ?? 'hp_test';

/** Runs one statement on the PostgreSQL server (create or drop a database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The server's URL with another database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
