// Every query of staking and borrowing; each function takes `db: DbOrTx` so a service passes its
// transaction. Rows that a rule decides on are read `for update` inside that transaction.
import { and, asc, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { BatchStatus, LoanStatus } from '@hashpool/shared';
import { first, inserted, queryRows, type DbOrTx } from '../../db/client';
import { loanAccruals, loanProducts, loanRepayments, loans, stakeAccruals, stakeBatches, stakeChanges, stakes } from './staking.tables';

export type BatchRow = typeof stakeBatches.$inferSelect;
export type StakeRow = typeof stakes.$inferSelect;
export type ProductRow = typeof loanProducts.$inferSelect;
export type LoanRow = typeof loans.$inferSelect;

// Batches

export function batches(db: DbOrTx, statuses?: BatchStatus[]): Promise<BatchRow[]> {
  return db.select().from(stakeBatches).where(statuses ? inArray(stakeBatches.status, statuses) : undefined).orderBy(asc(stakeBatches.startDay), asc(stakeBatches.code));
}

export function batchById(db: DbOrTx, id: string, lock = false): Promise<BatchRow | undefined> {
  const q = db.select().from(stakeBatches).where(eq(stakeBatches.id, id));
  return first(lock ? q.for('update') : q);
}

export function batchByCode(db: DbOrTx, code: string): Promise<BatchRow | undefined> {
  return first(db.select().from(stakeBatches).where(eq(stakeBatches.code, code)));
}

export function insertBatch(db: DbOrTx, values: typeof stakeBatches.$inferInsert): Promise<BatchRow> {
  return inserted(db.insert(stakeBatches).values(values).returning());
}

export function updateBatch(db: DbOrTx, id: string, values: Partial<typeof stakeBatches.$inferInsert>): Promise<BatchRow | undefined> {
  return first(db.update(stakeBatches).set(values).where(eq(stakeBatches.id, id)).returning());
}

/** The active stakes' total and count per batch. */
export async function stakedByBatch(db: DbOrTx, batchIds: string[]): Promise<Map<string, { amount: string; count: number }>> {
  if (batchIds.length === 0) return new Map();
  const rows = await db
    .select({ batchId: stakes.batchId, amount: sql<string>`coalesce(sum(${stakes.amount}), 0)::text`, count: sql<number>`count(*)::int` })
    .from(stakes)
    .where(and(inArray(stakes.batchId, batchIds), eq(stakes.status, 'active')))
    .groupBy(stakes.batchId);
  return new Map(rows.map((r) => [r.batchId, { amount: r.amount, count: r.count }]));
}

// Stakes

export function activeStakeOf(db: DbOrTx, userId: string, lock = false): Promise<StakeRow | undefined> {
  const q = db.select().from(stakes).where(and(eq(stakes.userId, userId), eq(stakes.status, 'active')));
  return first(lock ? q.for('update') : q);
}

export function stakeById(db: DbOrTx, id: string, lock = false): Promise<StakeRow | undefined> {
  const q = db.select().from(stakes).where(eq(stakes.id, id));
  return first(lock ? q.for('update') : q);
}

export function insertStake(db: DbOrTx, values: typeof stakes.$inferInsert): Promise<StakeRow> {
  return inserted(db.insert(stakes).values(values).returning());
}

export function updateStake(db: DbOrTx, id: string, values: Partial<typeof stakes.$inferInsert>): Promise<StakeRow> {
  return inserted(db.update(stakes).set(values).where(eq(stakes.id, id)).returning());
}

export function insertChange(db: DbOrTx, values: typeof stakeChanges.$inferInsert) {
  return inserted(db.insert(stakeChanges).values(values).returning());
}

/**
 * A user's change made with this client key (a retried request). The key is unique per stake only:
 * the first change made with it answers.
 */
export function changeByKey(db: DbOrTx, userId: string, key: string) {
  return first(
    db.select({ id: stakeChanges.id, stakeId: stakeChanges.stakeId, kind: stakeChanges.kind, delta: stakeChanges.delta })
      .from(stakeChanges)
      .innerJoin(stakes, eq(stakes.id, stakeChanges.stakeId))
      .where(and(eq(stakes.userId, userId), eq(stakeChanges.idempotencyKey, key)))
      .orderBy(asc(stakeChanges.id))
      .limit(1),
  );
}

/**
 * What earns on `day` (from `start` to `end`): the least the stake held during the day, never more
 * than what was staked before it began (an addition earns from the next day; a reduction stops
 * earning at once, but only below what the day began with).
 * Claims are kept among the changes (their key, the amount paid) but move nothing locked.
 */
export async function dayBase(db: DbOrTx, stakeId: string, start: Date, end: Date): Promise<string> {
  // The least the stake held during the day: the day's changes in their order, each balance after
  // one (an addition that a reduction takes back the same day never lowers it below the start).
  const [row] = await queryRows<{ base: string }>(
    db,
    sql`with changes as (select delta, at, id from stake_changes where stake_id = ${stakeId} and kind <> 'claim' and at < ${end.toISOString()}::timestamptz),
             opening as (select coalesce(sum(delta), 0) as amount from changes where at < ${start.toISOString()}::timestamptz),
             during as (select sum(delta) over (order by at, id) as run from changes where at >= ${start.toISOString()}::timestamptz)
        select greatest(least(opening.amount, opening.amount + coalesce((select min(run) from during), 0)), 0)::text as base from opening`,
  );
  return row?.base ?? '0';
}

/** Active stakes whose reward is not accrued through `day`. */
export function stakesToAccrue(db: DbOrTx, day: string): Promise<StakeRow[]> {
  return db.select().from(stakes).where(and(eq(stakes.status, 'active'), lt(stakes.accruedThrough, day))).orderBy(asc(stakes.createdAt));
}

/** Writes the day's accrual; false when it was written before (the job's per-day idempotency). */
export async function insertAccrual(db: DbOrTx, values: typeof stakeAccruals.$inferInsert): Promise<boolean> {
  const rows = await db.insert(stakeAccruals).values(values).onConflictDoNothing().returning({ day: stakeAccruals.day });
  return rows.length === 1;
}

/** Active stakes of batches that ended by `day`. */
export function stakesEnded(db: DbOrTx, day: string): Promise<StakeRow[]> {
  return db
    .select({ s: stakes })
    .from(stakes)
    .innerJoin(stakeBatches, eq(stakeBatches.id, stakes.batchId))
    .where(and(eq(stakes.status, 'active'), lte(stakeBatches.endDay, day)))
    .then((rows) => rows.map((r) => r.s));
}

export function allStakesOf(db: DbOrTx, userId: string): Promise<StakeRow[]> {
  return db.select().from(stakes).where(eq(stakes.userId, userId)).orderBy(desc(stakes.createdAt));
}

// Loan products

export function products(db: DbOrTx, onlyActive: boolean): Promise<ProductRow[]> {
  return db.select().from(loanProducts).where(onlyActive ? eq(loanProducts.status, 'active') : undefined).orderBy(asc(loanProducts.createdAt));
}

export function productById(db: DbOrTx, id: string, lock = false): Promise<ProductRow | undefined> {
  const q = db.select().from(loanProducts).where(eq(loanProducts.id, id));
  return first(lock ? q.for('update') : q);
}

export function productByName(db: DbOrTx, name: string): Promise<ProductRow | undefined> {
  return first(db.select().from(loanProducts).where(eq(loanProducts.name, name)));
}

export function insertProduct(db: DbOrTx, values: typeof loanProducts.$inferInsert): Promise<ProductRow> {
  return inserted(db.insert(loanProducts).values(values).returning());
}

export function updateProduct(db: DbOrTx, id: string, values: Partial<typeof loanProducts.$inferInsert>): Promise<ProductRow | undefined> {
  return first(db.update(loanProducts).set(values).where(eq(loanProducts.id, id)).returning());
}

/** Principal lent or promised per product: pending loans' amount and active loans' principal due. */
export async function lentByProduct(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ productId: loans.productId, lent: sql<string>`coalesce(sum(case when ${loans.status} = 'pending' then ${loans.amount} else ${loans.principalDue} end), 0)::text` })
    .from(loans)
    .where(inArray(loans.status, ['pending', 'active']))
    .groupBy(loans.productId);
  return new Map(rows.map((r) => [r.productId, r.lent]));
}

