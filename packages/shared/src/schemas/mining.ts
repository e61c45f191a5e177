// The share and block events a stratum server sends (the contract in the README), and the pool
// calls' bodies (docs/rules.md, The API, "Pool").
import { z } from 'zod';
import { hashrateThresholdSchema, nicknameSchema, V, WORKER_NAME } from '../validation';

export const SHARE_RESULTS = ['accepted', 'rejected', 'stale'] as const;

/** One share as a stratum server reports it. */
export const shareEventSchema = z.strictObject({
  coin: z.string().min(1).max(16),
  /** The sub-account name (account-mode coins) ... */
  account: z.string().min(1).max(64).optional(),
  /** ... or the wallet address (address-mode coins). */
  address: z.string().min(1).max(128).optional(),
  /** Checked by the worker-name rule (digits and lower-case letters, at most 64), so a bad one is counted as such. */
  worker: z.string().max(256),
  /** Share difficulty, as a decimal string or number > 0. */
  difficulty: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?([eE][+-]?\d+)?$/)]),
  result: z.enum(SHARE_RESULTS),
  /** Why a share was rejected (low difficulty, duplicate, job not found ...). */
  reason: z.string().max(64).optional(),
  ip: z.string().max(64).optional(),
  /** Unix time in milliseconds when the stratum server checked the share. */
  time: z.number().int(),
});
export type ShareEvent = z.infer<typeof shareEventSchema>;

/** Shares in one batch, at most (either encoding). */
export const SHARE_BATCH_MAX = 50_000;

/** A batch: the unit of delivery. A re-sent batch (same id) is counted once. */
export const shareBatchSchema = z.strictObject({
  batch_id: z.string().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/, V.invalid),
  shares: z.array(z.unknown()).min(1).max(SHARE_BATCH_MAX),
});

export const shareBatchResultSchema = z.object({
  batch_id: z.string(),
  /** false when the batch was already counted (a retry). */
  applied: z.boolean(),
  accepted: z.number().int(),
  /** Shares refused by validation, counted, never stored. */
  refused: z.number().int(),
  refused_reasons: z.record(z.string(), z.number().int()),
});

export const isValidWorkerName = (s: string) => WORKER_NAME.test(s);

export const WORKER_STATUSES = ['active', 'inactive', 'dead'] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];
/** A worker with no share for this long is inactive (docs/rules.md, States and transitions); dead after WORKER_DEAD_AFTER_HOURS. */
export const INACTIVE_AFTER_MS = 15 * 60_000;
/** Sort keys of the worker list (docs/rules.md, Limits and constants). */
export const MINER_SORTS = ['now', '1h', '24h', 'reject', 'lastShare', 'workerName'] as const;

export const minerListQuerySchema = z.object({
  page: z.coerce.number().int(V.integer).min(1, V.tooSmall).default(1),
  page_size: z.coerce.number().int(V.integer).min(1, V.tooSmall).max(100, V.tooBig).default(10),
  status: z.enum([...WORKER_STATUSES, 'all']).default('all'),
  /** A group id, or "default" for workers in no group. */
  group: z.union([z.literal('default'), z.coerce.number().int().positive()]).optional(),
  search: z.string().max(64).optional(),
  sort: z.enum(MINER_SORTS).default('now'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

const value = z.object({ value: z.number() });
export const minerRowSchema = z.object({
  id: z.number().int(),
  worker_name: z.string(),
  group_id: z.number().int().nullable(),
  status: z.enum(WORKER_STATUSES),
  accept_15m: value,
  accept_1h: value,
  accept_24h: value,
  /** 0..1 over the last 24 hours. */
  reject_rate: z.number(),
  last_share_time: z.string(),
  last_ip: z.string().nullable(),
  accepted_shares: z.number().int(),
});
export type MinerRow = z.infer<typeof minerRowSchema>;
export const minerPageSchema = z.object({ list: z.array(minerRowSchema), total: z.number().int() });

export const minerCountsSchema = z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int(), dead: z.number().int() });
export const accountStatsSchema = z.object({
  hashrate_15m: z.number(),
  hashrate_1h: z.number(),
  hashrate_24h: z.number(),
  reject_rate: z.number(),
  workers: minerCountsSchema,
});
export const poolAccountParamsSchema = z.object({ pool: z.string().max(16), account: z.string().max(64) });

export const groupNameSchema = nicknameSchema;
/** Groups per sub-account and coin: far above what a farm's racks need, and a bound on the alarm job's reads. */
export const MAX_GROUPS_PER_ACCOUNT = 500;
export const groupSchema = z.object({
  /** null: the default group, which always exists. */
  id: z.number().int().nullable(),
  name: z.string(),
  total: z.number().int(),
  active: z.number().int(),
});
export const groupListSchema = z.array(groupSchema);
export const createGroupBodySchema = z.strictObject({ account: z.string().max(64), name: groupNameSchema });
export const renameGroupBodySchema = z.strictObject({ name: groupNameSchema });
export const moveWorkersBodySchema = z.strictObject({
  account: z.string().max(64),
  worker_ids: z.array(z.number().int().positive()).min(1).max(10_000),
  /** null moves them to the default group. */
  group_id: z.number().int().positive().nullable(),
});
export const clearWorkersBodySchema = z.strictObject({
  mode: z.enum(['selected', 'inactive', 'dead']),
  worker_ids: z.array(z.number().int().positive()).max(10_000).optional(),
});
export const groupIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const HASHRATE_RANGES = ['24h', '30d'] as const;
export const hashrateQuerySchema = z.object({ range: z.enum(HASHRATE_RANGES).default('24h') });
export const hashratePointSchema = z.object({
  /** Start of the point, ISO time. */
  time: z.string(),
  /** Accepted work over the point's length, H/s. */
  hashrate: z.number(),
  /** Rejected and stale over all submitted work, 0..1. */
  reject_rate: z.number(),
});
export const hashrateSeriesSchema = z.object({ resolution: z.number().int(), points: z.array(hashratePointSchema) });
export const minerParamsSchema = z.object({ pool: z.string().max(16), account: z.string().max(64), miner: z.coerce.number().int().positive() });
export const poolParamsSchema = z.object({ pool: z.string().max(16) });

export const alertSettingsSchema = z.object({
  offline_alert: z.boolean(),
  hashrate_threshold: z.number().nonnegative().nullable(),
  repeat_minutes: z.number().int().min(10, V.tooSmall).max(1440, V.tooBig),
  email: z.boolean(),
});
export const alertSettingsBodySchema = alertSettingsSchema.strict();

/**
 * A worker group's hashrate alarm (GET .../group-alerts): the sum of its workers' 15-minute
 * hashrate and the threshold under which it alarms (H/s; null: no alarm). The default group has
 * none of its own: the sub-account's threshold covers every worker.
 */
export const groupAlertSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  total: z.number().int(),
  active: z.number().int(),
  hashrate_15m: z.number(),
  hashrate_threshold: z.number().nullable(),
});
export const groupAlertListSchema = z.array(groupAlertSchema);
export const groupAlertBodySchema = z.strictObject({ hashrate_threshold: hashrateThresholdSchema });

