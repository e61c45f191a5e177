// SQL of the ALEO stake schedule (aleo_stake_schedule): the seed, the entries, an operator's change.
import { asc, eq, sql } from 'drizzle-orm';
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
 * The entry of an instant, its changes taking turns until the transaction ends (an advisory lock
 * of the instant: a row lock would hold nothing while the entry does not exist yet): an operator's
 * change reads the value it replaces for the audit, and one made at the same moment waits for it.
 */
export async function findEntryForUpdate(tx: DbOrTx, from: Date): Promise<StakeScheduleRow | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`aleo-stake:${from.toISOString()}`}, 0))`);
  const [row] = await tx.select().from(aleoStakeSchedule).where(eq(aleoStakeSchedule.effectiveFrom, from));
  return row;
}

export async function upsertEntry(db: DbOrTx, e: { effectiveFrom: Date; stakePerSolution: string; updatedBy: string; updatedAt: Date }): Promise<void> {
  const values = { ...e, source: 'operator' };
  await db.insert(aleoStakeSchedule).values(values).onConflictDoUpdate({ target: aleoStakeSchedule.effectiveFrom, set: { stakePerSolution: e.stakePerSolution, source: 'operator', updatedBy: e.updatedBy, updatedAt: e.updatedAt } });
}
