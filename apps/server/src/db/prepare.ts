// What every start does to the database before serving: migrate, then each module's reference
// data in registry order, and its demo data when DEMO_SEED is on.
import { MODULES } from '../modules/registry';
import type { Clock } from '../platform/clock';
import type { Database } from './client';
import { runMigrations } from './migrate';

export async function prepareDatabase(database: Database, options: { demo: boolean; clock: Clock }): Promise<void> {
  await runMigrations(database);
  for (const m of MODULES) await m.seed?.(database.db, options.clock);
  if (options.demo) for (const m of MODULES) await m.demo?.(database.db, options.clock);
}
