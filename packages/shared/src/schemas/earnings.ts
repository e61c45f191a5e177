// The earnings calls: a sub-account's payout method per coin
// (docs/rules.md, The API: GET /accounts/{account}/pay-method, PUT /accounts/{account}/pools/{pool}/pay-method),
// and the operators' fee rates and market data. Amounts, rates and difficulties are decimal strings.
import { z } from 'zod';
import { COINS } from '../coins';
import { isUtcDay, PAY_METHODS } from '../earnings';
import { isDateInRange, operatorReasonSchema, pageQuerySchema, V } from '../validation';

const ACCOUNT_COINS = COINS.filter((c) => c.mode === 'account').map((c) => c.code) as [string, ...string[]];
const ALL_COINS = COINS.map((c) => c.code) as [string, ...string[]];

/** An account-mode coin: only those are mined into sub-accounts and have a payout method. */
export const accountCoinSchema = z.enum(ACCOUNT_COINS, { error: V.invalid });
const anyCoinSchema = z.enum(ALL_COINS, { error: V.invalid });
export const payMethodSchema = z.enum(PAY_METHODS, { error: V.invalid });

/** A UTC day "YYYY-MM-DD". */
export const utcDaySchema = z.string({ error: V.invalid }).refine(isUtcDay, { message: V.invalid, abort: true }).refine(isDateInRange, V.dateRange);

// ---- users ----------------------------------------------------------------------------------

export const payMethodQuerySchema = z.object({
  /** One coin; all account-mode coins when absent. The coin itself is checked by the server. */
  pool: z.string().max(16).optional(),
});
export const payMethodParamsSchema = z.object({ account: z.string().max(64), pool: z.string().max(16) });
export const accountParamsSchema = z.object({ account: z.string().max(64) });
export const payMethodBodySchema = z.strictObject({ method: payMethodSchema });

export const feeRateItemSchema = z.object({
  method: payMethodSchema,
  /** Percent of the earning the pool keeps ("2.5" = 2.5 %): the rate today's work is charged. */
  fee_rate: z.string(),
  /** An operator's change made today: the rate from `next_fee_from` (the next UTC day); null without one. */
  next_fee_rate: z.string().nullable(),
  next_fee_from: z.string().nullable(),
});
export type FeeRateItem = z.infer<typeof feeRateItemSchema>;
/** A coin's pool fee as GET /pools shows it: today's rate and a change made today. */
export type PoolFee = Omit<FeeRateItem, 'method'>;

/** The market values of one coin and UTC day (what a settlement of that day uses). */
export const marketDataSchema = z.object({
  coin: z.string(),
  day: z.string(),
  /** In the pool's difficulty unit: one block is expected per network_difficulty x hashes_per_difficulty hashes. */
  network_difficulty: z.string(),
  hashes_per_difficulty: z.number(),
  block_subsidy: z.string(),
  avg_fees_per_block: z.string(),
  price_usd: z.string().nullable(),
  /** seed, simulated (the default adapter), operator, or a provider adapter's name. */
  source: z.string(),
  updated_at: z.string(),
});

export const payMethodItemSchema = z.object({
  coin: z.string(),
  /** The method chosen last; it applies from `effective_from`. */
  method: payMethodSchema,
  /** Fee rate of `method`, percent. */
  fee_rate: z.string(),
  /** The method that pays the current UTC day's work (the previous one while a switch waits for its day). */
  today_method: payMethodSchema,
  /** First settlement day (UTC) of `method`; null when it has always applied (never switched). */
  effective_from: z.string().nullable(),
  /** When the first settlement with `method` runs (00:00 UTC the day after `effective_from`). */
  first_settlement_at: z.string().nullable(),
  /** What `method` replaced; null when never switched. */
  previous_method: payMethodSchema.nullable(),
  switched_at: z.string().nullable(),
  /** From when another switch is accepted; null: now. */
  next_switch_at: z.string().nullable(),
  /** Every method with its fee rate for this coin. */
  methods: z.array(feeRateItemSchema),
  /** The latest market values of the coin (the symbols of the formulas); null before any. */
  market: marketDataSchema.nullable(),
});
export const payMethodListSchema = z.object({ list: z.array(payMethodItemSchema) });

