// ALEO staking and borrowing (docs/rules.md, Staking and borrowing): stake batches and loan
// products (operators), stakes, rewards and loans (users). Amounts and rates are decimal strings.
import { z } from 'zod';
import { isNameText } from '../input-safety';
import { namesPerLanguageSchema, V } from '../validation';
import { utcDaySchema } from './earnings';
import { amountSchema } from './wallet';

/** The one coin staking and borrowing are for. */
export const STAKING_COIN = 'aleo';
/** Minimum stake (SPEC 9), and what a reduction must leave. */
export const MIN_STAKE = '10';

export const BATCH_STATUS = ['draft', 'active', 'inactive'] as const;
export type BatchStatus = (typeof BATCH_STATUS)[number];
export const DURATION_TYPES = ['fixed', 'flexible'] as const;
export type DurationType = (typeof DURATION_TYPES)[number];
export const STAKE_TYPES = ['adjustable', 'full_lock'] as const;
export type StakeType = (typeof STAKE_TYPES)[number];
export const STAKE_STATUS = ['active', 'unstaked', 'completed'] as const;
export type StakeStatus = (typeof STAKE_STATUS)[number];
export const LOAN_STATUS = ['pending', 'active', 'completed', 'cancelled'] as const;
export type LoanStatus = (typeof LOAN_STATUS)[number];
export const RATE_PERIODS = ['daily', 'annual'] as const;
export type RatePeriod = (typeof RATE_PERIODS)[number];

/** A rate as a fraction, 0 to 10 (1000 %), at most 12 decimals ("0.12" is 12 %). */
const rateSchema = z
  .string({ error: V.invalid })
  .trim()
  .regex(/^\d{1,2}(\.\d{1,12})?$/, V.decimalValue)
  .refine((s) => Number(s) <= 10, V.tooBig);
const nameSchema = z.string({ error: V.required }).trim().min(1, V.required).max(60, V.tooLong).refine(isNameText, V.invalid);

export const stakeBatchSchema = z.object({
  id: z.string(),
  code: z.string(),
  coin: z.string(),
  start_day: z.string(),
  end_day: z.string(),
  annual_rate: z.string(),
  fee_rate: z.string(),
  status: z.enum(BATCH_STATUS),
  duration_type: z.enum(DURATION_TYPES),
  stake_type: z.enum(STAKE_TYPES),
  max_amount: z.string(),
  /** Capacity left: max_amount less the active stakes. */
  available_amount: z.string(),
  /** Net daily reward per staked coin (annual rate / 365 less the fee). */
  daily_rate: z.string(),
  demo: z.boolean(),
});
export type StakeBatch = z.infer<typeof stakeBatchSchema>;

export const stakeSchema = z.object({
  id: z.string(),
  batch: stakeBatchSchema,
  status: z.enum(STAKE_STATUS),
  amount: z.string(),
  /** Principal of the active loan, locked in the stake until repaid. */
  borrowed: z.string(),
  unclaimed_reward: z.string(),
  /** The part of unclaimed_reward a claim pays now (whole base units; fixed terms: 0 until the end). */
  claimable_reward: z.string(),
  claimed_reward: z.string(),
  forfeited_reward: z.string(),
  accrued_through: z.string(),
  created_at: z.string(),
  /** From 00:00 UTC the day after staking. */
  unstake_from: z.string(),
  ended_at: z.string().nullable(),
});
export type Stake = z.infer<typeof stakeSchema>;

export const stakingOverviewSchema = z.object({
  coin: z.string(),
  min_stake: z.string(),
  /** The sub-account's available ALEO. */
  available_balance: z.string(),
  /** Locked by staking. */
  locked_balance: z.string(),
  batches: z.array(stakeBatchSchema),
  /** The active stake of this sub-account. */
  stake: stakeSchema.nullable(),
  /** The sub-account holding the user's one active stake when it is not the current one (then stake is null). */
  stake_account: z.string().nullable(),
});
export type StakingOverview = z.infer<typeof stakingOverviewSchema>;

export const stakeBodySchema = z.strictObject({ batch_id: z.string().uuid(V.invalid), amount: amountSchema });
export const reduceStakeBodySchema = z.strictObject({ amount: amountSchema });
export const unstakeBodySchema = z.strictObject({
  /** An early unstake of a fixed term loses its rewards: the user confirmed having read so. */
  accept_forfeit: z.boolean().default(false),
});
export const claimResultSchema = z.object({ paid: z.string(), stake: stakeSchema });

