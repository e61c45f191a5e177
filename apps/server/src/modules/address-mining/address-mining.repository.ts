// SQL of the ALEO stake schedule (aleo_stake_schedule): the seed, the entries, an operator's change.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aleoStakeSchedule } from './address-mining.tables';

export type StakeScheduleRow = typeof aleoStakeSchedule.$inferSelect;

/** Adds the entries that are missing (every start; an operator's change of a seeded entry stays). */
export async function insertMissingEntries(db: DbOrTx, entries: Array<{ effectiveFrom: Date; stakePerSolution: string }>, now: Date): Promise<void> {
  await db
    .insert(aleoStakeSchedule)
    .values(entries.map((e) => ({ ...e, source: 'seed', updatedAt: now })))
    .onConflictDoNothing();
}

/** The whole schedule, oldest first. */
export function scheduleEntries(db: DbOrTx): Promise<StakeScheduleRow[]> {
  return db.select().from(aleoStakeSchedule).orderBy(asc(aleoStakeSchedule.effectiveFrom));
}

/**
 * The entry of an instant, locked until the transaction ends: an operator's change reads the value
 * it replaces for the audit, and a change made at the same moment waits instead of reading the same.
 */
export async function findEntryForUpdate(db: DbOrTx, from: Date): Promise<StakeScheduleRow | undefined> {
  const [row] = await db.select().from(aleoStakeSchedule).where(eq(aleoStakeSchedule.effectiveFrom, from)).for('update');
  return row;
}

export async function upsertEntry(db: DbOrTx, e: { effectiveFrom: Date; stakePerSolution: string; updatedBy: string; updatedAt: Date }): Promise<void> {
  const values = { ...e, source: 'operator' };
  await db.insert(aleoStakeSchedule).values(values).onConflictDoUpdate({ target: aleoStakeSchedule.effectiveFrom, set: { stakePerSolution: e.stakePerSolution, source: 'operator', updatedBy: e.updatedBy, updatedAt: e.updatedAt } });
}
