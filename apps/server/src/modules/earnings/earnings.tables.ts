// Earnings: the payout method of each sub-account and coin with its switch
// history, the fee rate of each coin and method, and the market values of each coin and UTC day
// that a settlement of that day uses (so it can be recomputed and explained later).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PayMethod } from '@hashpool/shared';
import { accountRefs } from '../accounts';
import { miningRefs } from '../mining';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const day = (name: string) => date(name, { mode: 'string' });
const METHODS = sql.raw(`'pps_plus', 'fpps', 'pplns', 'solo'`);

/** A settlement run's (and a block settlement's) state: its rows written, or every one credited too. */
export type SettlementStatus = 'computed' | 'done';
/**
 * What a settled block paid: its window (matured), nothing (orphaned), its finder alone (SOLO), or
 * nothing (void: a held block an operator gave up, its reward never confirmed by the chain).
 */
export type BlockOutcome = 'paid' | 'orphaned' | 'solo' | 'void';

/**
 * The current choice per (sub-account, coin). No row: the default method, never switched. The row
 * is also what concurrent switches lock (select ... for update).
 */
export const payMethods = pgTable(
  'pay_methods',
  {
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    coin: text('coin').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    /** The method in force before effective_from; null when never switched. */
    previousMethod: text('previous_method').$type<PayMethod>(),
    /** The instant of the last switch: the 24-hour rule counts from it. */
    switchedAt: ts('switched_at'),
    /** First UTC settlement day paid by `method` (the day after switched_at). */
    effectiveFrom: day('effective_from'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.coin] }),
    check('pay_methods_method_check', sql`${t.method} in (${METHODS})`),
    check('pay_methods_previous_check', sql`${t.previousMethod} is null or ${t.previousMethod} in (${METHODS})`),
  ],
);

/** Every switch, append-only: the method of any past day is the last switch effective by then. */
export const payMethodSwitches = pgTable(
  'pay_method_switches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    coin: text('coin').notNull(),
    fromMethod: text('from_method').$type<PayMethod>().notNull(),
    toMethod: text('to_method').$type<PayMethod>().notNull(),
    switchedAt: ts('switched_at').notNull(),
    effectiveFrom: day('effective_from').notNull(),
    /** Who switched (the owner; sub-accounts belong to one user). */
    userId: uuid('user_id').references(accountRefs.userId),
  },
  (t) => [index('pay_method_switches_account_idx').on(t.accountId, t.coin, t.effectiveFrom)],
);

/**
 * The fee rates by the UTC day they apply from: an operator's change applies from the next UTC
 * day (as a payout method switch does), so a settlement of day D, also one run late, and a block
 * found on day D take the rate that was in force on D. `earning_fee_rates` is the rate set last
 * (what the pages show); a coin and method without rows here has had that rate all along. The
 * first change writes the rate before it as of 1970-01-01.
 */
export const earningFeeRateHistory = pgTable(
  'earning_fee_rate_history',
  {
    coin: text('coin').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    effectiveFrom: day('effective_from').notNull(),
    feeRate: money('fee_rate').notNull(),
    setAt: ts('set_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.method, t.effectiveFrom] })],
);

/** Percent the pool keeps per coin and method; operators edit it (audited). */
export const earningFeeRates = pgTable(
  'earning_fee_rates',
  {
    coin: text('coin').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    feeRate: money('fee_rate').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(accountRefs.userId),
  },
  (t) => [
    primaryKey({ columns: [t.coin, t.method] }),
    check('earning_fee_rates_method_check', sql`${t.method} in (${METHODS})`),
    check('earning_fee_rates_rate_check', sql`${t.feeRate} >= 0 and ${t.feeRate} < 100`),
  ],
);

/**
 * Market values per coin and UTC day, from the market-data adapter (seeded, then simulated forward
 * daily by default) or an operator. Difficulty is in the pool's difficulty unit: one block is
 * expected per network_difficulty x the coin's hashes per difficulty hashes.
 */
export const marketData = pgTable(
  'market_data',
  {
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    networkDifficulty: numeric('network_difficulty').notNull(),
    blockSubsidy: money('block_subsidy').notNull(),
    avgFeesPerBlock: money('avg_fees_per_block').notNull(),
    priceUsd: money('price_usd'),
    /** seed, simulated, operator, or a provider adapter's name. */
    source: text('source').notNull(),
    updatedBy: uuid('updated_by').references(accountRefs.userId),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.coin, t.day] }),
    check('market_data_values_check', sql`${t.networkDifficulty} > 0 and ${t.blockSubsidy} > 0 and ${t.avgFeesPerBlock} >= 0 and (${t.priceUsd} is null or ${t.priceUsd} > 0)`),
  ],
);

