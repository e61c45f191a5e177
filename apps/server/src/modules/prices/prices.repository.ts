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
  return row ?? { id: 1, lastPollAt: null, lastError: null, staleAlertedAt: null };
}

export async function saveFeedState(db: DbOrTx, set: Partial<Omit<typeof priceFeedState.$inferInsert, 'id'>>): Promise<void> {
  await db.insert(priceFeedState).values({ id: 1, ...set }).onConflictDoUpdate({ target: priceFeedState.id, set });
}

/** Claims the stale alert: true for the one caller that set it (two instances alert once). */
export async function claimStaleAlert(db: DbOrTx, at: Date): Promise<boolean> {
  await db.insert(priceFeedState).values({ id: 1 }).onConflictDoNothing();
  const rows = await db.update(priceFeedState).set({ staleAlertedAt: at }).where(sql`${priceFeedState.id} = 1 and ${priceFeedState.staleAlertedAt} is null`).returning({ id: priceFeedState.id });
  return rows.length > 0;
}
