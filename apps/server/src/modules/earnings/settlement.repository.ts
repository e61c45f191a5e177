// SQL of the daily settlement: each coin's day run (settlement_runs, with the copy of the market
// values it used and its totals) and the profit rows it computed (profits), written in one
// transaction and credited from, in account order, chunk by chunk.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, sqlArray, type DbOrTx, type Tx } from '../../db/client';
import { profits, settlementRuns } from './earnings.tables';

export type SettlementRunRow = typeof settlementRuns.$inferSelect;
export type ProfitRow = typeof profits.$inferSelect;

/** A profit row as computed, before it is written (its amount decided with the carried fraction). */
export interface NewProfit {
  accountId: string;
  method: string;
  work: number;
  feeRate: string;
  gross: string;
  amount: string;
}

/** A daily profit row keeps the rate before any reduction too (the coupon saving recorded later uses it). */
export interface NewDailyProfit extends NewProfit {
  fullFeeRate: string;
}

export async function settlementRun(db: DbOrTx, coin: string, day: string): Promise<SettlementRunRow | undefined> {
  const [run] = await db.select().from(settlementRuns).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
  return run;
}

/**
 * What the daily settlement has run so far: each coin's first run (any status), and the coin-days
 * of [from, to] settled in full ("<coin> <day>").
 */
export async function settlementProgress(db: DbOrTx, from: string, to: string): Promise<{ firstDay: Map<string, string>; done: Set<string> }> {
  const first = await queryRows<{ coin: string; day: string }>(db, sql`select coin, min(day)::text as day from settlement_runs group by coin`);
  const done = await queryRows<{ coin: string; day: string }>(db, sql`select coin, day::text as day from settlement_runs where status = 'done' and day between ${from}::date and ${to}::date`);
  return { firstDay: new Map(first.map((r) => [r.coin, r.day])), done: new Set(done.map((r) => `${r.coin} ${r.day}`)) };
}

/** Writes the run's row unless one is there (another instance computed the day meanwhile); true when written. */
export async function insertRun(tx: Tx, run: { coin: string; day: string; networkDifficulty: string; blockSubsidy: string; avgFeesPerBlock: string; accounts: number; startedAt: Date }): Promise<boolean> {
  const inserted = await tx
    .insert(settlementRuns)
    .values({ ...run, status: 'computed' })
    .onConflictDoNothing()
    .returning({ coin: settlementRuns.coin });
  return inserted.length > 0;
}

export async function setRunTotals(tx: Tx, coin: string, day: string, paid: string, remainder: string): Promise<void> {
  await tx.update(settlementRuns).set({ paid, remainder }).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
}

export async function markRunDone(db: DbOrTx, coin: string, day: string, at: Date): Promise<void> {
  await db.update(settlementRuns).set({ status: 'done', finishedAt: at }).where(and(eq(settlementRuns.coin, coin), eq(settlementRuns.day, day)));
}

/** Writes profit rows of a coin's day in one statement (the caller passes a chunk at a time). */
export async function insertProfits(tx: Tx, coin: string, day: string, rows: readonly NewDailyProfit[]): Promise<void> {
  await tx.execute(sql`insert into profits (account_id, coin, day, method, work, fee_rate, full_fee_rate, gross, amount)
    select a, ${coin}, ${day}::date, m, w, f, ff, g, n
      from unnest(${sqlArray(rows.map((r) => r.accountId))}::uuid[], ${sqlArray(rows.map((r) => r.method))}::text[], ${sqlArray(rows.map((r) => r.work))}::float8[],
                  ${sqlArray(rows.map((r) => r.feeRate))}::numeric[], ${sqlArray(rows.map((r) => r.fullFeeRate))}::numeric[], ${sqlArray(rows.map((r) => r.gross))}::numeric[],
                  ${sqlArray(rows.map((r) => r.amount))}::numeric[]) as t(a, m, w, f, ff, g, n)`);
}

/** The next `limit` profit rows of a coin's day with something to credit, after account `after`, in account order. */
export function profitsToCredit(db: DbOrTx, coin: string, day: string, after: string, limit: number): Promise<ProfitRow[]> {
  return db
    .select()
    .from(profits)
    .where(and(eq(profits.coin, coin), eq(profits.day, day), gt(profits.accountId, after), sql`${profits.amount} > 0`))
    .orderBy(asc(profits.accountId), asc(profits.method))
    .limit(limit);
}

/** The profit rows of a settled coin and day of some sub-accounts (the coupons' savings read them). */
export function profitsOfAccounts(db: DbOrTx, coin: string, day: string, accountIds: readonly string[]): Promise<ProfitRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db.select().from(profits).where(and(eq(profits.coin, coin), eq(profits.day, day), inArray(profits.accountId, [...accountIds])));
}