/**
 * A coin's market day its source could not give (its node did not answer): recorded once, when the
 * operators are told; the settlement of that coin and day waits until the day is written.
 */
export const marketDataGaps = pgTable(
  'market_data_gaps',
  {
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    reason: text('reason').notNull(),
    alertedAt: ts('alerted_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.day] })],
);

/**
 * One settlement of one coin's UTC day, with a copy of the market values it used (operators may
 * edit the market data later; the settlement stays explainable). `computed` once its profit rows
 * are written (in one transaction), `done` once every one is credited through the ledger.
 */
export const settlementRuns = pgTable(
  'settlement_runs',
  {
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    status: text('status').$type<SettlementStatus>().notNull(),
    networkDifficulty: numeric('network_difficulty').notNull(),
    blockSubsidy: money('block_subsidy').notNull(),
    avgFeesPerBlock: money('avg_fees_per_block').notNull(),
    accounts: integer('accounts'),
    /** Sum of the credited amounts (whole base units of the coin). */
    paid: money('paid'),
    /**
     * The exact sum minus `paid`: what the run's credits added to (or, when earlier fractions
     * reached a unit, took from) the accounts' carried fractions (credit_remainders). Nothing of it
     * stays with the pool. Runs settled before the carry (migration 0019) recorded here what the cut
     * to the display precision kept.
     */
    remainder: numeric('remainder'),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.coin, t.day] }), check('settlement_runs_status_check', sql`${t.status} in ('computed', 'done')`)],
);

/**
 * A sub-account's earnings of one coin, day and method: the settled work and what it paid. The
 * ledger posting's idempotency key is `profit:<coin>:<day>:<account>:<method>`.
 */
export const profits = pgTable(
  'profits',
  {
    accountId: uuid('account_id').notNull(),
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    /** Accepted work of the day, hashes. */
    work: doublePrecision('work').notNull(),
    /** The fee rate applied, percent, after any fee reduction (coupons). */
    feeRate: numeric('fee_rate').notNull(),
    /**
     * The method's rate before the reduction, as the settlement read it (a coupon's saving is
     * recorded later, when the operators may have changed the rate); null on rows from before it was kept.
     */
    fullFeeRate: numeric('full_fee_rate'),
    /** Before the fee, uncut. */
    gross: numeric('gross').notNull(),
    /** Credited: after the fee, with the account's carried fraction, cut to the coin's base unit (credit_remainders). */
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.coin, t.day, t.method] }), index('profits_coin_day_idx').on(t.coin, t.day)],
);

/**
 * The block-based payments of one pool block (PPLNS, the fee part of PPS+, SOLO), once it matured
 * or was orphaned: the window it was shared over and what was paid. `computed` once its payout rows
 * are written (in one transaction with this row), `done` once the block's reward is booked and
 * every payout credited. An orphaned block is `done` at once with nothing paid.
 */
