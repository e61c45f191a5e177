// What the wallet screens and the operators work with, around the ledger: per-coin limits,
// withdraw addresses, withdrawals and their states, deposits, internal transfers, automatic
// payout settings, the operators' audit log, and the simulated chain's own book.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { DepositStatus, WithdrawalStatus } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** Operator-editable limits per coin (seeded from wallet.seed.ts). */
export const walletCoinLimits = pgTable('wallet_coin_limits', {
  coin: text('coin').primaryKey(),
  withdrawEnabled: boolean('withdraw_enabled').notNull().default(true),
  depositEnabled: boolean('deposit_enabled').notNull().default(true),
  minWithdraw: money('min_withdraw').notNull(),
  /** Taken from the amount: the address receives amount - fee. */
  withdrawFee: money('withdraw_fee').notNull(),
  /** Larger requests are split into parts of at most this much. */
  maxSingleWithdraw: money('max_single_withdraw').notNull(),
  /** A request of more than this waits for an operator's review. */
  auditThreshold: money('audit_threshold').notNull(),
  /** Adjustments and withdrawal approvals above this need a second operator (four-eyes); null: never. */
  fourEyesThreshold: money('four_eyes_threshold'),
  /** The largest single adjustment an operator may make (null: only the coin's supply bounds it). */
  adjustmentCap: money('adjustment_cap'),
  /** Network confirmations before a deposit of the coin is credited. */
  depositConfirmations: integer('deposit_confirmations').notNull().default(1),
});

/**
 * Four-eyes: an operator's adjustment or withdrawal approval above the coin's
 * four_eyes_threshold waits here until a second, different operator confirms it.
 */
export const walletApprovals = pgTable(
  'wallet_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'withdrawal' | 'adjustment'>().notNull(),
    /** withdrawal:<id>, account:<name>. */
    target: text('target').notNull(),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    /** What the confirmation carries out (the adjustment's account, amount and reason). */
    detail: jsonb('detail').$type<Record<string, string>>().notNull(),
    requestedBy: uuid('requested_by').notNull(),
    requestedAt: ts('requested_at').notNull(),
    /** done: confirmed by a second operator; declined: its withdrawal was rejected meanwhile. */
    status: text('status').$type<'pending' | 'done' | 'declined'>().notNull().default('pending'),
    decidedBy: uuid('decided_by'),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    // One pending request per withdrawal: a second operator's approve confirms it.
    uniqueIndex('wallet_approvals_pending_target').on(t.target).where(sql`${t.status} = 'pending' and ${t.kind} = 'withdrawal'`),
    // One request per adjustment key (its target names the operator and the key), pending or done:
    // the same request sent twice at once is one request, a retry after it was confirmed finds it.
    uniqueIndex('wallet_approvals_adjustment_target').on(t.target).where(sql`${t.kind} = 'adjustment'`),
    check('wallet_approvals_kind_check', sql`${t.kind} in ('withdrawal', 'adjustment')`),
    check('wallet_approvals_status_check', sql`${t.status} in ('pending', 'done', 'declined')`),
  ],
);

export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    coin: text('coin').notNull(),
    alias: text('alias').notNull(),
    address: text('address').notNull(),
    /** KDA: the account's public key. */
    publicKey: text('public_key'),
    /** KDA: the chain number (the pool pays on chain 0). */
    chain: integer('chain'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('withdraw_addresses_account_idx').on(t.accountId, t.coin),
    uniqueIndex('withdraw_addresses_unique').on(t.accountId, t.coin, t.address).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Address mining (alph, kas, sumo, zeph, aleo, xtm): miners need no account, so each payout
 * address of a coin gets a wallet of its own, whose id is its holder in the ledger. Its earnings
 * are credited there and paid straight to the address (a withdrawal with address_wallet_id).
 */
export const addressWallets = pgTable(
  'address_wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coin: text('coin').notNull(),
    address: text('address').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('address_wallets_coin_address_unique').on(t.coin, t.address)],
);

