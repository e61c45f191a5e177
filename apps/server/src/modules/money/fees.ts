// The pool's fee on a payment, a fee reduction (coupons) and what a reduction saved.
import { LedgerDecimal as Decimal } from '../ledger';
import type { Num } from './market';

/** A payment before and after the fee, both exact (uncut): what a settlement stores and credits. */
export interface Earning {
  /** Before the fee. */
  gross: Decimal;
  /** gross x (1 - fee), uncut: credited with the holder's carried fraction (creditWithCarry). */
  exact: Decimal;
}

/** 1 - fee, for a fee rate in percent ("2.5" -> 0.975). */
export function keepFactor(feeRatePercent: Num): Decimal {
  const fee = new Decimal(feeRatePercent);
  if (fee.isNegative() || fee.gte(100)) throw new RangeError(`fee rate out of range: ${fee.toFixed()}`);
  return new Decimal(1).minus(fee.div(100));
}

/** gross x (1 - fee), uncut. */
export function afterFee(gross: Num, feeRatePercent: Num): Decimal {
  return new Decimal(gross).times(keepFactor(feeRatePercent));
}

/** A payment of `gross` before and after the fee. */
export function earning(gross: Num, feeRatePercent: Num): Earning {
  return { gross: new Decimal(gross), exact: afterFee(gross, feeRatePercent) };
}

/**
 * The fee rate a sub-account pays, in percent: the coin and method's rate less its reduction, a
 * percent of the fee held to 0..100 (2.5 with a 20 % reduction: 2.5 x (1 - 20/100) = 2). Both
 * settlements price every payment with it.
 */
export function feeAfterReduction(feeRatePercent: Num, reductionPercent: Num = 0): Decimal {
  const reduction = Decimal.min(100, Decimal.max(0, reductionPercent));
  return new Decimal(feeRatePercent).times(new Decimal(1).minus(reduction.div(100)));
}

/**
 * What a fee reduction saved on a payment of `gross`: gross x (full rate - reduced rate) / 100,
 * exact; exactly the difference of the payment after the reduced fee and after the full one.
 */
export function feeSaving(gross: Num, fullFeeRatePercent: Num, reducedFeeRatePercent: Num): Decimal {
  return new Decimal(gross).times(new Decimal(fullFeeRatePercent).minus(reducedFeeRatePercent)).div(100);
}

/**
 * The full fee rate a reduced one came from: reduced / (1 - reduction/100) (the inverse of
 * feeAfterReduction); null for a 100 % reduction, whose reduced rate 0 cannot give it back.
 */
export function feeBeforeReduction(reducedFeeRatePercent: Num, reductionPercent: Num): Decimal | null {
  const reduction = new Decimal(reductionPercent);
  if (reduction.gte(100)) return null;
  return new Decimal(reducedFeeRatePercent).div(new Decimal(1).minus(reduction.div(100)));
}