/**
 * When a block event happened, Unix ms: from Bitcoin's genesis block (3 January 2009) to 2100. A
 * time past what a Date holds answered 500 on every re-send, and one in seconds (1970) sent the
 * block to a day with no market data, where it waited unpaid without an error.
 */
const blockEventTimeSchema = z.number().int().min(1_231_006_505_000).max(4_102_444_800_000);

/** The largest network difficulty a block or network event may report: far above any chain's. */
const NETWORK_DIFFICULTY_MAX = 1e30;

/** Block events from stratum nodes (POST /api/internal/blocks). */
export const blockEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('found'),
    coin: z.string().max(16),
    height: z.number().int().nonnegative(),
    hash: z.string().min(8).max(128).regex(/^[0-9a-zA-Z]+$/),
    /** The block's reward (subsidy and fees) in coins, as a decimal string. */
    reward: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/),
    account: z.string().max(64).optional(),
    address: z.string().max(128).optional(),
    worker: z.string().max(64),
    /**
     * Network difficulty the block was found at. Bounded as share work is (MAX_SHARE_WORK): times
     * the coin's hashes per difficulty it must stay a finite number, or a PPLNS window and the
     * effort would be Infinity or NaN.
     */
    difficulty: z.number().positive().max(NETWORK_DIFFICULTY_MAX),
    time: blockEventTimeSchema,
  }),
  z.strictObject({ type: z.literal('confirmations'), coin: z.string().max(16), hash: z.string().max(128), confirmations: z.number().int().nonnegative().max(2_147_483_647) }),
  z.strictObject({ type: z.literal('orphaned'), coin: z.string().max(16), hash: z.string().max(128) }),
  /** The network's current difficulty, for the network hashrate chart. */
  z.strictObject({ type: z.literal('network'), coin: z.string().max(16), difficulty: z.number().positive().max(NETWORK_DIFFICULTY_MAX), height: z.number().int().nonnegative(), time: blockEventTimeSchema }),
]);
export type BlockEvent = z.infer<typeof blockEventSchema>;
export const blockEventsBodySchema = z.strictObject({ events: z.array(blockEventSchema).min(1).max(1000) });

export const BLOCK_STATUSES = ['pending', 'confirmed', 'orphaned'] as const;
export type BlockStatus = (typeof BLOCK_STATUSES)[number];
export const BLOCK_VIEW_STATUSES = [...BLOCK_STATUSES, 'held', 'void'] as const;
export type BlockViewStatus = (typeof BLOCK_VIEW_STATUSES)[number];
export const blockRowSchema = z.object({
  height: z.number().int(),
  hash: z.string(),
  reward: z.string(),
  /** Who found it, shortened for the public page. */
  finder: z.string(),
  time: z.string(),
  confirmations: z.number().int(),
  maturity: z.number().int(),
  /**
   * The block's state on the chain, and after it matured: `held` while its reward did not check out
   * on the pool's wallet node (nothing paid yet; checked again every round), `void` once an operator
   * gave it up (it paid nothing).
   */
  status: z.enum(BLOCK_VIEW_STATUSES),
  /** Work the pool did for this block over the work expected (1 = average luck). */
  effort: z.number().nullable(),
});
export const blockPageSchema = z.object({ list: z.array(blockRowSchema), total: z.number().int() });
export const coinPageSchema = z.object({
  coin: z.string(),
  pool_hashrate: z.number(),
  network_hashrate: z.number().nullable(),
  network_difficulty: z.number().nullable(),
  active_workers: z.number().int(),
  active_miners: z.number().int(),
  blocks_24h: z.number().int(),
  last_block_time: z.string().nullable(),
});
export const coinPagesSchema = z.array(coinPageSchema);
