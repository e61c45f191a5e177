// All SQL of the prices module.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceFeedState, priceQuotes } from './prices.tables';

export type QuoteRow = typeof priceQuotes.$inferSelect;

export function quotes(db: DbOrTx): Promise<QuoteRow[]> {
  return db.select().from(priceQuotes);
}

export async function upsertQuotes(db: DbOrTx, rows: Array<typeof priceQuotes.$inferInsert>): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(priceQuotes)
    .values(rows)
    .onConflictDoUpdate({
      target: [priceQuotes.kind, priceQuotes.code],
      set: { value: sql`excluded.value`, source: sql`excluded.source`, fetchedAt: sql`excluded.fetched_at`, reason: sql`excluded.reason`, setBy: sql`excluded.set_by` },
    });
}

/** The quote of one coin or currency, locked for an override (its old value goes to the audit log). */
export async function lockQuote(db: DbOrTx, kind: string, code: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(priceQuotes).where(sql`${priceQuotes.kind} = ${kind} and ${priceQuotes.code} = ${code}`).for('update');
  return row;
}

export async function feedState(db: DbOrTx) {
  const [row] = await db.select().from(priceFeedState).where(eq(priceFeedState.id, 1));
  return row ?? { id: 1, lastPollAt: null, lastError: null, staleAlertedAt: null, staleAlertedCodes: [], jumpAlertedCodes: [] };
}

export async function saveFeedState(db: DbOrTx, set: Partial<Omit<typeof priceFeedState.$inferInsert, 'id'>>): Promise<void> {
  await db.insert(priceFeedState).values({ id: 1, ...set }).onConflictDoUpdate({ target: priceFeedState.id, set });
}

/** The feed's state, locked until `tx` ends (two instances decide an alert one after the other). */
export async function lockFeedState(tx: DbOrTx) {
  await tx.insert(priceFeedState).values({ id: 1 }).onConflictDoNothing();
  const [row] = await tx.select().from(priceFeedState).where(eq(priceFeedState.id, 1)).for('update');
  return row!;
}
