// The mining engine's tables. Shares are never stored one by one: ingestion adds them up per
// worker into minute buckets (kept about two hours, for the 15-minute and 1-hour windows) and
// per account and per pool into 10-minute history points (rolled up to hourly and daily later), so
// charts never sum 100,000 workers on a request. A worker's 10-minute points are written from its
// minute buckets when the point ends (ingestWatermark), so a flush writes a worker's minutes and
// not its point as well. Work is in hashes
// (share difficulty x the coin's hashes per difficulty), so hashrate = work / seconds.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { miningAccounts } from '../accounts/accounts.tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const workerGroups = pgTable(
  'worker_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull().references(() => miningAccounts.id),
    coin: text('coin').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * Alarm when the sum of the group's workers' 15-minute hashrate falls below this (H/s); null:
     * no alarm. Beside the sub-account's own threshold (alert_settings), whose repeat interval and
     * email choice it shares; its state is group_alert_state.
     */
    hashrateThreshold: doublePrecision('hashrate_threshold'),
  },
  (t) => [uniqueIndex('worker_groups_name_unique').on(t.accountId, t.coin, sql`lower(${t.name})`)],
);

export const workers = pgTable(
  'workers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    coin: text('coin').notNull(),
    /** The sub-account for account-mode coins ... */
    accountId: uuid('account_id').references(() => miningAccounts.id),
    /** ... or the wallet address for address-mode coins. */
    address: text('address'),
    name: text('name').notNull(),
    /** null: the default group, which always exists and cannot be deleted. */
    groupId: bigint('group_id', { mode: 'number' }).references(() => workerGroups.id, { onDelete: 'set null' }),
    firstShareAt: ts('first_share_at').notNull(),
    lastShareAt: ts('last_share_at').notNull(),
    lastIp: text('last_ip'),
    acceptedShares: bigint('accepted_shares', { mode: 'number' }).notNull().default(0),
    rejectedShares: bigint('rejected_shares', { mode: 'number' }).notNull().default(0),
    /** Windows, refreshed every minute from the buckets (H/s). */
    hashrate15m: doublePrecision('hashrate_15m').notNull().default(0),
    hashrate1h: doublePrecision('hashrate_1h').notNull().default(0),
    hashrate24h: doublePrecision('hashrate_24h').notNull().default(0),
    /** Rejected and stale share difficulty over all submitted, last 24 hours, 0..1. */
    rejectRate: doublePrecision('reject_rate').notNull().default(0),
  },
  (t) => [
    uniqueIndex('workers_account_name_unique').on(t.coin, t.accountId, t.name).where(sql`${t.accountId} is not null`),
    uniqueIndex('workers_address_name_unique').on(t.coin, t.address, t.name).where(sql`${t.address} is not null`),
    // No index on last_share_at: ingestion moves it forward on every flush, and with no indexed
    // column changed (and room on the page: fillfactor, migration 0014) that update stays on its
    // page (HOT). The status filters scan one sub-account's rows, within bench:workers' goal.
    index('workers_account_hashrate_idx').on(t.accountId, t.coin, t.hashrate15m),
  ],
);

/** Per worker and minute; pruned after about an hour. */
export const shareMinutes = pgTable(
  'share_minutes',
  {
    workerId: bigint('worker_id', { mode: 'number' }).notNull(),
    minute: ts('minute').notNull(),
    acceptedWork: doublePrecision('accepted_work').notNull().default(0),
    rejectedWork: doublePrecision('rejected_work').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    stale: integer('stale').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workerId, t.minute] }), index('share_minutes_minute_idx').on(t.minute)],
);

const historyColumns = {
  /** Start of the point; `resolution` says its length (600, 3600 or 86400 seconds). */
  bucket: ts('bucket').notNull(),
  resolution: integer('resolution').notNull(),
  acceptedWork: doublePrecision('accepted_work').notNull().default(0),
  rejectedWork: doublePrecision('rejected_work').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  stale: integer('stale').notNull().default(0),
};

export const workerHistory = pgTable(
  'worker_history',
  { workerId: bigint('worker_id', { mode: 'number' }).notNull(), ...historyColumns },
  (t) => [primaryKey({ columns: [t.workerId, t.resolution, t.bucket] })],
);

/** Per owner (account id or address) and coin. */
export const ownerHistory = pgTable(
  'owner_history',
  { coin: text('coin').notNull(), owner: text('owner').notNull(), ...historyColumns },
  // By time too: settlement reads one coin's day for every owner, not one owner's history.
  (t) => [primaryKey({ columns: [t.coin, t.owner, t.resolution, t.bucket] }), index('owner_history_coin_bucket_idx').on(t.coin, t.bucket)],
);

export const poolHistory = pgTable(
  'pool_history',
  { coin: text('coin').notNull(), ...historyColumns },
  (t) => [primaryKey({ columns: [t.coin, t.resolution, t.bucket] })],
);

/** Batch ids already counted: a re-sent batch is recognised and changes nothing. */
export const ingestBatches = pgTable(
  'ingest_batches',
  {
    batchId: text('batch_id').primaryKey(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('ingest_batches_received_idx').on(t.receivedAt)],
);

/**
 * One row: workers' 10-minute points before `points_closed_until` are in worker_history; later
 * ones are summed from share_minutes (kept until then). Flushes read it (FOR SHARE) and write a
 * late share's point straight to worker_history only when the point is before it; the job that
 * closes points moves it forward (FOR UPDATE), so a point is never written both ways.
 */
export const ingestWatermark = pgTable('ingest_watermark', {
  id: boolean('id').primaryKey().default(true),
  pointsClosedUntil: ts('points_closed_until').notNull(),
});

/** Shares refused at ingestion, counted per minute and reason (never stored). */
export const ingestRefusals = pgTable(
  'ingest_refusals',
  {
    minute: ts('minute').notNull(),
    reason: text('reason').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.minute, t.reason] })],
);

/** Blocks the pool found, with their confirmations and the effort (luck) behind them. */
export const blocks = pgTable(
  'blocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    coin: text('coin').notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    reward: numeric('reward', { precision: 38, scale: 18 }).notNull(),
    /** The finder: a sub-account id or an address, and the worker. */
    finderOwner: text('finder_owner').notNull(),
    finderWorker: text('finder_worker').notNull(),
    foundAt: ts('found_at').notNull(),
    networkDifficulty: doublePrecision('network_difficulty').notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    /** pending, confirmed (mature) or orphaned */
    status: text('status').notNull().default('pending'),
    effort: doublePrecision('effort'),
  },
  (t) => [uniqueIndex('blocks_coin_hash_unique').on(t.coin, t.hash), index('blocks_coin_found_idx').on(t.coin, t.foundAt)],
);

/** The network's difficulty over time, as stratum nodes report it. */
export const networkStats = pgTable(
  'network_stats',
  {
    coin: text('coin').notNull(),
    at: ts('at').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    height: bigint('height', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.at] })],
);
