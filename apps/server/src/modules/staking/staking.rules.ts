// The arithmetic of staking and borrowing, exact in decimal (LedgerDecimal), no floats: a day's
// reward, a day's interest, what a claim pays, and UTC days.
import { coinBaseDecimals, STAKING_COIN } from '@hashpool/shared';
import { creditWithCarry, cut } from '../money';
import { LedgerDecimal as D } from '../ledger';

/** Stored money scale: rewards are kept to it, so no fraction of a user's reward is dropped. */
const SCALE = 18;

/** Net daily rate per staked coin: annual rate / 365, less the staking fee's share. */
export function dailyRate(annualRate: string, feeRate: string): D {
  return new D(annualRate).div(365).times(new D(1).minus(feeRate));
}

/** One day's reward on `base`, exact to 18 decimals (rounded down there). */
export function dayReward(base: string, annualRate: string, feeRate: string): D {
  // Divided last: a quotient rounded before the products would lose the last digit.
  return new D(base).times(annualRate).times(new D(1).minus(feeRate)).div(365).toDecimalPlaces(SCALE, D.ROUND_DOWN);
}

/** One day's interest on `principal`, in whole base units, rounded down (in the borrower's favour). */
export function dayInterest(principal: string, rate: string, period: 'daily' | 'annual'): D {
  const interest = new D(principal).times(rate);
  return toBaseUnits(period === 'daily' ? interest : interest.div(365));
}

/** The whole base units of an amount (what can move on the ledger); the rest stays where it is. */
export function toBaseUnits(amount: D | string): D {
  return cut(amount, coinBaseDecimals(STAKING_COIN));
}

/**
 * What paying out an unclaimed reward pays (its whole base units) and what stays unclaimed (the
 * fraction, for the next claim): the one carry rule (creditWithCarry).
 */
export function rewardPayout(unclaimed: D | string): { pay: D; unclaimed: D } {
  const { credit, carry } = creditWithCarry(unclaimed, 0, coinBaseDecimals(STAKING_COIN));
  return { pay: credit, unclaimed: carry };
}

/** UTC days: the shared helpers ("YYYY-MM-DD"). */
export { addDays, dayStart, utcDay as dayOf } from '@hashpool/shared';

export const minDecimal = (...values: Array<D | string>): D => D.min(...values.map((v) => new D(v)));
