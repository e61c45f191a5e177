// Address mining's public calls (SPEC.md section 7) that are not about money (those are in
// address-earnings.ts): the pools, one coin's pool, one address's figures, charts and workers.
import { z } from 'zod';
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
