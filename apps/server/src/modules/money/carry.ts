// The one carry rule: every credit of a fraction-bearing amount (the settlements' payouts, red
// packets, contract profits, staking rewards) is cut down to the coin's base unit and what the cut
// leaves is carried into the same holder's next credit of the coin, never kept by the pool.
import { LedgerDecimal as Decimal } from '../ledger';
import type { Num } from './market';

/** Rounds down (toward zero) to `decimals` (the coin's base unit). */
export function cut(value: Num, decimals: number): Decimal {
  return new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}

/**
 * One payment with the holder's carried fraction: the exact amount plus what its earlier payments
 * left, cut down to the base unit; `carry` is what this cut leaves (at least 0, below one unit
 * when `carried` was), for the next payment. Over any number of payments, what is paid plus the
 * last carry is exactly what was earned: no rounding keeps a fraction of anyone's money.
 */
export function creditWithCarry(exact: Num, carried: Num, decimals: number): { credit: Decimal; carry: Decimal } {
  const total = new Decimal(exact).plus(carried);
  if (total.isNegative()) throw new RangeError('a credit cannot be negative');
  const credit = cut(total, decimals);
  return { credit, carry: total.minus(credit) };
}
