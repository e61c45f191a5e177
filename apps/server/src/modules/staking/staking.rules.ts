// Staking and borrowing's money rules bound to the staking coin (the arithmetic is the money
// module's, in the ledger's decimal): a day's reward, a day's interest, what a claim pays, and UTC days.
import { addDays, coinBaseDecimals, dayStart, STAKING_COIN, utcDay } from '@hashpool/shared';
import { creditWithCarry, cut, loanDayInterest, loanInterestForDays } from '../money';
import { LedgerDecimal as D } from '../ledger';

/** Net daily rate per staked coin, and one day's reward on a stake (money's staking rules). */
export { stakingDailyRate as dailyRate, stakingDayReward as dayReward } from '../money';

/** One day's interest on `principal`, in whole base units of the staking coin, rounded down (in the borrower's favour). */
export function dayInterest(principal: string, rate: string, period: 'daily' | 'annual'): D {
  return loanDayInterest(principal, rate, period, coinBaseDecimals(STAKING_COIN));
}

/** The interest of `days` days on `principal` (each day's as dayInterest): a loan's full period at borrowing, the days still to come later. */
export function interestForDays(principal: string, rate: string, period: 'daily' | 'annual', days: number): D {
  return loanInterestForDays(principal, rate, period, days, coinBaseDecimals(STAKING_COIN));
}

/** Whole UTC days from `from` to `to` ("YYYY-MM-DD"; negative when `to` is before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000);
}

/**
 * The interest a loan can still ask of its stake's own ALEO: a pending loan's whole period on its
 * amount; an active loan's interest due plus the days of its period not accrued yet on the
 * principal due now (a repayment only lowers it). The own stake keeps it (a reduction) and must
 * cover it (a borrowing, an approval).
 */
export function interestToCover(loan: { status: string; amount: string; principalDue: string; interestDue: string; rate: string; ratePeriod: 'daily' | 'annual'; periodDays: number; interestThrough: string | null; endsAt: Date | null }): D {
  if (loan.status === 'pending') return interestForDays(loan.amount, loan.rate, loan.ratePeriod, loan.periodDays);
  if (loan.status !== 'active') return new D(0);
  const lastOfPeriod = addDays(utcDay(loan.endsAt!), -1);
  const toCome = Math.max(0, daysBetween(loan.interestThrough!, lastOfPeriod));
  return new D(loan.interestDue).plus(interestForDays(loan.principalDue, loan.rate, loan.ratePeriod, toCome));
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
