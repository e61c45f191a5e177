// The wallet's amount rules: an amount a user sends is a positive number of the coin's base units,
// and a withdrawal is split into at most MAX_WITHDRAW_PARTS parts of the coin's single maximum. The
// arithmetic is the money module's (the ledger's decimal, 80 digits: a split or a sum of a large
// amount with many decimals, 18 for ETH, is exact); here are the refusals users see.
import { coinBaseDecimals, MAX_WITHDRAW_PARTS } from '@hashpool/shared';
import { AppError } from '../../platform/errors';
import type { LedgerDecimal as Decimal } from '../ledger';
import { baseUnitAmount, partsNeeded, splitEvenly } from '../money';
import { plain } from './wallet.presenter';

/** An amount field error: more decimals than the coin's base unit has, or not a positive amount. */
function amountError(field = 'body.amount'): AppError {
  return new AppError('validation_failed', { fields: [{ field, messageKey: 'amount' }] });
}

/**
 * A positive amount in whole base units of the coin (the satoshi, the wei): what the ledger holds,
 * so a user can withdraw or transfer a whole balance. The display precision is for display only.
 */
export function userAmount(coin: string, amount: string, field?: string): Decimal {
  const value = baseUnitAmount(amount, coinBaseDecimals(coin));
  if (!value) throw amountError(field);
  return value;
}

/** More than MAX_WITHDRAW_PARTS parts of the coin's single maximum `max`. */
function tooManyParts(coin: string, max: Decimal): AppError {
  return new AppError('withdraw_too_many_parts', { params: { limit: plain(max.times(MAX_WITHDRAW_PARTS)), max: plain(max), parts: String(MAX_WITHDRAW_PARTS), coin: coin.toUpperCase() } });
}

/**
 * Splits `amount` into the fewest parts of at most `max`, as equal as the coin's base unit allows.
 * The number of parts is worked out first (a division, nothing allocated) and more than
 * MAX_WITHDRAW_PARTS is refused before any part exists: nothing here grows with the amount a user
 * sent (docs/security.md item 34). Callers bound the amount by the balance before.
 */
export function splitAmount(requested: Decimal, max: Decimal, coin: string): Decimal[] {
  if (!max.gt(0)) throw new Error(`wallet: the single maximum of ${coin} must be positive`);
  const count = partsNeeded(requested, max);
  if (count.gt(MAX_WITHDRAW_PARTS)) throw tooManyParts(coin, max);
  return splitEvenly(requested, count.toNumber(), coinBaseDecimals(coin));
}

/** withdraw_below_minimum, in the coin's own terms. */
export function belowMinimum(coin: string, min: string): AppError {
  return new AppError('withdraw_below_minimum', { params: { min: plain(min), coin: coin.toUpperCase() } });
}
