// The fee reduction port: per sub-account, percent off the fee for a coin and day (a 20 % coupon
// turns a 2.5 % fee into 2 %: formulas.ts feeAfterReduction). The daily and the block settlement
// are both given the same one when they are made: the promotions module's coupons
// (CouponsService.feeReduction, wired in earnings.module.ts), unless the app's `feeReduction`
// adapter replaces it (tests).
export type FeeReduction = (coin: string, day: string, accountIds: string[]) => Promise<Map<string, string>>;

/** Nobody has a reduction. */
export const noFeeReduction: FeeReduction = async () => new Map();
