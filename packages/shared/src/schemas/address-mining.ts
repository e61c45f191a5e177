// Address mining's public calls (docs/rules.md, The API) that are not about money (those are in
// address-earnings.ts): the pools, one coin's pool, one address's figures, charts and workers.
import { z } from 'zod';
import { isDateInRange, V } from '../validation';
import { accountStatsSchema, coinPageSchema, minerCountsSchema } from './mining';

export const addressCoinParamsSchema = z.object({ coin: z.string().max(16) });
export const addressWorkerParamsSchema = z.object({ coin: z.string().max(16), address: z.string().min(1).max(128), worker: z.string().max(64) });

/** One address-mode coin's pool: its figures, fee and payout rule, and the address format. */
export const addressPoolSchema = coinPageSchema.extend({
  /** PPLNS at this fee rate, percent. */
  fee_rate: z.string(),
  min_payout: z.string(),
  address_format: z.string(),
});
export const addressPoolListSchema = z.array(addressPoolSchema);

/** An address's figures: hashrates, reject rate, workers by status, and when it last sent a share. */
export const addressMinerInfoSchema = accountStatsSchema.extend({
  coin: z.string(),
  address: z.string(),
  last_share_time: z.string().nullable(),
});

export const addressWorkerStatsSchema = minerCountsSchema.extend({ miners: z.number().int() });

/**
 * An address's workers grouped by the network of the IP they last sent a share from (the ALEO IP
 * statistics; public, so no full IP: docs/rules.md, The API).
 */
export const addressIpRowSchema = z.object({
  /** "198.51.100.0/24" or "2001:db8:1::/48"; null: workers whose stratum node did not report an IP. */
  ip: z.string().nullable(),
  workers: z.number().int(),
  active: z.number().int(),
  hashrate_15m: z.number(),
  hashrate_24h: z.number(),
  last_share_time: z.string(),
});
export const addressIpStatsSchema = z.object({
  list: z.array(addressIpRowSchema),
  total: z.number().int(),
  /** The address's workers come from more IPs than are read (10,000, the busiest): the rest are left out. */
  capped: z.boolean(),
});

/** GET /address-mining/aleo/stake-calculator: a hashrate (H/s) or an address whose 24 h hashrate counts, and the stake it has. */
export const stakeCalculatorQuerySchema = z.object({
  hashrate: z.coerce.number({ error: V.invalid }).nonnegative(V.tooSmall).max(1e30, V.tooBig).optional(),
  address: z.string().max(128).optional(),
  /** ALEO bonded now, when the caller knows it (the pool has no chain data for it). */
  stake: z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, V.amount).optional(),
});

export const stakeCalculatorSchema = z.object({
  hashrate: z.number(),
  /** input, or the address's measured 24 h hashrate. */
  hashrate_source: z.enum(['input', 'address']),
  /** The network's proof target (difficulty) the estimate uses; null when none has been reported. */
  proof_target: z.number().nullable(),
  solutions_per_epoch: z.number(),
  epoch_seconds: z.number().int(),
  stake_per_solution: z.string(),
  /** Stake for every expected solution of an epoch: ceil(solutions) x stake per solution. */
  required_stake: z.string(),
  stake: z.string().nullable(),
  shortfall: z.string().nullable(),
  /** false: "Insufficient ALEO staking amount; stake more ALEO before mining". null without a stake. */
  sufficient: z.boolean().nullable(),
  /** The schedule's next step, when there is one. */
  next_change: z.object({ from: z.string(), stake_per_solution: z.string() }).nullable(),
});

export const stakeScheduleEntrySchema = z.object({ from: z.string(), stake_per_solution: z.string(), source: z.string(), updated_at: z.string() });
export const stakeScheduleSchema = z.array(stakeScheduleEntrySchema);
export const stakeScheduleBodySchema = z.strictObject({
  from: z.iso.datetime({ error: V.invalid }).refine(isDateInRange, V.dateRange),
  // Above zero: a schedule at 0 would tell every miner on the public calculator their stake suffices.
  stake_per_solution: z.string().regex(/^\d{1,15}(\.\d{1,6})?$/, V.amount).refine((s) => /[1-9]/.test(s), V.amount),
  reason: z.string().trim().min(1, V.required).max(200, V.tooLong),
});
