// The mining engine's tables. Shares are never stored one by one: ingestion adds them up per
// worker into minute buckets (kept about two hours) and per account and per pool into 10-minute
// history points (rolled up to hourly and daily later), so charts never sum 100,000 workers on a
// request. A worker's 10-minute points are written from its minute buckets when the point ends.
// Work is in hashes (share difficulty x the coin's hashes per difficulty), so hashrate = work /
// seconds.
//
// Ingestion never updates a known worker's row: the minute job moves each worker's windows
// forward from the minutes that entered and left them since its last pass, and the last share time
// and IP with them (worker-windows.repository.ts). So a flush writes only minutes, and a worker's
// row is written once a minute.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BlockStatus } from '@hashpool/shared';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const workerGroups = pgTable(
  'worker_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id').notNull().references(accountRefs.miningAccountId),
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
    accountId: uuid('account_id').references(accountRefs.miningAccountId),
    /** ... or the wallet address for address-mode coins. */
    address: text('address'),
    name: text('name').notNull(),
    /** null: the default group, which always exists and cannot be deleted. */
    groupId: bigint('group_id', { mode: 'number' }).references(() => workerGroups.id, { onDelete: 'set null' }),
    firstShareAt: ts('first_share_at').notNull(),
    lastShareAt: ts('last_share_at').notNull(),
    lastIp: text('last_ip'),
    /** Accepted and rejected-or-stale shares of the last 24 hours (the 24-hour window, with the current minute). */
    acceptedShares: bigint('accepted_shares', { mode: 'number' }).notNull().default(0),
    rejectedShares: bigint('rejected_shares', { mode: 'number' }).notNull().default(0),
    /** Windows (H/s), written by the minute job from the sums below and the current minute. */
    hashrate15m: doublePrecision('hashrate_15m').notNull().default(0),
    hashrate1h: doublePrecision('hashrate_1h').notNull().default(0),
    hashrate24h: doublePrecision('hashrate_24h').notNull().default(0),
    /** Rejected and stale share difficulty over all submitted, last 24 hours, 0..1. */
    rejectRate: doublePrecision('reject_rate').notNull().default(0),
    /**
     * The windows' sums over whole minutes up to ingest_watermark.windows_at: accepted work of the
     * last 15 and 60 minutes, and accepted and rejected work of the 24-hour window (closed points
     * from a day before the current point). Each has a share count beside it: a window whose count
     * falls to zero is set to exactly 0, so adding and later subtracting a minute's work in
     * floating point never leaves a dust of hashrate on an idle worker.
     */
    work15m: doublePrecision('work_15m').notNull().default(0),
    shares15m: integer('shares_15m').notNull().default(0),
    work1h: doublePrecision('work_1h').notNull().default(0),
    shares1h: integer('shares_1h').notNull().default(0),
    work24h: doublePrecision('work_24h').notNull().default(0),
    shares24h: bigint('shares_24h', { mode: 'number' }).notNull().default(0),
    rejectedWork24h: doublePrecision('rejected_work_24h').notNull().default(0),
    rejected24h: bigint('rejected_24h', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    uniqueIndex('workers_account_name_unique').on(t.coin, t.accountId, t.name).where(sql`${t.accountId} is not null`),
    uniqueIndex('workers_address_name_unique').on(t.coin, t.address, t.name).where(sql`${t.address} is not null`),
    // Searching a farm's worker names (LIKE '%rack12%'): names never change, so this costs only
    // the first share of a worker. (pg_trgm; PGlite loads it in db/client.ts.)
    index('workers_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // No index on the windows or the last share time: the minute job rewrites them for every active
    // worker each pass, and an index per sort cost the pass about 8 s per million workers here
    // (bench:workers). The worker list sorts a sub-account's workers by a scan (workers.service.ts).
    // The table's pages are kept half full (fillfactor 50, migration 0042, which drizzle's table
    // definition cannot express): the pass's new row versions then stay on their page and touch no
    // index at all (heap-only tuple updates).
  ],
);

const minuteColumns = {
  workerId: bigint('worker_id', { mode: 'number' }).notNull(),
  minute: ts('minute').notNull(),
  acceptedWork: doublePrecision('accepted_work').notNull().default(0),
  rejectedWork: doublePrecision('rejected_work').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  rejected: integer('rejected').notNull().default(0),
  stale: integer('stale').notNull().default(0),
  /** The minute's latest share (epoch ms) and its IP: the worker's last share facts come from here. */
  lastAt: doublePrecision('last_at'),
  lastIp: text('last_ip'),
};

/**
 * Workers per sub-account (or address), coin and group (0: the default group), changed in the
 * transaction that creates, moves or deletes workers: the worker list's total without counting a
 * big farm's rows on every page.
 */
