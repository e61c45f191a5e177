// ALEO staking and borrowing (docs/rules.md, Staking and borrowing): the operators' stake
// batches and loan products, the users' stakes (their locked ALEO is the ledger's locked bucket;
// these rows say why it is locked and what it earns), every change of a stake (the base of a day's
// reward), one accrual row per stake and day and per loan and day (the daily job's idempotency), and
// the loans. Money columns are numeric(38,18) read as strings.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BatchStatus, DurationType, LoanStatus, RatePeriod, StakeStatus, StakeType } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
/** A rate as a fraction (0.12 = 12 %). */
const rate = (name: string) => numeric(name, { precision: 20, scale: 12 });
const day = (name: string) => date(name, { mode: 'string' });

export const stakeBatches = pgTable(
  'stake_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The batch ID operators and users see ("ALEO-2026-06"). */
    code: text('code').notNull(),
    coin: text('coin').notNull(),
    /** Rewards accrue for the days from the start day up to the day before the end day. */
    startDay: day('start_day').notNull(),
    endDay: day('end_day').notNull(),
    annualRate: rate('annual_rate').notNull(),
    feeRate: rate('fee_rate').notNull(),
    status: text('status').$type<BatchStatus>().notNull(),
    durationType: text('duration_type').$type<DurationType>().notNull(),
    stakeType: text('stake_type').$type<StakeType>().notNull(),
    /** The batch's capacity: the sum of its active stakes stays at or below it. */
    maxAmount: money('max_amount').notNull(),
    demo: boolean('demo').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('stake_batches_code_unique').on(t.code), check('stake_batches_days_check', sql`${t.endDay} > ${t.startDay}`)],
);

export const stakes = pgTable(
  'stakes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    /** The sub-account whose ALEO is locked (the ledger holder). */
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    batchId: uuid('batch_id').notNull().references(() => stakeBatches.id),
    status: text('status').$type<StakeStatus>().notNull(),
    /** What is locked now (own and borrowed ALEO). */
    amount: money('amount').notNull(),
    /** Accrued and not yet paid, exact to 18 decimals (a claim pays whole base units; the rest stays here). */
    unclaimedReward: money('unclaimed_reward').notNull().default('0'),
    claimedReward: money('claimed_reward').notNull().default('0'),
    /** Lost by an early unstake of a fixed term. */
    forfeitedReward: money('forfeited_reward').notNull().default('0'),
    /** The last day whose reward is accrued (the staking day at first). */
    accruedThrough: day('accrued_through').notNull(),
    createdAt: ts('created_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    // One active staking per user (SPEC 4): a second concurrent stake fails on this index.
    uniqueIndex('stakes_one_active_per_user').on(t.userId).where(sql`${t.status} = 'active'`),
    index('stakes_batch_idx').on(t.batchId, t.status),
    check('stakes_amount_check', sql`${t.amount} >= 0`),
  ],
);

export const stakeChanges = pgTable(
  'stake_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stakeId: uuid('stake_id').notNull().references(() => stakes.id),
    /** stake, add, reduce, unstake, borrow, settle, complete. */
    kind: text('kind').notNull(),
    /** Signed change of the locked amount. */
    delta: money('delta').notNull(),
    /** The client's Idempotency-Key (user changes, and a complete made by the user's unstake); none for the pool's own (borrow, settle, the job's complete). */
    idempotencyKey: text('idempotency_key'),
    at: ts('at').notNull(),
  },
  (t) => [index('stake_changes_stake_idx').on(t.stakeId, t.at), uniqueIndex('stake_changes_key_unique').on(t.stakeId, t.idempotencyKey)],
);

export const stakeAccruals = pgTable(
  'stake_accruals',
  {
    stakeId: uuid('stake_id').notNull().references(() => stakes.id),
    day: day('day').notNull(),
    base: money('base').notNull(),
    reward: money('reward').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stakeId, t.day] })],
);

export const loanProducts = pgTable('loan_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** The name per language an operator gave (English is `name`). */
  names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
  coin: text('coin').notNull(),
  minAmount: money('min_amount').notNull(),
  maxAmount: money('max_amount').notNull(),
  /** Per day or per year (ratePeriod), as a fraction. */
  rate: rate('rate').notNull(),
  ratePeriod: text('rate_period').$type<RatePeriod>().notNull(),
  periodDays: integer('period_days').notNull(),
  /** The pool's lending capacity for the product: pending and active principal stays within it. */
  capacity: money('capacity').notNull(),
  /** Loans below this amount are approved automatically; null: every loan waits for an operator. */
  autoApproveBelow: money('auto_approve_below'),
  status: text('status').$type<'active' | 'inactive'>().notNull(),
  demo: boolean('demo').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    productId: uuid('product_id').notNull().references(() => loanProducts.id),
    stakeId: uuid('stake_id').references(() => stakes.id),
    status: text('status').$type<LoanStatus>().notNull(),
    amount: money('amount').notNull(),
    principalDue: money('principal_due').notNull(),
    interestDue: money('interest_due').notNull().default('0'),
    interestRepaid: money('interest_repaid').notNull().default('0'),
    principalRepaid: money('principal_repaid').notNull().default('0'),
    /** The product's terms when borrowed. */
    rate: rate('rate').notNull(),
    ratePeriod: text('rate_period').$type<RatePeriod>().notNull(),
    periodDays: integer('period_days').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: ts('created_at').notNull(),
    activatedAt: ts('activated_at'),
    endsAt: ts('ends_at'),
    interestThrough: day('interest_through'),
    closedAt: ts('closed_at'),
  },
  (t) => [
    // One open loan (pending or active) per user.
    uniqueIndex('loans_one_open_per_user').on(t.userId).where(sql`${t.status} in ('pending', 'active')`),
    uniqueIndex('loans_key_unique').on(t.accountId, t.idempotencyKey),
    index('loans_product_idx').on(t.productId, t.status),
  ],
);

export const loanAccruals = pgTable(
  'loan_accruals',
  {
    loanId: uuid('loan_id').notNull().references(() => loans.id),
    day: day('day').notNull(),
    interest: money('interest').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
);

export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: uuid('loan_id').notNull().references(() => loans.id),
    /** user (from the balance) or settlement (end of the period: balance, then stake). */
    source: text('source').$type<'user' | 'settlement'>().notNull(),
    /** The client's Idempotency-Key, or `settlement:<day>` (a day may have several settlements). */
    idempotencyKey: text('idempotency_key').notNull(),
    interest: money('interest').notNull(),
    principal: money('principal').notNull(),
    at: ts('at').notNull(),
  },
  // Only a user's key is unique: a settlement's must not collide with a client's key, which could
  // otherwise take `settlement:<day>` first and stop the job's settlement every pass.
  (t) => [uniqueIndex('loan_repayments_user_key_unique').on(t.loanId, t.idempotencyKey).where(sql`${t.source} = 'user'`)],
);