// ---- operators ------------------------------------------------------------------------------

/** A fee rate in percent: 0 up to (not including) 100, at most 4 decimals. */
export const feeRatePercentSchema = z
  .string({ error: (iss) => (iss.input === undefined ? V.required : V.feeRate) })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,4})?$/, V.feeRate);


export const adminFeeRateSchema = z.object({
  coin: z.string(),
  method: payMethodSchema,
  /** The rate set last. */
  fee_rate: z.string(),
  /** The UTC day it applies from when that is still to come (set today), with the rate today's work is charged; null once in force. */
  from: z.string().nullable(),
  today_fee_rate: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export const adminFeeRateListSchema = z.object({ list: z.array(adminFeeRateSchema) });
/** Any coin: an address-mode coin's only method is PPLNS (the server refuses another). */
export const feeRateBodySchema = z.strictObject({ coin: anyCoinSchema, method: payMethodSchema, fee_rate: feeRatePercentSchema, reason: operatorReasonSchema });

/** A non-negative decimal with at most `digits` integer digits and 18 decimals (numeric(38,18) holds 20). */
const decimalValue = (positive: boolean, digits = 20) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? V.required : V.decimalValue) })
    .trim()
    .regex(new RegExp(`^\\d{1,${digits}}(\\.\\d{1,18})?$`), V.decimalValue)
    .refine((s) => !positive || /[1-9]/.test(s), V.decimalValue);

export const marketDataQuerySchema = pageQuerySchema.extend({ coin: anyCoinSchema });
export const marketDataPageSchema = z.object({ list: z.array(marketDataSchema), total: z.number().int() });
export const marketDataParamsSchema = z.object({ coin: z.string().max(16), day: utcDaySchema });
export const marketDataBodySchema = z.strictObject({
  network_difficulty: decimalValue(true, 30),
  block_subsidy: decimalValue(true),
  avg_fees_per_block: decimalValue(false),
  price_usd: decimalValue(true).nullable(),
  reason: operatorReasonSchema,
});

// ---- held blocks (docs/operator-guide.md §12: the chain check of a matured block's reward) ----

/** Why a matured block's reward is held: the node's word on it (the earnings module's chain check). */
export const BLOCK_HOLD_REASONS = ['not_in_chain', 'not_pool_coinbase', 'amount_differs', 'no_wallet_node', 'time_differs'] as const;
export type BlockHoldReason = (typeof BLOCK_HOLD_REASONS)[number];

/** A matured block held now: nothing paid for it; checked again every settlement round. */
export const heldBlockSchema = z.object({
  id: z.number().int(),
  coin: z.string(),
  height: z.number().int(),
  hash: z.string(),
  /** The reward the stratum reported (the chain did not confirm it). */
  reward: z.string(),
  found_at: z.string(),
  /**
   * Each reason the chain gave, latest first: what differed at the last check that gave it, when it
   * was first seen (the operators were told then) and last seen.
   */
  holds: z.array(z.object({ reason: z.enum(BLOCK_HOLD_REASONS), detail: z.string(), since: z.string(), last_seen: z.string() })),
});
export const heldBlockListSchema = z.object({ list: z.array(heldBlockSchema) });
export const heldBlockParamsSchema = z.object({ id: z.coerce.number().int(V.integer).positive(V.invalid).max(Number.MAX_SAFE_INTEGER, V.tooBig) });
/** Voiding a held block: it pays nothing and is not checked again; the reason goes to the audit log. */
export const heldBlockVoidBodySchema = z.strictObject({ reason: operatorReasonSchema });

// ---- profits (docs/rules.md, The API: /pools/{pool}/accounts/{account}/profits/stats, /profits) ----

