// SQL of the earnings module's reference tables: each sub-account's payout method per coin and its
// switch history (pay_methods, pay_method_switches), the fee rates per coin and method
// (earning_fee_rates, and by the day they apply from: earning_fee_rate_history) and the market
// values per coin and day (market_data). Writes that must see the row they change lock it
// (select ... for update) inside the caller's transaction.
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { PayMethod, PayMethodState } from '@hashpool/shared';
import { queryRows, sqlArray, type DbOrTx, type Tx } from '../../db/client';
import { earningFeeRateHistory, earningFeeRates, marketData, marketDataGaps, payMethods, payMethodSwitches } from './earnings.tables';

export type PayMethodRow = typeof payMethods.$inferSelect;
export type MarketRow = typeof marketData.$inferSelect;
export type MarketInsert = typeof marketData.$inferInsert;
export type FeeRateRow = typeof earningFeeRates.$inferSelect;

// ---- payout methods ----

/** The stored choice of a sub-account and coin as the rule reads it; null when it never chose (the default method). */
export function payMethodState(row: PayMethodRow | undefined): PayMethodState | null {
  if (!row) return null;
  return { method: row.method, previousMethod: row.previousMethod ?? null, effectiveFrom: row.effectiveFrom };
}

/** A sub-account's rows of `coins`. */
export function payMethodRows(db: DbOrTx, accountId: string, coins: readonly string[]): Promise<PayMethodRow[]> {
  return db
    .select()
    .from(payMethods)
    .where(and(eq(payMethods.accountId, accountId), inArray(payMethods.coin, [...coins])));
}

/** A sub-account's row of one coin, if it ever chose. */
export async function payMethodRow(db: DbOrTx, accountId: string, coin: string): Promise<PayMethodRow | undefined> {
  const [row] = await db.select().from(payMethods).where(and(eq(payMethods.accountId, accountId), eq(payMethods.coin, coin)));
  return row;
}

/**
 * The method that pays each sub-account's work of `day` in `coin` (of `accountIds`, or of every
 * sub-account that ever chose): from the switch history, the last switch effective by then, else
 * what the first switch replaced; a sub-account with a stored choice but no switch has that
 * choice. Absent: the default method. The stored row alone (methodOnDay of packages/shared)
 * answers only today and later: a switch made just after midnight, 24 hours after the one
 * before, already holds the row when the day before is settled at 01:05, and the row's previous
 * method is then the one that took effect today, not the one that paid yesterday (the day
 * would be paid by a method it was not mined under: once by PPLNS blocks, again by FPPS).
 */
