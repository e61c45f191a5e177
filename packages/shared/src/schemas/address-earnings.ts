// Address mining's earnings and payments (docs/rules.md, The API): GET
// /address-mining/{coin}/miner/{address}/profits and /address-mining/{coin}/payments/{address}.
// Public: anyone who knows an address may look it up, as on the chain itself.
import { z } from 'zod';
import { numberError, pageQuerySchema, V } from '../validation';
import { WITHDRAWAL_STATUS } from './wallet';

export const addressParamsSchema = z.object({
  coin: z.string().max(16),
  address: z.string().min(1).max(128),
});

export const addressProfitsQuerySchema = pageQuerySchema.extend({
  /** How many days back the list goes (today included). */
  days: z.coerce.number(numberError).int(V.integer).min(1, V.tooSmall).max(366, V.tooBig).default(30),
});

export const addressProfitRowSchema = z.object({
  day: z.string(),
  /** The day's average hashrate, H/s (accepted work / 86,400 s). */
  hashrate: z.number(),
  /** What the blocks that matured that day paid the address (PPLNS, after the fee). */
  amount: z.string(),
});

export const addressProfitsSchema = z.object({
  coin: z.string(),
  address: z.string(),
  /** PPLNS for every address-mode coin, at this fee rate (percent). */
  method: z.literal('pplns'),
  fee_rate: z.string(),
  total_earned: z.string(),
  total_paid: z.string(),
  /** Earned and not paid yet (a payment in flight is in `paying`). */
  unpaid: z.string(),
  paying: z.string(),
  /** Paid once `unpaid` reaches it, once a day. */
  min_payout: z.string(),
  list: z.array(addressProfitRowSchema),
  total: z.number().int(),
});

export const addressPaymentRowSchema = z.object({
  time: z.string(),
  /** What left the wallet; the address received amount - fee. */
  amount: z.string(),
  fee: z.string(),
  txid: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUS),
});
export const addressPaymentsSchema = z.object({ list: z.array(addressPaymentRowSchema), total: z.number().int() });
