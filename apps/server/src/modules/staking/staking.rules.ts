// Staking and borrowing's money rules bound to the staking coin (the arithmetic is the money
// module's, in the ledger's decimal): a day's reward, a day's interest, what a claim pays, and UTC days.
import { coinBaseDecimals, STAKING_COIN } from '@hashpool/shared';
import { creditWithCarry, cut, loanDayInterest } from '../money';
import { LedgerDecimal as D } from '../ledger';

/** Net daily rate per staked coin, and one day's reward on a stake (money's staking rules). */
export { stakingDailyRate as dailyRate, stakingDayReward as dayReward } from '../money';

/** One day's interest on `principal`, in whole base units of the staking coin, rounded down (in the borrower's favour). */
export function dayInterest(principal: string, rate: string, period: 'daily' | 'annual'): D {
  return loanDayInterest(principal, rate, period, coinBaseDecimals(STAKING_COIN));
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