export const WITHDRAWAL_STATUSES = ['reviewing', 'processing', 'broadcast', 'completed', 'rejected', 'failed'] as const;

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The parts of one split request share it. */
    requestId: uuid('request_id').notNull(),
    partNo: integer('part_no').notNull(),
    parts: integer('parts').notNull(),
    /** A sub-account's withdrawal (with its user), or an address wallet's payment: one or the other. */
    accountId: uuid('account_id').references(accountRefs.miningAccountId),
    userId: uuid('user_id').references(accountRefs.userId),
    addressWalletId: uuid('address_wallet_id').references(() => addressWallets.id),
    coin: text('coin').notNull(),
    address: text('address').notNull(),
    publicKey: text('public_key'),
    chain: integer('chain'),
    /** Debited from the balance; the address receives amount - fee. */
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull(),
    /**
     * When the processor last asked the chain to send it, written before the call: a withdrawal
     * still in processing with this set has a send of unknown outcome (a crash, a time-out), which
     * the next pass looks up on the chain before anything is sent again.
     */
    sendStartedAt: ts('send_started_at'),
    /** user: asked by its owner; payout: the automatic payout; address_payout: address mining's daily payment. */
    origin: text('origin').$type<'user' | 'payout' | 'address_payout'>().notNull().default('user'),
    idempotencyKey: text('idempotency_key').notNull(),
    txid: text('txid'),
    /**
     * What the chain charged for the payment (a real node's wallet pays it on top of the amount):
     * the pool's fees pay it when the withdrawal settles, so custody keeps matching the ledger.
     */
    networkFee: money('network_fee'),
    /** When the operators were told the payment had stayed unconfirmed for hours (stuck-payments.ts): once per withdrawal. */
    stuckAlertedAt: ts('stuck_alerted_at'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(accountRefs.userId),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_idempotency_unique').on(t.accountId, t.idempotencyKey, t.partNo),
    uniqueIndex('withdrawals_address_idempotency_unique').on(t.addressWalletId, t.idempotencyKey, t.partNo).where(sql`${t.addressWalletId} is not null`),
    index('withdrawals_address_wallet_idx').on(t.addressWalletId, t.createdAt).where(sql`${t.addressWalletId} is not null`),
    check('withdrawals_holder_check', sql`(${t.accountId} is not null and ${t.userId} is not null and ${t.addressWalletId} is null) or (${t.accountId} is null and ${t.userId} is null and ${t.addressWalletId} is not null)`),
    index('withdrawals_account_idx').on(t.accountId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    check('withdrawals_status_check', sql`${t.status} in ('reviewing', 'processing', 'broadcast', 'completed', 'rejected', 'failed')`),
    check('withdrawals_amount_check', sql`${t.amount} > ${t.fee} and ${t.fee} >= 0`),
  ],
);

export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    coin: text('coin').notNull(),
    address: text('address').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.coin] }), uniqueIndex('deposit_addresses_address_unique').on(t.coin, t.address)],
);

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    coin: text('coin').notNull(),
    address: text('address').notNull(),
    txid: text('txid').notNull(),
    vout: integer('vout').notNull().default(0),
    amount: money('amount').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    /**
     * confirming until the network's confirmations are there, then credited. A transaction that a
     * double spend replaced on the chain (deposit-scanner.ts): failed if it was never credited,
     * reversed if it was.
     */
    status: text('status').$type<DepositStatus>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    creditedAt: ts('credited_at'),
    reversedAt: ts('reversed_at'),
    /** Reversed: the part of the amount the sub-account no longer held, which the pool lost. */
    unrecovered: money('unrecovered'),
    /** When the chain was last asked about it after its wallet stopped listing it (deposit-scanner.ts). */
    unlistedCheckedAt: ts('unlisted_checked_at'),
    /** Reversed, then listed on the chain again (a later reorganisation undid the double spend): when the operators were told. */
    relistedAt: ts('relisted_at'),
  },
  (t) => [
    uniqueIndex('deposits_tx_unique').on(t.coin, t.txid, t.vout),
    index('deposits_account_idx').on(t.accountId, t.createdAt),
    check('deposits_status_check', sql`${t.status} in ('confirming', 'credited', 'failed', 'reversed')`),
  ],
);

export const internalTransfers = pgTable(
  'internal_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromAccountId: uuid('from_account_id').notNull().references(accountRefs.miningAccountId),
    toAccountId: uuid('to_account_id').notNull().references(accountRefs.miningAccountId),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    coin: text('coin').notNull(),
    amount: money('amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('internal_transfers_idempotency_unique').on(t.fromAccountId, t.idempotencyKey), check('internal_transfers_amount_check', sql`${t.amount} > 0`)],
);

export const payoutSettings = pgTable(
  'payout_settings',
  {
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
    coin: text('coin').notNull(),
    addressId: uuid('address_id')
      .notNull()
      .references(() => withdrawAddresses.id),
    threshold: money('threshold').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.coin] })],
);

/**
 * The simulated chain's own book (CHAIN_ADAPTER=simulated): what it has received and sent, so
 * the pool's custody can be checked against something other than the ledger itself.
 */
export const simChainTxs = pgTable(
  'sim_chain_txs',
  {
    txid: text('txid').primaryKey(),
    coin: text('coin').notNull(),
    /** in: to one of our deposit addresses (or a block reward); out: a withdrawal we sent. */
    direction: text('direction').notNull(),
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    /** The block height (simulated: minutes since epoch) it was mined in. */
    height: integer('height').notNull(),
    /** out: the chain will drop it (a test or an operator told it to fail); in: a double spend replaced it. */
    dropped: boolean('dropped').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sim_chain_txs_coin_idx').on(t.coin, t.direction), check('sim_chain_txs_direction_check', sql`${t.direction} in ('in', 'out')`)],
);