export const workerCounts = pgTable(
  'worker_counts',
  {
    coin: text('coin').notNull(),
    owner: text('owner').notNull(),
    groupId: bigint('group_id', { mode: 'number' }).notNull().default(0),
    workers: bigint('workers', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.coin, t.owner, t.groupId] })],
);

/**
 * A big sub-account's (or address's) workers in the order of one sort of the worker list, as the
 * minute job's last pass left them: worker ids, 8 bytes each, ascending by the sort's column then
 * name. Written by the pass that wrote the columns, so a page of the list is a slice of `ids`
 * (stored uncompressed, so a slice reads only its part) and the rows it names, not a sort of the
 * owner's workers (workers.service.ts).
 */
export const workerOrders = pgTable(
  'worker_orders',
  {
    coin: text('coin').notNull(),
    owner: text('owner').notNull(),
    sort: text('sort').notNull(),
    ids: bytea('ids').notNull(),
    workers: integer('workers').notNull(),
    /** How many of `workers` had each status at the pass (a page of one status is counted here). */
    active: integer('active').notNull(),
    inactive: integer('inactive').notNull(),
    dead: integer('dead').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.owner, t.sort] })],
);

/** Per worker and minute; pruned after about two hours. */
export const shareMinutes = pgTable('share_minutes', minuteColumns, (t) => [primaryKey({ columns: [t.workerId, t.minute] }), index('share_minutes_minute_idx').on(t.minute)]);

/**
 * Minutes of late shares: those before ingest_watermark.windows_barrier when their flush ran. The
 * minute job merges them into share_minutes (and a closed point) and adds them to the windows they
 * fall in, so the minutes it reads below the barrier never change under it (worker-windows.repository.ts).
 */
export const shareMinutesLate = pgTable('share_minutes_late', minuteColumns);

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

/**
 * An owner's or the pool's points count shares in bigint (migration 0047): a day of a million
 * workers at a share every 10 s is 8.6 billion shares, past an integer, and the roll-up of the
 * day's hours failed. A worker's day stays far below (8,640 shares at that rate).
 */
const sharedHistoryColumns = {
  ...historyColumns,
  accepted: bigint('accepted', { mode: 'number' }).notNull().default(0),
  rejected: bigint('rejected', { mode: 'number' }).notNull().default(0),
  stale: bigint('stale', { mode: 'number' }).notNull().default(0),
};

export const workerHistory = pgTable(
  'worker_history',
  { workerId: bigint('worker_id', { mode: 'number' }).notNull(), ...historyColumns },
  (t) => [
    primaryKey({ columns: [t.workerId, t.resolution, t.bucket] }),
    // Every worker's 10-minute points of one time: the point leaving the minute job's 24-hour
    // window (worker-windows.repository.ts), which otherwise scans the whole table every pass. By
    // worker within a time, so the pass merges that point's rows with the workers in id order
    // instead of hashing them (migration 0046).
    index('worker_history_points_idx').on(t.bucket, t.workerId).where(sql`${t.resolution} = 600`),
  ],
);

/** Per owner (account id or address) and coin. */
export const ownerHistory = pgTable(
  'owner_history',
  { coin: text('coin').notNull(), owner: text('owner').notNull(), ...sharedHistoryColumns },
  // By time too: settlement reads one coin's day for every owner, not one owner's history.
  // The primary key INCLUDEs accepted_work and rejected_work (migration 0044, which drizzle's
  // primaryKey cannot say): one owner's history is read from the index alone.
  (t) => [primaryKey({ columns: [t.coin, t.owner, t.resolution, t.bucket] }), index('owner_history_coin_bucket_idx').on(t.coin, t.bucket)],
);

export const poolHistory = pgTable(
  'pool_history',
  { coin: text('coin').notNull(), ...sharedHistoryColumns },
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
 * One row, the mining job's marks:
 * - `points_closed_until`: workers' 10-minute points before it are in worker_history; later ones are
 *   summed from share_minutes (kept until then).
 * - `windows_barrier`: a flush writes minutes at or after it to share_minutes and earlier ones to
 *   share_minutes_late. Flushes hold the row FOR SHARE; the job moves the barrier to the current
 *   minute with an update, which waits for the flushes writing at that moment. Below the barrier,
 *   share_minutes then changes only by the job's own merges.
 * - `windows_at`: the workers' window sums cover whole minutes up to here (null: recompute them).
 * - `workers_generation`: raised when workers are deleted, so ingestion forgets the ids it knows.
 */
export const ingestWatermark = pgTable('ingest_watermark', {
  id: boolean('id').primaryKey().default(true),
  pointsClosedUntil: ts('points_closed_until').notNull(),
  windowsBarrier: ts('windows_barrier'),
  windowsAt: ts('windows_at'),
  workersGeneration: bigint('workers_generation', { mode: 'number' }).notNull().default(0),
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
    status: text('status').$type<BlockStatus>().notNull().default('pending'),
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