export const stakeBatchBodySchema = z
  .strictObject({
    code: z.string({ error: V.required }).trim().regex(/^[A-Za-z0-9_-]{1,40}$/, V.invalid),
    start_day: utcDaySchema,
    end_day: utcDaySchema,
    annual_rate: rateSchema,
    fee_rate: rateSchema.refine((s) => Number(s) <= 1, V.tooBig),
    status: z.enum(BATCH_STATUS, { error: V.invalid }),
    duration_type: z.enum(DURATION_TYPES, { error: V.invalid }),
    stake_type: z.enum(STAKE_TYPES, { error: V.invalid }),
    max_amount: amountSchema,
  });
export type StakeBatchBody = z.infer<typeof stakeBatchBodySchema>;

export const adminStakeBatchSchema = stakeBatchSchema.extend({ staked_amount: z.string(), active_stakes: z.number().int() });
export const adminStakeBatchListSchema = z.array(adminStakeBatchSchema);

export const loanProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name per language where an operator gave one (the web reads the user's, else `name`). */
  names: z.record(z.string(), z.string()),
  coin: z.string(),
  min_amount: z.string(),
  max_amount: z.string(),
  rate: z.string(),
  rate_period: z.enum(RATE_PERIODS),
  period_days: z.number().int(),
  /** Lending capacity left (capacity less pending and active principal). */
  available_capacity: z.string(),
  status: z.enum(['active', 'inactive']),
  demo: z.boolean(),
});
export type LoanProduct = z.infer<typeof loanProductSchema>;

export const adminLoanProductSchema = loanProductSchema.extend({ capacity: z.string(), auto_approve_below: z.string().nullable() });

export const loanProductBodySchema = z.strictObject({
  name: nameSchema,
  /** The name in the other languages than `name`'s (English); a language left out reads `name`. */
  names: namesPerLanguageSchema(60),
  min_amount: amountSchema,
  max_amount: amountSchema,
  rate: rateSchema,
  rate_period: z.enum(RATE_PERIODS, { error: V.invalid }),
  period_days: z.coerce.number({ error: V.integer }).int(V.integer).min(1, V.tooSmall).max(3650, V.tooBig),
  capacity: amountSchema,
  auto_approve_below: amountSchema.nullable().default(null),
  status: z.enum(['active', 'inactive'], { error: V.invalid }),
});
export type LoanProductBody = z.infer<typeof loanProductBodySchema>;

export const loanSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  /** The product's name per language where an operator gave one. */
  product_names: z.record(z.string(), z.string()),
  status: z.enum(LOAN_STATUS),
  amount: z.string(),
  rate: z.string(),
  rate_period: z.enum(RATE_PERIODS),
  period_days: z.number().int(),
  principal_due: z.string(),
  principal_repaid: z.string(),
  interest_due: z.string(),
  interest_repaid: z.string(),
  /** principal_due + interest_due. */
  debt: z.string(),
  created_at: z.string(),
  activated_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Loan = z.infer<typeof loanSchema>;

export const borrowingOverviewSchema = z.object({
  coin: z.string(),
  available_balance: z.string(),
  products: z.array(loanProductSchema),
  /** The current sub-account's open (pending or active) loan, if any. */
  loan: loanSchema.nullable(),
  /** The sub-account holding the user's open loan when it is not the current one (then loan is null). */
  loan_account: z.string().nullable(),
  /** The current sub-account's loans. */
  history: z.array(loanSchema),
});
export type BorrowingOverview = z.infer<typeof borrowingOverviewSchema>;

export const borrowBodySchema = z.strictObject({
  product_id: z.string().uuid(V.invalid),
  amount: amountSchema,
  agree_terms: z.literal(true, { error: V.agreeTerms }),
});
export const repayBodySchema = z.strictObject({ amount: amountSchema });

export const adminLoanSchema = loanSchema.extend({ account_name: z.string().nullable() });
export const adminLoanListSchema = z.array(adminLoanSchema);
export const adminLoanQuerySchema = z.object({ status: z.enum(LOAN_STATUS, { error: V.invalid }).optional() });
