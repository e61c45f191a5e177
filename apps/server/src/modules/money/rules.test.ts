// The money rules other modules call (contracts' order price, staking's reward and a loan's
// interest, repayment and settlement, a red packet's credits and return, the referral reward, the
// wallet's amounts and fees), with vectors worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  baseUnitAmount,
  cappedPayout,
  coinWorth,
  loanDayInterest,
  loanInterestForDays,
  orderPrice,
  packetCredit,
  packetReturn,
  partsNeeded,
  referralReward,
  repaymentSplit,
  settlementSources,
  splitEvenly,
  stakingDailyRate,
  stakingDayReward,
  withdrawalCharge,
  withdrawalNet,
  withdrawalSettlement,
} from '.';

describe('an order price', () => {
  it('is the unit price times the units, exact', () => {
    expect(orderPrice('45', 2).toFixed()).toBe('90');
    expect(orderPrice('0.1', 3).toFixed()).toBe('0.3'); // not 0.30000000000000004
    expect(() => orderPrice('45', 1.5)).toThrow(RangeError);
  });

  it("converts to a coin at the day's price, rounded up to the base unit", () => {
    // 90 USDT at 30 000 USD: 0.003 BTC exactly.
    expect(coinWorth('90', '30000', 8).toFixed()).toBe('0.003');
    // 100 USDT at 30 000 USD: 0.00333333333... rounds up to 0.00333334.
    expect(coinWorth('100', '30000', 8).toFixed()).toBe('0.00333334');
    expect(() => coinWorth('100', '0', 8)).toThrow(RangeError);
  });
});

describe('staking and borrowing', () => {
  it('a daily rate is the annual rate / 365 less the fee share', () => {
    // 36.5 % a year, 20 % fee: 0.1 % a day, less 20 % of it: 0.0008.
    expect(stakingDailyRate('0.365', '0.2').toFixed()).toBe('0.0008');
  });

  it("a day's reward divides last and keeps 18 decimals, rounded down", () => {
    expect(stakingDayReward('365', '0.1', '0.2').toFixed()).toBe('0.08');
    // 1 coin at 10 %, no fee: 0.1 / 365 = 0.000273972602739726027... cut at 18 decimals.
    expect(stakingDayReward('1', '0.1', '0').toFixed()).toBe('0.000273972602739726');
  });

  it("a day's interest is in whole base units, rounded down for the borrower", () => {
    // 1000 at 12 % a year: 0.328767123287... a day, 6 decimals: 0.328767.
    expect(loanDayInterest('1000', '0.12', 'annual', 6).toFixed()).toBe('0.328767');
    // A daily rate is not divided: 1000 x 0.001 = 1.
    expect(loanDayInterest('1000', '0.001', 'daily', 6).toFixed()).toBe('1');
    expect(loanDayInterest('0.000001', '0.12', 'annual', 6).toFixed()).toBe('0');
  });

  it("a period's interest is its days times the day's interest (each day cut first)", () => {
    // 10,000 at 12 % a year for 30 days: 3.287671 a day (not 3.28767123...), 98.63013 in all.
    expect(loanInterestForDays('10000', '0.12', 'annual', 30, 6).toFixed()).toBe('98.63013');
    expect(loanInterestForDays('100', '0.001', 'daily', 3, 6).toFixed()).toBe('0.3');
    expect(loanInterestForDays('100', '0.001', 'daily', 0, 6).toFixed()).toBe('0');
    expect(() => loanInterestForDays('100', '0.001', 'daily', -1, 6)).toThrow(RangeError);
  });

  it('a repayment pays the interest first, then the principal', () => {
    // 3 against 10 principal and 1.25 interest: 1.25 interest, 1.75 principal; 8.25 and 0 stay owed.
    const split = repaymentSplit('3', '10', '1.25');
    expect([split.interest, split.principal, split.principalDue, split.interestDue].map((d) => d.toFixed())).toEqual(['1.25', '1.75', '8.25', '0']);
    // Less than the interest: all of it on the interest, the principal untouched.
    const small = repaymentSplit('0.5', '10', '1.25');
    expect([small.interest, small.principal, small.principalDue, small.interestDue].map((d) => d.toFixed())).toEqual(['0.5', '0', '10', '0.75']);
    // The whole debt: nothing stays owed.
    const whole = repaymentSplit('11.25', '10', '1.25');
    expect([whole.principalDue, whole.interestDue].map((d) => d.toFixed())).toEqual(['0', '0']);
  });

  it("a settlement takes the debt from the balance first, then the stake, no more than each holds", () => {
    const parts = (debt: string, available: string, staked: string) => {
      const s = settlementSources(debt, available, staked);
      return [s.fromBalance, s.fromStake, s.total].map((d) => d.toFixed());
    };
    expect(parts('10', '4', '100')).toEqual(['4', '6', '10']);
    expect(parts('10', '25', '100')).toEqual(['10', '0', '10']);
    // A negative balance gives nothing; a short stake gives what it holds and the rest stays owed.
    expect(parts('10', '-2', '3')).toEqual(['0', '3', '3']);
    expect(parts('10', '0', '0')).toEqual(['0', '0', '0']);
  });
});

