// What every start does to the database before serving: migrate, then seed.
import type { Clock } from '../platform/clock';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { seedDemoContent, seedReferenceData } from '../modules/content/content.seed';
import { ensureRoles } from '../modules/accounts/accounts.repository';
import { ROLE_DEFINITIONS } from '../modules/accounts/accounts.service';
import { seedDemoUser } from '../modules/accounts/accounts.seed';
import { seedWalletLimits } from '../modules/wallet/wallet.seed';
import { seedAleoStakeSchedule } from '../modules/address-mining/aleo-stake.service';
import { ContentService } from '../modules/content/content.service';
import { seedEarnings } from '../modules/earnings/earnings.seed';
import { seedDemoSettlements } from '../modules/earnings/earnings.demo';

export async function prepareDatabase(database: Database, options: { demo: boolean; clock: Clock }): Promise<void> {
  await runMigrations(database);
  await seedReferenceData(database.db);
  await ensureRoles(database.db, ROLE_DEFINITIONS);
  await seedWalletLimits(database.db);
  await seedAleoStakeSchedule(database.db, options.clock.now());
  // Fee rates and the first market day start from the coin registry (pool fee, price).
  const pools = await new ContentService(database.db, options.clock, {}).pools();
  await seedEarnings(database.db, options.clock.now(), pools);
  if (options.demo) {
    await seedDemoContent(database.db, options.clock.now());
    await seedDemoUser(database.db, options.clock.now());
    // A week of the demo farm's mining, settled by the real settlement (labelled demo: the demo farm).
    await seedDemoSettlements(database.db, options.clock, pools);
  }
}
