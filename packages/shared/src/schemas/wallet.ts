// The wallet calls (docs/rules.md, "Entities" and "Validation"): balances,
// withdraw addresses, withdrawals, deposits, internal transfers, transactions, fund detail,
// automatic payout, and the operators' calls. Amounts are decimal strings both ways.
import { z } from 'zod';
import { COINS } from '../coins';
import { parseDecimal } from '../decimal-string';
import { isNameText } from '../input-safety';
import { isDateInRange, operatorReasonSchema, pageQuerySchema, subAccountNameSchema, V } from '../validation';
import { verificationSchema } from './accounts';

/** Header carrying the client's idempotency key on calls that move money (docs/security.md item 29). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Business types of wallet transactions (docs/rules.md, Entities: the product's types plus the wallet's own movements). */
export const BUSINESS_TYPES = [
  'mining_profit',
  'system_adjustment',
  'contract_profit',
  'contract_order',
  'contract_purchase',
  'invitation_reward',
  'red_packet_profit',
  // A red packet a user funded from their balance, and what it left returned.
  'red_packet_fund',
  'red_packet_return',
  'stake_reward',
  'vip_rebate',
  'exchange',
  'deposit',
  'withdraw',
  'withdraw_return',
  // A credited deposit whose transaction a double spend replaced on the chain.
  'deposit_reversal',
  'transfer_in',
  'transfer_out',
  'block_reward',
  // Staking and borrowing.
  'stake',
  'unstake',
  'loan',
  'loan_repayment',
] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** Movements between system accounts only (a matured block's reward entering the pool): never in a user's list. */
export const SYSTEM_BUSINESS_TYPES: readonly BusinessType[] = ['block_reward'];

/** The types a user's transactions can have (the transaction page's filter). */
export const USER_BUSINESS_TYPES = BUSINESS_TYPES.filter((type) => !SYSTEM_BUSINESS_TYPES.includes(type));

/**
 * The most parts one withdrawal request is split into (each at most the coin's single maximum):
 * a request for more is refused before anything is split (docs/security.md item 34), so what
 * a split allocates, stores and answers never grows with the amount a user sends.
 */
export const MAX_WITHDRAW_PARTS = 20;

export const WITHDRAWAL_STATUS = ['reviewing', 'processing', 'broadcast', 'completed', 'rejected', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUS)[number];

/**
 * A deposit waits for its confirmations, then is credited. Its transaction replaced on the chain by
 * a double spend: failed when it was never credited, reversed when it was (taken back from the
 * sub-account as far as it still holds it).
 */
export const DEPOSIT_STATUS = ['confirming', 'credited', 'failed', 'reversed'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUS)[number];

export const coinSchema = z.enum(COINS.map((c) => c.code) as [string, ...string[]], { error: V.invalid });

/** A positive decimal string: at most 20 digits before the point and 18 after (numeric(38,18)), so a longer one is a 400 before any work ("0.5", "12"); the server checks the coin's base unit (CoinInfo.baseDecimals). */
export const amountSchema = z
  .string({ error: (iss) => (iss.input === undefined ? V.required : V.amount) })
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, V.amount)
  .refine((s) => /[1-9]/.test(s), V.amount);

/** "1.50" and "1.5" are the same amount: codes and keys bind to this form. */
export function normaliseAmount(amount: string): string {
  const parts = parseDecimal(amount);
  if (!parts) return amount;
  return `${parts.negative ? '-' : ''}${parts.int}${parts.frac ? `.${parts.frac}` : ''}`;
}

/**
 * What an emailed/SMS code of a wallet operation is bound to: a code sent for withdrawing 1 BTC
 * to address A cannot confirm 2 BTC, another address, or a transfer (docs/security.md item 10).
 */
export const walletSubject = {
  withdraw: (w: { coin: string; address_id: string; amount: string }) => `${w.coin}:${w.address_id}:${normaliseAmount(w.amount)}`,
  transfer: (t: { coin: string; to_account: string; amount: string }) => `${t.coin}:${t.to_account.toLowerCase()}:${normaliseAmount(t.amount)}`,
  withdrawAddress: (a: { coin: string; address: string }) => `${a.coin}:${a.address}`,
  /** A red packet funded from the balance: its coin and budget. */
  redPacket: (p: { coin: string; budget: string }) => `${p.coin}:red-packet:${normaliseAmount(p.budget)}`,
  /** A contract order paid from the balance (the amount follows the order at the latest price). */
  contractOrder: (o: { id: string }) => `contract-order:${o.id}`,
};