// Loans

export function openLoanOf(db: DbOrTx, userId: string): Promise<LoanRow | undefined> {
  return first(db.select().from(loans).where(and(eq(loans.userId, userId), inArray(loans.status, ['pending', 'active']))));
}

export function loanById(db: DbOrTx, id: string, lock = false): Promise<LoanRow | undefined> {
  const q = db.select().from(loans).where(eq(loans.id, id));
  return first(lock ? q.for('update') : q);
}

export function loanByKey(db: DbOrTx, accountId: string, key: string): Promise<LoanRow | undefined> {
  return first(db.select().from(loans).where(and(eq(loans.accountId, accountId), eq(loans.idempotencyKey, key))));
}

export function insertLoan(db: DbOrTx, values: typeof loans.$inferInsert): Promise<LoanRow> {
  return inserted(db.insert(loans).values(values).returning());
}

export function updateLoan(db: DbOrTx, id: string, values: Partial<typeof loans.$inferInsert>): Promise<LoanRow> {
  return inserted(db.update(loans).set(values).where(eq(loans.id, id)).returning());
}

export function loansOf(db: DbOrTx, userId: string): Promise<LoanRow[]> {
  return db.select().from(loans).where(eq(loans.userId, userId)).orderBy(desc(loans.createdAt)).limit(50);
}

