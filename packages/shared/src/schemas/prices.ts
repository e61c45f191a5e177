// The operators' prices screen: each coin's USD price and each currency's rate (units per 1 CNY),
// where it came from (the demo market, the feed, an operator), when, and whether it is too old to
// price anything with; and the override an operator sets with a reason (audited).
import { z } from 'zod';
import { operatorReasonSchema, V } from '../validation';

/** Where prices come from: the demo market (a simulation), a price feed (CoinGecko) or operators alone. */
export const PRICE_SOURCES = ['demo', 'coingecko', 'manual'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PRICE_KINDS = ['coin', 'currency'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export const priceQuoteSchema = z.object({
  kind: z.enum(PRICE_KINDS),
  /** The coin's code (btc) or the currency's (USD). */
  code: z.string(),
  /** A coin: USD per coin; a currency: units per 1 CNY. Null before any quote. */
  value: z.string().nullable(),
  /** Who set it: seed, demo, coingecko or operator. */
  source: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Older than the staleness limit (or never quoted): what depends on it waits. Never with the demo market. */
  stale: z.boolean(),
  reason: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export const priceStatusSchema = z.object({
  source: z.enum(PRICE_SOURCES),
  stale_after_minutes: z.number().int(),
  poll_seconds: z.number().int(),
  /** The feed's last successful answer and last error (null: none yet). */
  last_poll_at: z.string().nullable(),
  last_error: z.string().nullable(),
  list: z.array(priceQuoteSchema),
});

export const priceParamsSchema = z.object({ kind: z.enum(PRICE_KINDS, { error: V.invalid }), code: z.string().max(16) });
export const priceOverrideBodySchema = z.strictObject({
  value: z
    .string({ error: (iss) => (iss.input === undefined ? V.required : V.decimalValue) })
    .trim()
    .regex(/^\d{1,20}(\.\d{1,18})?$/, V.decimalValue)
    .refine((s) => /[1-9]/.test(s), V.decimalValue),
  reason: operatorReasonSchema,
});