export const balanceItemSchema = z.object({
  coin: z.string(),
  available: z.string(),
  frozen: z.string(),
  locked: z.string(),
  withdraw_enabled: z.boolean(),
  deposit_enabled: z.boolean(),
  min_withdraw: z.string(),
  withdraw_fee: z.string(),
  max_single_withdraw: z.string(),
});
export type BalanceItem = z.infer<typeof balanceItemSchema>;
export const balancesSchema = z.object({ list: z.array(balanceItemSchema) });

export const withdrawAddressSchema = z.object({
  id: z.string(),
  coin: z.string(),
  alias: z.string(),
  address: z.string(),
  public_key: z.string().nullable(),
  chain: z.number().int().nullable(),
  created_at: z.string(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;
export const addressQuerySchema = z.object({ coin: coinSchema.optional() });
export const addWithdrawAddressBodySchema = z.strictObject({
  coin: coinSchema,
  alias: z.string({ error: V.aliasRequired }).trim().min(1, V.aliasRequired).max(40, V.tooLong).refine(isNameText, V.controlCharacters),
  address: z.string({ error: V.addressRequired }).trim().min(1, V.addressRequired).max(200, V.tooLong),
  /** KDA only. */
  public_key: z.string().trim().max(200, V.tooLong).optional(),
  /** KDA only: the pool pays on chain 0. */
  chain: z.number().int().min(0).max(19).optional(),
  verification: verificationSchema,
});

export const withdrawQuoteBodySchema = z.strictObject({ coin: coinSchema, amount: amountSchema });
export const withdrawQuoteSchema = z.object({
  coin: z.string(),
  amount: z.string(),
  fee: z.string(),
  receive: z.string(),
  /** Above the single-withdrawal maximum the amount goes in several parts. */
  parts: z.array(z.object({ amount: z.string(), fee: z.string() })),
  needs_review: z.boolean(),
  hold_until: z.string().nullable(),
});
export type WithdrawQuote = z.infer<typeof withdrawQuoteSchema>;

export const withdrawBodySchema = z.strictObject({
  coin: coinSchema,
  address_id: z.string().uuid(V.addressRequired),
  amount: amountSchema,
  pay_password: z.string({ error: V.required }).min(1, V.required).max(64),
  verification: verificationSchema,
});
export type WithdrawBody = z.infer<typeof withdrawBodySchema>;
export const withdrawalSchema = z.object({
  id: z.string(),
  request_id: z.string(),
  part_no: z.number().int(),
  parts: z.number().int(),
  coin: z.string(),
  address: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(WITHDRAWAL_STATUS),
  origin: z.enum(['user', 'payout']),
  txid: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
/** `replayed`: an earlier request with this Idempotency-Key made the withdrawal; this one moved nothing new. */
export const withdrawResultSchema = z.object({ request_id: z.string(), parts: z.array(withdrawalSchema), replayed: z.boolean() });
export const withdrawalPageSchema = z.object({ list: z.array(withdrawalSchema), total: z.number().int() });
export const walletPageQuerySchema = pageQuerySchema.extend({ coin: coinSchema.optional() });

export const depositAddressQuerySchema = z.object({ coin: coinSchema });
export const depositAddressSchema = z.object({ coin: z.string(), address: z.string(), confirmations: z.number().int() });
export const depositSchema = z.object({
  id: z.string(),
  coin: z.string(),
  address: z.string(),
  txid: z.string(),
  amount: z.string(),
  confirmations: z.number().int(),
  status: z.enum(DEPOSIT_STATUS),
  created_at: z.string(),
  credited_at: z.string().nullable(),
  reversed_at: z.string().nullable(),
});
export const depositPageSchema = z.object({ list: z.array(depositSchema), total: z.number().int() });

/**
 * What every call that moves a user's balance to someone else carries (docs/security.md "Calls that
 * move a user's balance"): the pay password and the second factor bound to the call's walletSubject.
 */
export const payAuthorisationShape = {
  pay_password: z.string({ error: V.required }).min(1, V.required).max(64),
  verification: verificationSchema,
};

export const transferBodySchema = z.strictObject({
  coin: coinSchema,
  /** The receiving sub-account's name. */
  to_account: z
    .string({ error: V.transferAccountRequired })
    .trim()
    .min(1, { message: V.transferAccountRequired, abort: true })
    .pipe(subAccountNameSchema),
  amount: amountSchema,
  pay_password: z.string({ error: V.required }).min(1, V.required).max(64),
  verification: verificationSchema,
});
export type TransferBody = z.infer<typeof transferBodySchema>;
/** `replayed`: an earlier request with this Idempotency-Key made the transfer; this one moved nothing new. */
export const transferSchema = z.object({ id: z.string(), coin: z.string(), amount: z.string(), to_account: z.string(), created_at: z.string(), replayed: z.boolean() });

const dayOrTimeSchema = z
  .string()
  .datetime({ offset: true, error: V.invalid })
  .or(z.string().date(V.invalid))
  .refine(isDateInRange, V.dateRange);

export const transactionQuerySchema = pageQuerySchema.extend({
  coin: coinSchema.optional(),
  business_type: z.enum(BUSINESS_TYPES).optional(),
  /** Inclusive range of days, ISO dates or times, within DATE_MIN..DATE_MAX. */
  start: dayOrTimeSchema.optional(),
  end: dayOrTimeSchema.optional(),
});
export const transactionSchema = z.object({
  id: z.number().int(),
  business_type: z.enum(BUSINESS_TYPES),
  coin: z.string(),
  /** Signed: what the posting did to the available balance (frozen for withdrawals in flight). */
  amount: z.string(),
  txid: z.string().nullable(),
  /** The status of what the posting belongs to (a withdrawal's, a deposit's), else completed. */
  status: z.string(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionPageSchema = z.object({ list: z.array(transactionSchema), total: z.number().int() });
export const fundDetailSchema = transactionSchema.extend({
  reference: z.string().nullable(),
  memo: z.record(z.string(), z.string()).nullable(),
  address: z.string().nullable(),
  fee: z.string().nullable(),
  counterparty: z.string().nullable(),
});

export const payoutSettingSchema = z.object({ coin: z.string(), address_id: z.string(), threshold: z.string(), enabled: z.boolean(), updated_at: z.string() });
export const payoutSettingsSchema = z.object({ list: z.array(payoutSettingSchema) });
export const payoutSettingBodySchema = z.strictObject({ coin: coinSchema, address_id: z.string().uuid(V.addressRequired), threshold: amountSchema, enabled: z.boolean() });

// Operators (admin area).
export const adminWithdrawalSchema = withdrawalSchema.extend({ account_name: z.string(), user_email: z.string().nullable(), reviewed_at: z.string().nullable() });
export const adminWithdrawalPageSchema = z.object({ list: z.array(adminWithdrawalSchema), total: z.number().int() });
export const adminWithdrawalQuerySchema = pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUS).optional() });
export const rejectBodySchema = z.strictObject({ reason: operatorReasonSchema });
export const adjustmentBodySchema = z.strictObject({
  account: subAccountNameSchema,
  coin: coinSchema,
  /** Signed: a negative amount takes money back. */
  amount: z.string({ error: V.amount }).trim().regex(/^-?\d{1,20}(\.\d{1,18})?$/, V.amount).refine((s) => /[1-9]/.test(s), V.amount),
  reason: operatorReasonSchema,
});
/** The posting an adjustment made; a retry with the same Idempotency-Key answers the same one. */
/** pending: above the coin's four-eyes threshold, waiting for a second operator (approval_id). */
export const adjustmentResultSchema = z.object({ posting_id: z.number().int().nullable(), approval_id: z.string().nullable(), status: z.enum(['done', 'pending']) });
export const withdrawalApprovalResultSchema = z.object({ status: z.enum(['approved', 'pending']), approval_id: z.string().nullable() });
export const adminLedgerQuerySchema = pageQuerySchema.extend({ account: subAccountNameSchema });
export const adminLedgerSchema = z.object({
  account: z.object({ id: z.string(), name: z.string(), user_email: z.string().nullable() }),
  balances: z.array(z.object({ coin: z.string(), available: z.string(), frozen: z.string(), locked: z.string() })),
  entries: z.object({ list: z.array(transactionSchema.extend({ bucket: z.string(), reference: z.string().nullable() })), total: z.number().int() }),
});
export const reconciliationSchema = z.object({
  ok: z.boolean(),
  checked_at: z.string(),
  postings: z.number().int(),
  entries: z.number().int(),
  unbalanced: z.array(z.object({ posting_id: z.number().int(), coin: z.string(), sum: z.string() })),
  balance_mismatches: z.array(z.object({ holder: z.string(), coin: z.string(), bucket: z.string(), cached: z.string(), entries: z.string() })),
  custody: z.array(z.object({ coin: z.string(), expected: z.string(), actual: z.string(), ok: z.boolean() })),
});
export const auditLogSchema = z.object({
  list: z.array(z.object({ id: z.number().int(), admin: z.string().nullable(), action: z.string(), target: z.string(), detail: z.record(z.string(), z.string()).nullable(), created_at: z.string() })),
  /** The users the page names (operators, targets, detail values), by id: how to show them. */
  people: z.record(z.string(), z.string()),
  total: z.number().int(),
});
