// The miner catalogue: models with their vendors' published specifications, the
// profitability ranking computed from the earnings' market data (mining-profit.ts), and the market
// figures the ASIC and GPU calculators need.
import { z } from 'zod';
import { V } from '../validation';
import { decimalString } from './envelope';

export const MINER_KINDS = ['asic', 'gpu'] as const;

const positive = z.number(V.invalid).positive(V.tooSmall).max(1e24, V.tooBig);
const optionalText = (max: number) => z.string().trim().max(max, V.tooLong).nullable().default(null);

export const minerSellerSchema = z.strictObject({
  region: z.string().trim().min(1, V.required).max(40, V.tooLong),
  country: z.string().trim().max(40, V.tooLong).default(''),
  seller: z.string().trim().min(1, V.required).max(80, V.tooLong),
  url: z.string().trim().regex(/^https:\/\/[^\s]+$/, V.invalid).max(300, V.tooLong).nullable().default(null),
  price_usd: positive.nullable().default(null),
  stock: z.number().int(V.integer).min(0, V.tooSmall).max(1e6, V.tooBig).nullable().default(null),
});
export type MinerSeller = z.infer<typeof minerSellerSchema>;

export const minerModelBodySchema = z.strictObject({
  vendor: z.string().trim().min(1, V.required).max(60, V.tooLong),
  name: z.string().trim().min(1, V.required).max(80, V.tooLong),
  kind: z.enum(MINER_KINDS).default('asic'),
  /** YYYY or YYYY-MM. */
  release_date: z.string().regex(/^\d{4}(-(0[1-9]|1[0-2]))?$/, V.invalid).nullable().default(null),
  algorithm: z.string().trim().min(1, V.required).max(40, V.tooLong),
  /** Hashes (or solutions) per second. */
  hashrate: positive,
  power_watts: positive,
  price_usd: positive.nullable().default(null),
  size: optionalText(60),
  weight_kg: positive.nullable().default(null),
  noise_db: z.number().int(V.integer).min(0, V.tooSmall).max(200, V.tooBig).nullable().default(null),
  fans: z.number().int(V.integer).min(0, V.tooSmall).max(50, V.tooBig).nullable().default(null),
  voltage: optionalText(60),
  temperature: optionalText(60),
  humidity: optionalText(60),
  sellers: z.array(minerSellerSchema).max(50, V.tooBig).default([]),
  enabled: z.boolean().default(true),
});
export type MinerModelBody = z.infer<typeof minerModelBodySchema>;

export const minerModelSchema = z.object({
  id: z.number().int(),
  vendor: z.string(),
  name: z.string(),
  kind: z.enum(MINER_KINDS),
  release_date: z.string().nullable(),
  algorithm: z.string(),
  hashrate: decimalString,
  power_watts: decimalString,
  price_usd: decimalString.nullable(),
  size: z.string().nullable(),
  weight_kg: decimalString.nullable(),
  noise_db: z.number().int().nullable(),
  fans: z.number().int().nullable(),
  voltage: z.string().nullable(),
  temperature: z.string().nullable(),
  humidity: z.string().nullable(),
  sellers: z.array(minerSellerSchema),
  enabled: z.boolean(),
  /** Where the figures come from (the vendor's published specification). */
  source: z.string().nullable(),
});
export type MinerModel = z.infer<typeof minerModelSchema>;

/** A model with its best coin's estimate at the caller's electricity price (USD, computed per request). */
export const minerRankingItemSchema = minerModelSchema.extend({
  coin: z.string().nullable(),
  daily_coins: z.number().nullable(),
  daily_revenue_usd: z.number().nullable(),
  daily_electricity_usd: z.number(),
  daily_profit_usd: z.number().nullable(),
});
export type MinerRankingItem = z.infer<typeof minerRankingItemSchema>;
export const minerRankingSchema = z.object({ list: z.array(minerRankingItemSchema), vendors: z.array(z.string()), algorithms: z.array(z.string()) });
export const minerRankingQuerySchema = z.object({
  /** USD per kWh (the web converts the user's electricity fee from their currency). */
  electricity: z.coerce.number(V.invalid).min(0, V.tooSmall).max(100, V.tooBig).default(0.05),
  algorithm: z.string().max(40, V.tooLong).optional(),
  vendor: z.string().max(60, V.tooLong).optional(),
});
export const minerIdParamsSchema = z.object({ id: z.coerce.number().int(V.integer).positive(V.invalid).max(2 ** 31 - 1, V.tooBig) });
export const minerDetailSchema = minerModelSchema.extend({ market: z.array(z.lazy(() => coinMarketSchema)) });

/** A coin's market figures for the calculators (the latest market day and the default payout method's fee). */
export const coinMarketSchema = z.object({
  coin: z.string(),
  algorithm: z.string(),
  network_difficulty: z.number(),
  hashes_per_difficulty: z.number(),
  block_reward: z.number(),
  fee_rate: z.number(),
  price_usd: z.number().nullable(),
  day: z.string(),
  /** The figures are the built-in demo values (seeded or simulated), not a provider's or an operator's. */
  demo: z.boolean(),
});
export type CoinMarketItem = z.infer<typeof coinMarketSchema>;
export const coinMarketListSchema = z.object({ list: z.array(coinMarketSchema) });
export const adminMinerListSchema = z.object({ list: z.array(minerModelSchema) });