describe("a red packet's money", () => {
  it('a cancellation returns the shares nobody took, cut, no more than is unpaid', () => {
    // 1 BTC in 3 shares, 2 left: 2/3 = 0.666666666... cut to 0.66666666.
    expect(packetReturn('1', 3, 2, '0', 8).toFixed()).toBe('0.66666666');
    // Paid beyond the first share's part already (0.5 of 1): at most the 0.5 unpaid.
    expect(packetReturn('1', 3, 2, '0.5', 8).toFixed()).toBe('0.5');
    // Paid out entirely: nothing.
    expect(packetReturn('1', 3, 2, '1', 8).toFixed()).toBe('0');
    expect(() => packetReturn('1', 0, 0, '0', 8)).toThrow(RangeError);
  });

  it("a receiver's day carries the fraction and stops at what the packet has left", () => {
    // 0.000000015 a day, nothing carried: 0.00000001 paid, 0.000000005 carried.
    const first = packetCredit('0.000000015', { earned: '0', paid: '0' }, { budget: '1', paid: '0', returned: '0' }, 8);
    expect([first.amount, first.earned, first.paid].map((d) => d.toFixed())).toEqual(['0.00000001', '0.000000015', '0.00000001']);
    // The next day: 0.000000015 + 0.000000005 carried = 0.00000002 paid, nothing carried.
    const second = packetCredit('0.000000015', { earned: first.earned.toFixed(), paid: first.paid.toFixed() }, { budget: '1', paid: '0.00000001', returned: '0' }, 8);
    expect([second.amount, second.earned, second.paid].map((d) => d.toFixed())).toEqual(['0.00000002', '0.00000003', '0.00000003']);
    // 0.4 due, the packet has 1 - 0.7 - 0.1 = 0.2 left: 0.2.
    const capped = packetCredit('0.4', { earned: '0', paid: '0' }, { budget: '1', paid: '0.7', returned: '0.1' }, 8);
    expect(capped.amount.toFixed()).toBe('0.2');
    expect(capped.earned.toFixed()).toBe('0.4');
  });
});

describe('the referral reward', () => {
  it('is 0.2 % of the invitees\' earnings, exact', () => {
    expect(referralReward('1').toFixed()).toBe('0.002');
    // 0.12345678 x 0.002 = 0.00024691356: exact, the carry rule cuts it when credited.
    expect(referralReward('0.12345678').toFixed()).toBe('0.00024691356');
  });
});

describe("the wallet's amounts", () => {
  it('takes a positive amount in whole base units only', () => {
    expect(baseUnitAmount('0.00000001', 8)?.toFixed()).toBe('0.00000001');
    expect(baseUnitAmount('0.000000001', 8)).toBeNull();
    expect(baseUnitAmount('0', 8)).toBeNull();
    expect(baseUnitAmount('-1', 8)).toBeNull();
  });

  it('counts the parts of a withdrawal without making them', () => {
    expect(partsNeeded('10', '4').toFixed()).toBe('3');
    expect(partsNeeded('8', '4').toFixed()).toBe('2');
    expect(partsNeeded('0.5', '4').toFixed()).toBe('1');
    expect(partsNeeded('1e30', '1').toFixed()).toBe('1000000000000000000000000000000');
    expect(() => partsNeeded('1', '0')).toThrow(RangeError);
  });

  it('splits into parts as equal as the base unit allows, summing exactly', () => {
    expect(splitEvenly('10', 3, 8).map((p) => p.toFixed())).toEqual(['3.33333334', '3.33333333', '3.33333333']);
    expect(splitEvenly('0.00000003', 2, 8).map((p) => p.toFixed())).toEqual(['0.00000002', '0.00000001']);
    // What is left after cutting goes one base unit to a part, never all to the last: 99.99999999
    // in 20 parts (a maximum of 5) left the last 5.00000018, above the maximum.
    const parts = splitEvenly('99.99999999', 20, 8);
    expect(parts.every((p) => p.lte(5))).toBe(true);
    expect(parts.reduce((a, p) => a.plus(p)).toFixed()).toBe('99.99999999');
    expect(() => splitEvenly('1', 0, 8)).toThrow(RangeError);
  });

  it('caps a payout and cuts it to the base unit', () => {
    expect(cappedPayout('5.123456789', '10', 8).toFixed()).toBe('5.12345678');
    expect(cappedPayout('15', '10', 8).toFixed()).toBe('10');
  });

  it('charges the fee once per part; what arrives is never below 0', () => {
    const charge = withdrawalCharge('1.2', '0.0002', 2);
    expect([charge.fee, charge.receive].map((d) => d.toFixed())).toEqual(['0.0004', '1.1996']);
    expect(withdrawalCharge('0.0001', '0.0002', 1).receive.toFixed()).toBe('0');
  });

  it("sends a part's amount less its fee, and settles the fee between the chain and the pool", () => {
    expect(withdrawalNet('0.6', '0.0002').toFixed()).toBe('0.5998');
    // The network took 0.00005 of the 0.0002 fee: the chain has 0.5998 + 0.00005, the pool keeps 0.00015.
    const settled = withdrawalSettlement('0.6', '0.0002', '0.00005');
    expect([settled.toChain, settled.feesKept].map((d) => d.toFixed())).toEqual(['0.59985', '0.00015']);
    // The network asked more than the user paid: the pool's fees give the difference.
    const over = withdrawalSettlement('0.6', '0.0002', '0.0003');
    expect([over.toChain, over.feesKept].map((d) => d.toFixed())).toEqual(['0.6001', '-0.0001']);
  });
});
