// A contract order's price: what its units cost, and that worth in a coin when it is paid from the
// wallet balance (rounded up to the coin's base unit, so the pool is never paid less than the
// order is worth).
import { LedgerDecimal as Decimal } from '../ledger';
import type { Num } from './market';

/** units x the price of one unit (USDT, or the product's fiat price for a bank transfer). */
export function orderPrice(unitPrice: Num, units: number): Decimal {
  if (!Number.isInteger(units) || units < 0) throw new RangeError('an order has a whole number of units');
  return new Decimal(unitPrice).times(units);
}

/** `amountUsd` in a coin at `priceUsd` per coin, rounded up to the coin's base unit (`baseDecimals`). */
export function coinWorth(amountUsd: Num, priceUsd: Num, baseDecimals: number): Decimal {
  const price = new Decimal(priceUsd);
  if (!price.gt(0)) throw new RangeError('a conversion needs a positive price');
  return new Decimal(amountUsd).div(price).toDecimalPlaces(baseDecimals, Decimal.ROUND_UP);
}