export function loansByStatus(db: DbOrTx, status: LoanStatus | undefined): Promise<LoanRow[]> {
  return db.select().from(loans).where(status ? eq(loans.status, status) : undefined).orderBy(desc(loans.createdAt)).limit(200);
}

export function loansToAccrue(db: DbOrTx, day: string): Promise<LoanRow[]> {
  return db.select().from(loans).where(and(eq(loans.status, 'active'), lt(loans.interestThrough, day)));
}

export async function insertLoanAccrual(db: DbOrTx, values: typeof loanAccruals.$inferInsert): Promise<boolean> {
  const rows = await db.insert(loanAccruals).values(values).onConflictDoNothing().returning({ day: loanAccruals.day });
  return rows.length === 1;
}

export function loansDue(db: DbOrTx, now: Date): Promise<LoanRow[]> {
  return db.select().from(loans).where(and(eq(loans.status, 'active'), lte(loans.endsAt, now)));
}

export function activeLoanOfStake(db: DbOrTx, stakeId: string, lock = false): Promise<LoanRow | undefined> {
  const q = db.select().from(loans).where(and(eq(loans.stakeId, stakeId), eq(loans.status, 'active')));
  return first(lock ? q.for('update') : q);
}

/** The loan asked for or running on this stake (pending or active; a user has at most one open loan). */
export function openLoanOfStake(db: DbOrTx, stakeId: string, lock = false): Promise<LoanRow | undefined> {
  const q = db.select().from(loans).where(and(eq(loans.stakeId, stakeId), inArray(loans.status, ['pending', 'active'])));
  return first(lock ? q.for('update') : q);
}

/** The user's repayment made with this client key (a retried request). */
export function repaymentByKey(db: DbOrTx, loanId: string, key: string) {
  return first(db.select().from(loanRepayments).where(and(eq(loanRepayments.loanId, loanId), eq(loanRepayments.source, 'user'), eq(loanRepayments.idempotencyKey, key))));
}

export function insertRepayment(db: DbOrTx, values: typeof loanRepayments.$inferInsert) {
  return inserted(db.insert(loanRepayments).values(values).returning());
}
