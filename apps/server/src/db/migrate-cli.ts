// `npm run db:migrate`: apply migrations to DATABASE_URL (or the PGlite directory) and exit.
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
await runMigrations(database);
await database.close();
console.log(`migrations applied (${database.kind})`);