export const blockSettlements = pgTable(
  'block_settlements',
  {
    blockId: bigint('block_id', { mode: 'number' }).primaryKey().references(miningRefs.blockId),
    coin: text('coin').notNull(),
    status: text('status').$type<SettlementStatus>().notNull(),
    /** paid (matured), orphaned (nothing), solo (the finder's alone), void (a held block given up: nothing). */
    outcome: text('outcome').$type<BlockOutcome>().notNull(),
    /** R as the chain paid it, and B of the block's day (PPS+ shares R - B). */
    reward: money('reward').notNull(),
    subsidy: money('subsidy'),
    /** N: the window's target (PPLNS_WINDOW_FACTOR x D x k) and the work it held (less when the pool had less). */
    windowTarget: doublePrecision('window_target'),
    windowWork: doublePrecision('window_work'),
    paid: money('paid'),
    /** The exact sum minus `paid`: the change of the payees' carried fractions (as settlement_runs.remainder). */
    remainder: numeric('remainder'),
    computedAt: ts('computed_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('block_settlements_status_check', sql`${t.status} in ('computed', 'done')`),
    check('block_settlements_outcome_check', sql`${t.outcome} in ('paid', 'orphaned', 'solo', 'void')`),
    index('block_settlements_open_idx').on(t.status).where(sql`${t.status} <> 'done'`),
  ],
);

/**
 * A matured pool block whose reward the chain did not confirm (wallet/chain.ts, checkCoinbase), one
 * row per reason: not on the main chain, its coinbase not the pool's, another amount, no wallet node
 * to ask, the found event's time far from the block's on the chain. Nothing is paid for it while
 * it is held; the check runs again at every settlement, and the operators were told of each reason
 * once, at `alertedAt`; `detail` and `lastSeenAt` are the last check's that gave the reason. The
 * rows stay after a later check passes, as the record of the hold.
 */
export const blockHolds = pgTable(
  'block_holds',
  {
    blockId: bigint('block_id', { mode: 'number' }).notNull().references(miningRefs.blockId),
    reason: text('reason').notNull(),
    coin: text('coin').notNull(),
    detail: text('detail').notNull(),
    alertedAt: ts('alerted_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.reason] })],
);

/**
 * A matured pool block whose reward the chain confirmed: it is not asked again (a pruning node
 * drops the block's data 288 blocks on, while the block may still wait for its day's market data).
 * `difficulty`: the block's network difficulty as the node states it, in the pool's unit (null
 * where the chain has none: the simulated one); the PPLNS window is sized by it rather than by the
 * stratum's word.
 */
export const blockChainChecks = pgTable('block_chain_checks', {
  blockId: bigint('block_id', { mode: 'number' }).primaryKey().references(miningRefs.blockId),
  checkedAt: ts('checked_at').notNull(),
  difficulty: doublePrecision('difficulty'),
});

/**
 * One sub-account's payment from one block: w of the window (or the finder's whole block under
 * SOLO). `day` is the UTC day the payment was computed (the block matured): the profits pages
 * show it in that day's row, and the invitation reward of that day counts it. Ledger key:
 * block:<coin>:<block id>:<account>:<method>.
 */
export const blockPayouts = pgTable(
  'block_payouts',
  {
    blockId: bigint('block_id', { mode: 'number' }).notNull().references(miningRefs.blockId),
    accountId: uuid('account_id').notNull(),
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    method: text('method').$type<PayMethod>().notNull(),
    /** w: the sub-account's work in the window, hashes (0 for SOLO). */
    work: doublePrecision('work').notNull(),
    feeRate: numeric('fee_rate').notNull(),
    gross: numeric('gross').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockId, t.accountId, t.method] }), index('block_payouts_account_idx').on(t.accountId, t.coin, t.day)],
);

/**
 * Invitation rewards (docs/rules.md, Limits and constants): per inviter, coin and settled day, 0.2 % of what
 * the invitees' sub-accounts earned that day, paid by the pool (sys:promotions) to the inviter's
 * default sub-account. Posting key: invite:<coin>:<day>:<inviter user>.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    inviterId: uuid('inviter_id').notNull(),
    coin: text('coin').notNull(),
    day: day('day').notNull(),
    /** The sub-account credited: the inviter's default one. */
    accountId: uuid('account_id').notNull(),
    invitees: integer('invitees').notNull(),
    /** The invitees' earnings of the day the reward is a share of. */
    base: money('base').notNull(),
    amount: money('amount').notNull(),
    releasedAt: ts('released_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.inviterId, t.coin, t.day] })],
);

/**
 * Each holder's fraction of a base unit not credited yet, per coin
 * (docs/security.md item 40). Credits are whole base units (the ledger holds nothing finer); what
 * a credit's exact amount leaves below the unit is carried into the holder's next credit of the
 * coin, by every credit path (daily settlement, block payouts, address wallets, invitation rewards;
 * red packets, contract orders and stakes with a row's last fraction when the row ends),
 * never kept by the pool. Changed in the transaction that writes the rows the credits are posted
 * from, so a credit and the fraction it used and left are decided together, once
 * (earnings/remainders.ts). The pool still holds the fractions (in its revenue, or the system
 * account the ended row was credited from) until they are credited.
 */
export const creditRemainders = pgTable(
  'credit_remainders',
  {
    /** The ledger holder: a sub-account id, or an address wallet id (address mining). */
    holder: text('holder').notNull(),
    coin: text('coin').notNull(),
    /** Exact, at least 0 and below one base unit of the coin (no scale: a fraction of the unit). */
    remainder: numeric('remainder').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.holder, t.coin] }), check('credit_remainders_range_check', sql`${t.remainder} >= 0 and ${t.remainder} < 1`)],
);
