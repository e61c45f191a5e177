// The fee reduction port: per sub-account, percent off the fee for a coin and day (a 20 % coupon
// turns a 2.5 % fee into 2 %: the money module's feeAfterReduction). The daily and the block settlement
// are both given the same one when they are made: the promotions module's coupons
// (CouponsService.feeReduction, wired in earnings.module.ts), unless the app's `feeReduction`
// adapter replaces it (tests).
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
 * (CouponsService.recordBlockSavings, wired in earnings.module.ts).
 */
export type RecordFeeSavings = (tx: Tx, entry: { source: string; coin: string; reductionDay: string; day: string; savings: FeeSaving[]; at: Date }) => Promise<void>;

/** Nothing is recorded. */
export const noFeeSavings: RecordFeeSavings = async () => {};
