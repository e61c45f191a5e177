// Staking's reward and borrowing's interest, exact in the ledger's decimal (docs/rules.md, Staking
// and borrowing). Rates are fractions ("0.12" is 12 %); a year has 365 days.
import { LedgerDecimal as Decimal } from '../ledger';
import { cut } from './carry';
import type { Num } from './market';

/** Stored money scale: a day's reward is kept to it, so no fraction of a user's reward is dropped. */
const REWARD_SCALE = 18;

/** Net daily rate per staked coin: annual rate / 365, less the staking fee's share. */
export function stakingDailyRate(annualRate: Num, feeRate: Num): Decimal {
  return new Decimal(annualRate).div(365).times(new Decimal(1).minus(feeRate));
}

/** One day's reward on `base`: base x annual rate x (1 - fee rate) / 365, exact to 18 decimals (rounded down there). */
export function stakingDayReward(base: Num, annualRate: Num, feeRate: Num): Decimal {
  // Divided last: a quotient rounded before the products would lose the last digit.
  return new Decimal(base).times(annualRate).times(new Decimal(1).minus(feeRate)).div(365).toDecimalPlaces(REWARD_SCALE, Decimal.ROUND_DOWN);
}

/**
 * One day's interest on `principal` at `rate` per day, or per year (then / 365), in whole base
 * units of the coin (`baseDecimals`), rounded down: the fraction is in the borrower's favour.
 */
export function loanDayInterest(principal: Num, rate: Num, period: 'daily' | 'annual', baseDecimals: number): Decimal {
  const interest = new Decimal(principal).times(rate);
  return cut(period === 'daily' ? interest : interest.div(365), baseDecimals);
}

/**
 * The interest of `days` days on `principal`, each day's as loanDayInterest (whole base units,
 * rounded down): what a loan whose principal stays owes for those days, and at most what it owes
 * when part is repaid.
 */
export function loanInterestForDays(principal: Num, rate: Num, period: 'daily' | 'annual', days: number, baseDecimals: number): Decimal {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number of at least 0: ${days}`);
  return loanDayInterest(principal, rate, period, baseDecimals).times(days);
}

/**
 * A loan repayment of `amount` split between what is owed: interest first, the rest on the
 * principal; `principalDue` and `interestDue` are what stays owed after it. The caller has refused
 * more than the debt.
 */
export function repaymentSplit(amount: Num, principalDue: Num, interestDue: Num): { interest: Decimal; principal: Decimal; principalDue: Decimal; interestDue: Decimal } {
  const paid = new Decimal(amount);
  const interest = Decimal.min(paid, interestDue);
  const principal = paid.minus(interest);
  return { interest, principal, principalDue: new Decimal(principalDue).minus(principal), interestDue: new Decimal(interestDue).minus(interest) };
}

/**
 * Where a loan's settlement takes the debt from: the available balance first (a negative balance
 * gives nothing), then the stake, each no more than it holds; `total` is what is taken, at most
 * the debt.
 */
export function settlementSources(debt: Num, available: Num, staked: Num): { fromBalance: Decimal; fromStake: Decimal; total: Decimal } {
  const owed = new Decimal(debt);
  const fromBalance = Decimal.min(owed, Decimal.max(0, available));
  const fromStake = Decimal.min(owed.minus(fromBalance), staked);
  return { fromBalance, fromStake, total: fromBalance.plus(fromStake) };
}