export async function payMethodsOnDay(db: DbOrTx, coin: string, day: string, accountIds?: readonly string[]): Promise<Map<string, PayMethod>> {
  const only = accountIds ? sql`and account_id in (${sql.join(accountIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  if (accountIds?.length === 0) return new Map();
  const stored = await queryRows<{ account_id: string; method: PayMethod }>(db, sql`select account_id::text, method from pay_methods where coin = ${coin} ${only}`);
  // One row per sub-account: among the switches effective by `day` the last, else the first.
  const switched = await queryRows<{ account_id: string; method: PayMethod }>(
    db,
    sql`select distinct on (account_id) account_id::text,
               case when effective_from <= ${day} then to_method else from_method end as method
          from pay_method_switches
         where coin = ${coin} ${only}
         order by account_id, (effective_from <= ${day}) desc,
                  case when effective_from <= ${day} then effective_from end desc nulls last,
                  case when effective_from <= ${day} then id end desc nulls last,
                  effective_from, id`,
  );
  return new Map([...stored, ...switched].map((r) => [r.account_id, r.method]));
}

/** The sub-account's row of the coin, made (with the default method) when missing, then locked. */
export async function lockPayMethod(tx: Tx, accountId: string, coin: string, defaultMethod: PayMethod, now: Date): Promise<PayMethodRow | undefined> {
  await tx.insert(payMethods).values({ accountId, coin, method: defaultMethod, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(payMethods).where(and(eq(payMethods.accountId, accountId), eq(payMethods.coin, coin))).for('update');
  return row;
}


/** Records a switch: the row's new choice and the history's entry. */
export async function recordSwitch(tx: Tx, s: { userId: string; accountId: string; coin: string; from: PayMethod; to: PayMethod; at: Date; effectiveFrom: string }): Promise<void> {
  await tx
    .update(payMethods)
    .set({ method: s.to, previousMethod: s.from, switchedAt: s.at, effectiveFrom: s.effectiveFrom, updatedAt: s.at })
    .where(and(eq(payMethods.accountId, s.accountId), eq(payMethods.coin, s.coin)));
  await tx.insert(payMethodSwitches).values({ accountId: s.accountId, coin: s.coin, fromMethod: s.from, toMethod: s.to, switchedAt: s.at, effectiveFrom: s.effectiveFrom, userId: s.userId });
}

// ---- fee rates ----

/** The fee rates of `coins` (every coin when not given). */
export function feeRateRows(db: DbOrTx, coins?: readonly string[]): Promise<FeeRateRow[]> {
  return db
    .select()
    .from(earningFeeRates)
    .where(coins ? inArray(earningFeeRates.coin, [...coins]) : undefined);
}

/** The fee rate of a coin and method, locked for its change. */
export async function lockFeeRate(tx: Tx, coin: string, method: PayMethod): Promise<FeeRateRow | undefined> {
  const [row] = await tx.select().from(earningFeeRates).where(and(eq(earningFeeRates.coin, coin), eq(earningFeeRates.method, method))).for('update');
  return row;
}

export async function upsertFeeRate(tx: Tx, r: { coin: string; method: PayMethod; feeRate: string; at: Date; by: string }): Promise<void> {
  await tx
    .insert(earningFeeRates)
    .values({ coin: r.coin, method: r.method, feeRate: r.feeRate, updatedAt: r.at, updatedBy: r.by })
    .onConflictDoUpdate({ target: [earningFeeRates.coin, earningFeeRates.method], set: { feeRate: r.feeRate, updatedAt: r.at, updatedBy: r.by } });
}

/**
 * Records a change of a coin's fee for a method from `effectiveFrom` (the next UTC day); the rate
 * before it, `previous`, as of 1970-01-01 when the coin and method had no history yet. Later
 * changes the same day replace that day's row.
 */
export async function recordFeeRateChange(tx: Tx, r: { coin: string; method: PayMethod; feeRate: string; previous: string; effectiveFrom: string; at: Date }): Promise<void> {
  await tx.insert(earningFeeRateHistory).values({ coin: r.coin, method: r.method, effectiveFrom: '1970-01-01', feeRate: r.previous, setAt: r.at }).onConflictDoNothing();
  await tx
    .insert(earningFeeRateHistory)
    .values({ coin: r.coin, method: r.method, effectiveFrom: r.effectiveFrom, feeRate: r.feeRate, setAt: r.at })
    .onConflictDoUpdate({ target: [earningFeeRateHistory.coin, earningFeeRateHistory.method, earningFeeRateHistory.effectiveFrom], set: { feeRate: r.feeRate, setAt: r.at } });
}

/** The rates in force on `day` of the coins' methods that have a history (the others: their current rate). */
export function feeRatesInForce(db: DbOrTx, coins: readonly string[], day: string) {
  return queryRows<{ coin: string; method: PayMethod; fee_rate: string }>(
    db,
    sql`select distinct on (coin, method) coin, method, fee_rate::text as fee_rate from earning_fee_rate_history
         where coin = any(${sqlArray([...coins])}::text[]) and effective_from <= ${day}::date
         order by coin, method, effective_from desc`,
  );
}

/** A coin's fee changes by the day they apply from, oldest first. */
export function feeRateHistory(db: DbOrTx, coin: string) {
  return queryRows<{ method: PayMethod; fee_rate: string; effective_from: string }>(
    db,
    sql`select method, fee_rate::text as fee_rate, effective_from::text as effective_from from earning_fee_rate_history where coin = ${coin} order by effective_from`,
  );
}

/** Changes that apply after `day` (made on it: a change applies from the next UTC day), the first of each coin and method. */
export function feeRatesScheduled(db: DbOrTx, coins: readonly string[], day: string) {
  return queryRows<{ coin: string; method: PayMethod; fee_rate: string; effective_from: string }>(
    db,
    sql`select distinct on (coin, method) coin, method, fee_rate::text as fee_rate, effective_from::text as effective_from from earning_fee_rate_history
         where coin = any(${sqlArray([...coins])}::text[]) and effective_from > ${day}::date
         order by coin, method, effective_from`,
  );
}

/** Fee rates where missing (the seed; operators' rates are kept). */
export async function insertMissingFeeRates(db: DbOrTx, rows: Array<typeof earningFeeRates.$inferInsert>): Promise<void> {
  if (rows.length > 0) await db.insert(earningFeeRates).values(rows).onConflictDoNothing();
}

// ---- market data ----

export async function marketDay(db: DbOrTx, coin: string, day: string): Promise<MarketRow | undefined> {
  const [row] = await db.select().from(marketData).where(and(eq(marketData.coin, coin), eq(marketData.day, day)));
  return row;
}

/** A coin's days from `from` to `to`, oldest first. */
export function marketDays(db: DbOrTx, coin: string, from: string, to: string): Promise<MarketRow[]> {
  return db.select().from(marketData).where(and(eq(marketData.coin, coin), gte(marketData.day, from), lte(marketData.day, to))).orderBy(asc(marketData.day));
}

/** A coin's latest day up to `day` (any day when not given). */
export async function latestMarketDay(db: DbOrTx, coin: string, day?: string): Promise<MarketRow | undefined> {
  const [row] = await db
    .select()
    .from(marketData)
    .where(day === undefined ? eq(marketData.coin, coin) : and(eq(marketData.coin, coin), lte(marketData.day, day)))
    .orderBy(desc(marketData.day))
    .limit(1);
  return row;
}

/** Inserts the days that are missing; answers the days inserted. */
/** Gives a day without a price the feed's price, unless an operator set the day (kept as set). */
export async function fillMissingPrice(db: DbOrTx, coin: string, day: string, priceUsd: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(marketData)
    .set({ priceUsd, updatedAt: at })
    .where(and(eq(marketData.coin, coin), eq(marketData.day, day), isNull(marketData.priceUsd), ne(marketData.source, 'operator')))
    .returning({ coin: marketData.coin });
  return rows.length > 0;
}

export async function insertMissingMarketDays(db: DbOrTx, rows: MarketInsert[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(marketData).values(rows).onConflictDoNothing().returning({ day: marketData.day });
  return inserted.map((r) => r.day);
}

/** Records a coin's missing market day once; true the first time (the operators are told then). */
export async function recordMarketGap(db: DbOrTx, coin: string, day: string, reason: string, at: Date): Promise<boolean> {
  const rows = await db.insert(marketDataGaps).values({ coin, day, reason, alertedAt: at }).onConflictDoNothing().returning({ day: marketDataGaps.day });
  return rows.length > 0;
}

/** The coins that have any day. */
export async function coinsWithMarketData(db: DbOrTx): Promise<Set<string>> {
  return new Set((await db.selectDistinct({ coin: marketData.coin }).from(marketData)).map((r) => r.coin));
}

/** A page of a coin's days, newest first, with their number. */
export async function marketPage(db: DbOrTx, coin: string, offset: number, limit: number): Promise<{ rows: MarketRow[]; total: number }> {
  const where = eq(marketData.coin, coin);
  const [rows, [total]] = await Promise.all([
    db.select().from(marketData).where(where).orderBy(desc(marketData.day)).limit(limit).offset(offset),
    db.select({ n: count().mapWith(Number) }).from(marketData).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A coin's day, locked for its change. */
export async function lockMarketDay(tx: Tx, coin: string, day: string): Promise<MarketRow | undefined> {
  const [row] = await tx.select().from(marketData).where(and(eq(marketData.coin, coin), eq(marketData.day, day))).for('update');
  return row;
}

/** Sets a coin's day (an operator's values). */
export async function upsertMarketDay(tx: Tx, coin: string, day: string, values: Omit<MarketInsert, 'coin' | 'day'>): Promise<void> {
  await tx.insert(marketData).values({ coin, day, ...values }).onConflictDoUpdate({ target: [marketData.coin, marketData.day], set: values });
}
