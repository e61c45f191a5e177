// Fee reductions: per sub-account, percent off the fee for a coin and day (a 20 % coupon turns a
// 2.5 % fee into 2 %: the money module's feeAfterReduction). The daily and the block settlement are both
// given the same one when they are made: whatever provider is registered into the earnings
// module's `feeReductions` extension point (the promotions module registers its coupons), unless
// the app's `feeReduction` adapter replaces it (tests). Nobody has a reduction when nothing is
// registered.
import type { PayMethod } from '@hashpool/shared';
import type { Tx } from '../../db/client';
export type FeeReduction = (coin: string, day: string, accountIds: string[]) => Promise<Map<string, string>>;

/** Nobody has a reduction. */
export const noFeeReduction: FeeReduction = async () => new Map();

/** What a fee reduction saved one payee of a block: gross x (full - reduced) / 100, exact. */
export interface FeeSaving {
  accountId: string;
  method: PayMethod;
  feeRate: string;
  reducedFeeRate: string;
  saving: string;
}

/**
 * Records the savings of a block settlement's reduced payouts, in the transaction that writes the
 * payout rows (so a saving exists exactly when its credit is decided, once): `source` names the
 * block (block:<coin>:<id>), `reductionDay` the day whose reduction applied (the block's), `day`
 * the profits row that shows the payout. The promotions module's coupons record it
 * (CouponsService.recordBlockSavings, registered into earnings.feeReductions).
 */
export type RecordFeeSavings = (tx: Tx, entry: { source: string; coin: string; reductionDay: string; day: string; savings: FeeSaving[]; at: Date }) => Promise<void>;

/** Nothing is recorded. */
export const noFeeSavings: RecordFeeSavings = async () => {};

/** Per UTC day, what a sub-account's fee reductions saved of a coin (the profits page shows it). */
export type SavingsByDay = (accountId: string, coin: string, days: readonly string[]) => Promise<Map<string, string>>;

/** What a module that reduces fees registers into the earnings module's `feeReductions` point. */
export interface FeeReductionProvider {
  /** Percent off the fee per sub-account for a coin and day. */
  feeReduction: FeeReduction;
  /** Records what a block settlement's reduced payouts saved, in its transaction. */
  recordBlockSavings: RecordFeeSavings;
  /** What the reductions saved per day, for the profits page. */
  savingsByDay: SavingsByDay;
}
