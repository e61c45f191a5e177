// Cloud-mining contracts (docs/rules.md, Contracts): products operators sell, orders users
// pay by USDT (an address per order), bank transfer (a certificate) or the wallet balance (chosen
// before ordering), their states and history, and each effect day's profit. Amounts are decimal strings both ways.
import { z } from 'zod';
import { COINS } from '../coins';
import { HASHRATE_UNITS } from '../format';
import { LANGUAGES } from '../i18n';
import { isStorableText } from '../input-safety';
import { namesPerLanguageSchema, pageQuerySchema, V } from '../validation';
import { pageOf } from './envelope';
import { amountSchema, payAuthorisationShape } from './wallet';

export const CONTRACT_PRODUCT_STATUSES = ['draft', 'on_sale', 'sold_out', 'ended'] as const;
export type ContractProductStatus = (typeof CONTRACT_PRODUCT_STATUSES)[number];
/** What an operator sets; sold out and ended also follow from the inventory and the sale window. */
export const CONTRACT_PRODUCT_SET_STATUSES = ['draft', 'on_sale', 'ended'] as const;

export const CONTRACT_ORDER_STATUSES = ['unpaid', 'checking', 'effect', 'finish', 'cancelled', 'rejected'] as const;
export type ContractOrderStatus = (typeof CONTRACT_ORDER_STATUSES)[number];

/** How an order is paid, chosen before it is placed: USDT on a network (an address per order), bank transfer, or the wallet balance. */
export const USDT_NETWORKS = ['usdt_trc20', 'usdt_erc20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];
export const CONTRACT_PAY_METHODS = [...USDT_NETWORKS, 'bank', 'balance'] as const;
export type ContractPayMethod = (typeof CONTRACT_PAY_METHODS)[number];

/** An unpaid order is cancelled this long after its creation (SPEC section 4). */
export const CONTRACT_UNPAID_TTL_MS = 2 * 3_600_000;
/** The largest certificate (image or PDF). */
export const CONTRACT_CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;
export const CONTRACT_MAX_UNITS = 100_000;

const accountCoins = COINS.filter((c) => c.mode === 'account').map((c) => c.code) as [string, ...string[]];
const positiveDecimal = z.string({ error: V.decimalValue }).trim().regex(/^\d{1,20}(\.\d{1,18})?$/, V.decimalValue).refine((s) => /[1-9]/.test(s), V.decimalValue);
const nonNegativeDecimal = z.string({ error: V.decimalValue }).trim().regex(/^\d{1,20}(\.\d{1,18})?$/, V.decimalValue);
const text = (max: number) => z.string({ error: V.required }).max(max, V.tooLong).refine(isStorableText, V.controlCharacters);
const termsSchema = z.partialRecord(z.enum(LANGUAGES), text(20_000));

export const contractProductBodySchema = z.strictObject({
  name: text(100).refine((s) => s.trim().length > 0, V.required),
  coin: z.enum(accountCoins, { error: V.invalid }),
  /** Hashrate of one unit, in hashrate_unit. */
  hashrate: positiveDecimal,
  hashrate_unit: z.enum(HASHRATE_UNITS, { error: V.invalid }),
  duration_days: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(3650, V.tooBig),
  /** Price of one unit in USDT. */
  price_usdt: positiveDecimal,
  /** Price of one unit by bank transfer, in fiat_currency. */
  price_fiat: positiveDecimal.nullable(),
  fiat_currency: z.string().regex(/^[A-Z]{3}$/, V.currency),
  /** Watts per unit. */
  power_watts: nonNegativeDecimal,
  /** USD per kWh. */
  electricity_rate: nonNegativeDecimal,
  /** Percent of the output. */
  management_fee: nonNegativeDecimal.refine((s) => Number(s) < 100, V.tooBig),
  /** Units left for sale. */
  inventory: z.number({ error: V.integer }).int(V.integer).min(0, V.tooSmall).max(10_000_000, V.tooBig),
  /**
   * On an edit, the inventory the operator's form showed: the change is applied as the
   * difference, so units sold (or returned) while the form was open are not put back on sale.
   * Without it, `inventory` is set as given.
   */
  inventory_was: z.number({ error: V.integer }).int(V.integer).min(0, V.tooSmall).max(10_000_000, V.tooBig).optional(),
  sale_start: z.iso.datetime({ error: V.invalid }),
  sale_end: z.iso.datetime({ error: V.invalid }),
  status: z.enum(CONTRACT_PRODUCT_SET_STATUSES, { error: V.invalid }),
  terms: termsSchema,
  /** The name in other languages than `name`'s (English); a language left out reads `name`. */
  names: namesPerLanguageSchema(100),
});
export type ContractProductBody = z.infer<typeof contractProductBodySchema>;

export const contractProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  coin: z.string(),
  hashrate: z.string(),
  hashrate_unit: z.string(),
  duration_days: z.number().int(),
  price_usdt: z.string(),
  price_fiat: z.string().nullable(),
  fiat_currency: z.string(),
  power_watts: z.string(),
  electricity_rate: z.string(),
  management_fee: z.string(),
  inventory: z.number().int(),
  sold: z.number().int(),
  sale_start: z.string(),
  sale_end: z.string(),
  /** As shown: sold out when nothing is left, ended after the sale window. */
  status: z.enum(CONTRACT_PRODUCT_STATUSES),
  /** As the operator set it. */
  set_status: z.enum(CONTRACT_PRODUCT_SET_STATUSES),
  terms: z.record(z.string(), z.string()),
  /** The name per language where the operator gave one (the web reads the user's, else `name`). */
  names: z.record(z.string(), z.string()),
  demo: z.boolean(),
  /** Estimated net output of one unit per day at the latest market day, in the coin (null without market data). */
  estimated_daily_net: z.string().nullable(),
  /** The USDT networks this pool takes payments on (a network whose chain is disabled is not offered). */
  usdt_networks: z.array(z.enum(USDT_NETWORKS)),
});
export const contractProductListSchema = z.object({ list: z.array(contractProductSchema) });

