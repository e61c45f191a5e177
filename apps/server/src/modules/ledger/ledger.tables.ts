// The ledger (docs/architecture.md, The ledger): postings made of entries that sum to zero per coin, and a
// cached balance per (holder, coin) kept in the same statement as the entries. A holder is a
// mining account (its uuid) or a system account ("sys:<name>"). Entries are append-only: a
// trigger (migration 0005) refuses UPDATE and DELETE, so a correction can only be a reversal.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** One effect per key: a retried request finds its first posting here. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of what the posting does: the same key with other content is refused. */
    requestHash: text('request_hash').notNull(),
    businessType: text('business_type').notNull(),
    /** What the posting is about ("withdrawal:<id>", "deposit:<id>", "settlement:<day>"). */
    reference: text('reference'),
    memo: jsonb('memo').$type<Record<string, string>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_postings_key_unique').on(t.idempotencyKey), index('ledger_postings_reference_idx').on(t.reference)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /**
     * No foreign key: ledger_post_batch writes the posting and its entries together and postings
     * cannot be deleted (trigger); a per-row key check would cost bulk settlement a third of its
     * speed. The reconciliation would show an entry without its posting as unbalanced money.
     */
    postingId: bigint('posting_id', { mode: 'number' }).notNull(),
    holder: text('holder').notNull(),
    coin: text('coin').notNull(),
    /** available, frozen (withdrawals in flight) or locked (staking). */
    bucket: text('bucket').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    // One entry per holder, coin and bucket in a posting (post() merges them), so the index a
    // holder's lists read is also the key: one index to write per entry, not two.
    primaryKey({ columns: [t.holder, t.coin, t.postingId, t.bucket] }),
    check('ledger_entries_bucket_check', sql`${t.bucket} in ('available', 'frozen', 'locked')`),
    check('ledger_entries_nonzero_check', sql`${t.amount} <> 0`),
  ],
);

export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    holder: text('holder').notNull(),
    coin: text('coin').notNull(),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    locked: money('locked').notNull().default('0'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.holder, t.coin] }),
    // The guard against spending twice: a debit that would go below zero fails the statement
    // (and its transaction). System accounts are counterparties (the chain, revenue) and may be
    // negative.
    check('ledger_balances_non_negative', sql`${t.holder} like 'sys:%' or (${t.available} >= 0 and ${t.frozen} >= 0 and ${t.locked} >= 0)`),
  ],
);
