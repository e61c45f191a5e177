// The amounts users send and what the wallet pays out: whole base units of the coin, a withdrawal
// split into parts of at most the coin's single maximum, and a payout capped by a maximum.
import { LedgerDecimal as Decimal } from '../ledger';
import { cut } from './carry';
import type { Num } from './market';

/**
 * `amount` when it is positive and in whole base units of the coin (no more than `baseDecimals`
 * decimals: what the ledger holds, so a whole balance can be moved); null otherwise.
 */
export function baseUnitAmount(amount: Num, baseDecimals: number): Decimal | null {
  const value = new Decimal(amount);
  return value.gt(0) && value.decimalPlaces() <= baseDecimals ? value : null;
}

/** How many parts of at most `max` an amount takes: a division, nothing allocated (at least 1). */
export function partsNeeded(amount: Num, max: Num): Decimal {
  const most = new Decimal(max);
  if (!most.gt(0)) throw new RangeError('the single maximum must be positive');
  return Decimal.max(1, new Decimal(amount).div(most).ceil());
}

/**
 * `amount` in `parts` parts as equal as the base unit allows: each part is amount / parts cut to
 * the base unit, and the base units this leaves (fewer than `parts`) go one each to the first
 * parts, so the parts sum to exactly `amount` and differ by at most one base unit. None is above
 * amount / parts rounded up to the base unit: a part never passes a maximum the split kept to.
 */
export function splitEvenly(amount: Num, parts: number, baseDecimals: number): Decimal[] {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('a split has at least one part');
  const total = new Decimal(amount);
  const part = cut(total.div(parts), baseDecimals);
  const unit = new Decimal(1).div(new Decimal(10).pow(baseDecimals));
  const left = total.minus(part.times(parts)).div(unit).toNumber(); // whole base units, fewer than parts
  if (!Number.isInteger(left)) throw new RangeError('the amount is not in whole base units');
  return Array.from({ length: parts }, (_, i) => (i < left ? part.plus(unit) : part));
}

/** What a payout of `available` pays: at most `cap`, cut down to the coin's base unit. */
export function cappedPayout(available: Num, cap: Num, baseDecimals: number): Decimal {
  return cut(Decimal.min(new Decimal(available), new Decimal(cap)), baseDecimals);
}

/**
 * What a withdrawal in `parts` parts costs and delivers: the fee of each part, so `fee` is
 * feePerPart x parts, and `receive` is what arrives, the amount less that fee (never below 0).
 */
export function withdrawalCharge(amount: Num, feePerPart: Num, parts: number): { fee: Decimal; receive: Decimal } {
  const fee = new Decimal(feePerPart).times(parts);
  return { fee, receive: Decimal.max(0, new Decimal(amount).minus(fee)) };
}

/** What a withdrawal part sends on chain: its amount less the user's fee for it. */
export function withdrawalNet(amount: Num, fee: Num): Decimal {
  return new Decimal(amount).minus(fee);
}

/**
 * A sent withdrawal part's amount split between who holds it after: the chain took what was sent
 * plus the network's fee (that left the pool's wallet with the payment), the pool keeps the rest
 * of the user's fee (`feesKept`, negative when the network asked more than the user paid). The two
 * sum to the amount, so custody and the ledger stay equal.
 */
export function withdrawalSettlement(amount: Num, fee: Num, networkFee: Num): { toChain: Decimal; feesKept: Decimal } {
  const feesKept = new Decimal(fee).minus(networkFee);
  return { toChain: new Decimal(amount).minus(feesKept), feesKept };
}
