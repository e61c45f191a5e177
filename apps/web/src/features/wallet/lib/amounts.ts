// The amount of a withdrawal or transfer, checked before it is sent: a number with no more
// decimals than the coin's base unit (the satoshi: balances are credited to it, and a whole balance
// must be movable), at least the minimum, at most what is available. The server checks again; this
// only saves a round trip and says it next to the input. Messages are keys of the wallet namespace
// with their values. Amounts are shown with the coin's display precision; that is display only.
// In a language that writes decimals with a comma (ru-RU), one comma stands for the decimal point
// ("0,5"); it is made a point before the amount is checked and before it is sent. Elsewhere a comma
// groups thousands ("1,000"), and an amount with one is refused rather than read as 1.
import { coinBaseDecimals, formatAmount } from '@hashpool/shared';
import { currentLanguage } from '../../../i18n';
import { compareDecimals, decimalPlaces, fromUnits, isPositive, toUnits } from '../../../ui/decimal';

/** The shape amountSchema of packages/shared accepts: digits, an optional point and decimals. */
const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

/** Whether `language` writes the decimal separator as a comma. */
function decimalComma(language: string): boolean {
  return new Intl.NumberFormat(language).formatToParts(1.5).find((part) => part.type === 'decimal')?.value === ',';
}

/** The amount as typed, trimmed, with a lone decimal comma made a point where the language writes one: what is checked and sent. */
export function normalisedAmount(input: string | undefined, language: string = currentLanguage()): string {
  const amount = (input ?? '').trim();
  return decimalComma(language) && /^[^,.]*,[^,.]*$/.test(amount) ? amount.replace(',', '.') : amount;
}

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

export function amountProblem(input: string | undefined, limits: AmountLimits, language: string = currentLanguage()): AmountProblem | null {
  const amount = normalisedAmount(input, language);
  if (!AMOUNT.test(amount) || !isPositive(amount)) return { key: 'amount.invalid' };
  const places = coinBaseDecimals(limits.coin);
  if (decimalPlaces(amount) > places) return { key: 'amount.too_precise', values: { places } };
  if (isPositive(limits.minimum) && compareDecimals(amount, limits.minimum) < 0) return { key: 'amount.below_minimum', values: { minimum: formatAmount(limits.minimum, { coin: limits.coin }) } };
  if (compareDecimals(amount, limits.available) > 0) return { key: 'amount.above_available', values: { available: formatAmount(limits.available, { coin: limits.coin }) } };
  return null;
}

/**
 * "All": the whole available balance, exactly (the ledger holds whole base units, which the server
 * accepts), without trailing zeros; not cut to the display precision, which would leave the rest
 * behind. Empty when there is nothing to take.
 */
export function allOf(available: string): string {
  const units = toUnits(available);
  if (units === null || units <= 0n) return '';
  return fromUnits(units);
}
