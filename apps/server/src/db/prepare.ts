// What every start does to the database before the app is built: migrate, then each module's
// reference data in registry order. Demo data (DEMO_SEED) comes after the modules are created,
// through their services (app.ts loadDemoData).
import { MODULES } from '../modules/registry';
import type { Clock } from '../platform/clock';
import type { Database } from './client';
import { runMigrations } from './migrate';

export async function prepareDatabase(database: Database, options: { clock: Clock }): Promise<void> {
  await runMigrations(database);
  for (const m of MODULES) await m.seed?.(database.db, options.clock);
}
