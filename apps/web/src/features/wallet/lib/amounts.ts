// The amount of a withdrawal or transfer, checked before it is sent: a number with no more
// decimals than the coin shows, at least the minimum, at most what is available. The server checks
// again; this only saves a round trip and says it next to the input. Messages are keys of the
// wallet namespace with their values.
import { coinPrecision, formatAmount } from '@hashpool/shared';
import { compareDecimals, decimalPlaces, isPositive, toUnits } from '../../../ui/decimal';

/** The shape amountSchema of packages/shared accepts: digits, an optional point and decimals. */
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

export type AmountProblem =
  | { key: 'amount.invalid' }
  | { key: 'amount.too_precise'; values: { places: number } }
  | { key: 'amount.below_minimum'; values: { minimum: string } }
  | { key: 'amount.above_available'; values: { available: string } };

export interface AmountLimits {
  coin: string;
  available: string;
  /** The smallest amount accepted; "0" for none. */
  minimum: string;
}

export function amountProblem(input: string | undefined, limits: AmountLimits): AmountProblem | null {
  const amount = (input ?? '').trim();
  if (!AMOUNT.test(amount) || !isPositive(amount)) return { key: 'amount.invalid' };
  const places = coinPrecision(limits.coin);
  if (decimalPlaces(amount) > places) return { key: 'amount.too_precise', values: { places } };
  if (isPositive(limits.minimum) && compareDecimals(amount, limits.minimum) < 0) return { key: 'amount.below_minimum', values: { minimum: formatAmount(limits.minimum, { coin: limits.coin }) } };
  if (compareDecimals(amount, limits.available) > 0) return { key: 'amount.above_available', values: { available: formatAmount(limits.available, { coin: limits.coin }) } };
  return null;
}

/**
 * "All": the whole available balance, cut to the coin's precision (the server refuses more
 * decimals), without trailing zeros; empty when there is nothing to take.
 */
export function allOf(available: string, coin: string): string {
  const cut = formatAmount(available, { coin });
  const units = toUnits(cut);
  if (units === null || units <= 0n) return '';
  return cut.includes('.') ? cut.replace(/\.?0+$/, '') : cut;
}