export const contractOrderBodySchema = z.strictObject({
  product_id: z.string().uuid(V.invalid),
  units: z.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(CONTRACT_MAX_UNITS, V.tooBig),
  pay_method: z.enum(CONTRACT_PAY_METHODS, { error: V.invalid }),
  agree_terms: z.boolean({ error: V.agreeTerms }),
});

export const contractOrderEventSchema = z.object({
  from: z.enum(CONTRACT_ORDER_STATUSES).nullable(),
  to: z.enum(CONTRACT_ORDER_STATUSES),
  actor: z.enum(['user', 'operator', 'system']),
  reason: z.string().nullable(),
  at: z.string(),
});

export const bankDetailsSchema = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  swift: z.string(),
  note: z.string(),
});
export const bankDetailsBodySchema = z.strictObject({
  bank_name: text(200),
  account_name: text(200),
  account_number: text(100),
  swift: text(50),
  note: text(1000),
});

export const contractOrderSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  coin: z.string(),
  units: z.number().int(),
  hashrate: z.string(),
  hashrate_unit: z.string(),
  /** units x hashrate, in hashrate_unit. */
  total_hashrate: z.string(),
  duration_days: z.number().int(),
  power_watts: z.string(),
  electricity_rate: z.string(),
  management_fee: z.string(),
  pay_method: z.enum(CONTRACT_PAY_METHODS),
  pay_amount: z.string(),
  pay_currency: z.string(),
  pay_address: z.string().nullable(),
  pay_reference: z.string(),
  has_certificate: z.boolean(),
  status: z.enum(CONTRACT_ORDER_STATUSES),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  /** When an unpaid order is cancelled unless paid. */
  expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  effect_date: z.string().nullable(),
  end_date: z.string().nullable(),
  total_profit: z.string(),
  demo: z.boolean(),
  /** The owner's sub-account (operators' lists). */
  account: z.string().optional(),
});
export const contractOrderDetailSchema = contractOrderSchema.extend({
  history: z.array(contractOrderEventSchema),
  bank: bankDetailsSchema.nullable(),
  /** Paying from the wallet balance now: the coin, the amount at the latest price, what is available. */
  balance_pay: z.object({ coin: z.string(), amount: z.string(), available: z.string(), price_usd: z.string() }).nullable(),
});
export const contractOrderPageSchema = pageOf(contractOrderSchema);
export const contractOrderQuerySchema = pageQuerySchema.extend({ status: z.enum(CONTRACT_ORDER_STATUSES, { error: V.invalid }).optional() });

export const contractProfitSchema = z.object({
  day: z.string(),
  output: z.string(),
  electricity: z.string(),
  fee: z.string(),
  net: z.string(),
  credited: z.string(),
  /** The output did not cover the electricity: nothing credited that day. */
  shortfall: z.boolean(),
  price_usd: z.string(),
});
export const contractProfitPageSchema = pageOf(contractProfitSchema).extend({ coin: z.string(), total: z.number().int(), total_credited: z.string() });

export const contractDashboardSchema = z.object({
  running: z.number().int(),
  coins: z.array(
    z.object({
      coin: z.string(),
      /** Running contracts' hashrate in H/s. */
      hashrate: z.number(),
      yesterday: z.string(),
      total: z.string(),
    }),
  ),
  days: z.array(z.object({ day: z.string(), coin: z.string(), credited: z.string() })),
});

export const contractRejectBodySchema = z.strictObject({ reason: text(500).refine((s) => s.trim().length > 0, V.reasonRequired) });
export const adminContractOrderQuerySchema = contractOrderQuerySchema;

/**
 * Paying an order from the wallet balance: the checks of a transfer (walletSubject.contractOrder),
 * and `amount`, the quote the user was shown and agreed to (balance_pay.amount): the server charges
 * only that, and refuses it once the price has moved (contract_quote_changed).
 */
export const payFromBalanceBodySchema = z.strictObject({ ...payAuthorisationShape, amount: amountSchema });
export type PayFromBalanceBody = z.infer<typeof payFromBalanceBodySchema>;
