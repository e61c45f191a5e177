// ALEO's prover stake schedule (ARC-46): from each instant, the stake that lands one solution per
// epoch. Seeded from the published schedule (ALEO_STAKE_SCHEDULE_SEED); operators add or change
// entries (audited) when the network changes it.
import { numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRefs } from '../accounts';

export const aleoStakeSchedule = pgTable('aleo_stake_schedule', {
  effectiveFrom: timestamp('effective_from', { withTimezone: true }).primaryKey(),
  /** ALEO credits per solution per epoch. */
  stakePerSolution: numeric('stake_per_solution', { precision: 24, scale: 6 }).notNull(),
  /** seed, or operator. */
  source: text('source').notNull(),
  updatedBy: uuid('updated_by').references(accountRefs.userId),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
