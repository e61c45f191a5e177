// The operators' coin list (admin only): which coins the site lists and in what order, and the
// stratum address each coin's connection guide shows while no stratum process has announced its
// own. The coin's code, name, algorithm and mode are the software's (coins.ts) and not edited here.
import { z } from 'zod';
import { operatorReasonSchema, V } from '../validation';
import { stratumUrlSchema } from './stratum';
import { coinSchema } from './wallet';

export const adminCoinSchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  algorithm: z.string(),
  /** account: sub-accounts mine it; address: miners mine to their own address. */
  mode: z.enum(['account', 'address']),
  /** Listed on the site (the pools list, switchers, guides); shares of a hidden coin are still taken. */
  enabled: z.boolean(),
  sort_order: z.number().int(),
  stratum_url: z.string(),
  /** Confirmations before a found block's reward can be spent and is paid (the coin's rule, not edited). */
  maturity: z.number().int(),
  updated_at: z.string(),
});
export type AdminCoin = z.infer<typeof adminCoinSchema>;
export const adminCoinListSchema = z.object({ list: z.array(adminCoinSchema) });

export const adminCoinParamsSchema = z.object({ coin: coinSchema });
export const adminCoinBodySchema = z.strictObject({
  enabled: z.boolean({ error: V.invalid }),
  sort_order: z.number({ error: V.integer }).int(V.integer).min(0, V.tooSmall).max(9999, V.tooBig),
  stratum_url: stratumUrlSchema,
  reason: operatorReasonSchema,
});
export type AdminCoinBody = z.infer<typeof adminCoinBodySchema>;
