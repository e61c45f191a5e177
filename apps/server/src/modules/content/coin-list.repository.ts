// SQL of the operators' coin list (the coins table's listing columns).
import { asc, eq } from 'drizzle-orm';
import { first, type DbOrTx } from '../../db/client';
import { coins } from './content.tables';

export type CoinRow = typeof coins.$inferSelect;

export function listAll(db: DbOrTx): Promise<CoinRow[]> {
  return db.select().from(coins).orderBy(asc(coins.sortOrder), asc(coins.code));
}

/** The coin's row, locked until the transaction ends (two operators' changes apply one after the other). */
export function findForUpdate(db: DbOrTx, code: string): Promise<CoinRow | undefined> {
  return first(db.select().from(coins).where(eq(coins.code, code)).for('update'));
}

export function update(db: DbOrTx, code: string, values: Pick<CoinRow, 'enabled' | 'sortOrder' | 'stratumUrl' | 'updatedAt'>): Promise<CoinRow | undefined> {
  return first(db.update(coins).set(values).where(eq(coins.code, code)).returning());
}
