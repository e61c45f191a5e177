// SQL of the operators' coin list (the coins table's listing columns).
import { asc, eq, sql } from 'drizzle-orm';
import { first, type DbOrTx } from '../../db/client';
import { coins } from './content.tables';

export type CoinRow = typeof coins.$inferSelect;

export function listAll(db: DbOrTx): Promise<CoinRow[]> {
  return db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.code));
}

/** Serializes changes of the coin list until commit. */
export async function lockListing(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('coin-listing', 0))`);
}

/** The coin's row, locked until the transaction ends (two operators' changes apply one after the other). */
export function findForUpdate(db: DbOrTx, code: string): Promise<CoinRow | undefined> {
  return first(db.select().from(coins).where(eq(coins.code, code)).for('update'));
}

export function update(db: DbOrTx, code: string, values: Pick<CoinRow, 'enabled' | 'sortOrder' | 'stratumUrl' | 'updatedAt'>): Promise<CoinRow | undefined> {
  return first(db.update(coins).set(values).where(eq(coins.code, code)).returning());
}