export const profitStatsSchema = z.object({
  coin: z.string(),
  /** What the settlement of yesterday (UTC) credited; "0" until it ran. */
  yesterday: z.string(),
  /** False while yesterday's work waits for its settlement; true once settled, or with no work to settle. */
  yesterday_settled: z.boolean(),
  /** Today's work so far (from 00:00 UTC) at today's method, fee and the latest market values. */
  today_estimate: z.string(),
  today_method: payMethodSchema,
  /** Every settled day's amount. */
  total_earned: z.string(),
  /** Withdrawals completed (including automatic payouts), net of their fee. */
  total_paid: z.string(),
  /** Available in the wallet now. */
  balance: z.string(),
});
export type ProfitStats = z.infer<typeof profitStatsSchema>;

export const profitQuerySchema = pageQuerySchema.extend({ start: utcDaySchema.optional(), end: utcDaySchema.optional() });

export const profitRowSchema = z.object({
  day: z.string(),
  /** The day's average hashrate, H/s: its accepted work / 86,400 s. */
  hashrate: z.number(),
  method: payMethodSchema,
  /** Percent, after any fee reduction. */
  fee_rate: z.string(),
  amount: z.string(),
  /** settled: credited to the wallet; pending: computed, being credited. */
  status: z.enum(['settled', 'pending']),
  /** What a fee coupon saved that day (the promotions module), or null without one. */
  coupon_saving: z.string().nullable(),
});
export const profitPageSchema = z.object({ list: z.array(profitRowSchema), total: z.number().int() });

// ---- referral programme (/user/invite) ----

export const inviteSummarySchema = z.object({
  invite_code: z.string(),
  invitees: z.number().int(),
  /** "0.2": percent of the invitees' daily mining earnings. */
  rate_percent: z.string(),
  totals: z.array(z.object({ coin: z.string(), amount: z.string() })),
});
export const inviteePageSchema = z.object({
  list: z.array(z.object({ contact: z.string(), registered_at: z.string() })),
  total: z.number().int(),
});
export const inviteRewardPageSchema = z.object({
  list: z.array(z.object({ day: z.string(), coin: z.string(), invitees: z.number().int(), base: z.string(), amount: z.string(), released_at: z.string() })),
  total: z.number().int(),
});

/** Both ends required (docs/rules.md, Validation), at most 366 days. */
export const profitExportQuerySchema = z.object({ start: utcDaySchema, end: utcDaySchema, format: z.enum(['csv', 'xlsx'], { error: V.invalid }).default('csv') });

export const profitDaysQuerySchema = z.object({ days: z.coerce.number({ error: V.invalid }).int(V.integer).min(1, V.tooSmall).max(365, V.tooBig).default(30) });

/** Settled hashrate and earnings per day, oldest first (the profit chart). */
export const profitHashrateListSchema = z.object({ list: z.array(z.object({ day: z.string(), hashrate: z.number(), amount: z.string() })) });

/**
 * Earnings per day of one `unit` of hashrate running all day, per method, from each day's market
 * values and fee rates: PPS+ and FPPS as settled; PPLNS and SOLO as their expectation (what they
 * pay in the long run, luck aside).
 */
export const unitProfitListSchema = z.object({
  unit: z.string(),
  unit_hashrate: z.number(),
  list: z.array(z.object({ day: z.string(), methods: z.array(z.object({ method: payMethodSchema, amount: z.string() })) })),
});

export const accountRatesSchema = z.object({
  coin: z.string(),
  price_usd: z.string().nullable(),
  today_method: payMethodSchema,
  fee_rates: z.array(feeRateItemSchema),
});

// ---- the user's mining overview (GET /users/mining-overview, the /user/mining page) ----------

/** Per sub-account of the caller and account-mode coin it has workers or earnings of. */
export const miningOverviewRowSchema = z.object({
  account: z.string(),
  coin: z.string(),
  /** H/s over the last 15 minutes and 24 hours (the mining module's account stats). */
  hashrate_15m: z.number(),
  hashrate_24h: z.number(),
  workers_online: z.number().int(),
  /** Workers without a share in the last 15 minutes (inactive and dead). */
  workers_offline: z.number().int(),
  /** What yesterday's (UTC) settlement and matured blocks credited; "0" until it ran. */
  yesterday: z.string(),
});
export const miningOverviewSchema = z.object({ list: z.array(miningOverviewRowSchema) });
export type MiningOverviewRow = z.infer<typeof miningOverviewRowSchema>;
