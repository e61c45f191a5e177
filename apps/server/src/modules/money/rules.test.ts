// The money rules other modules call (contracts' order price, staking's reward and a loan's
// interest, the wallet's amounts), with vectors worked out by hand.
import { describe, expect, it } from 'vitest';
import { baseUnitAmount, cappedPayout, coinWorth, loanDayInterest, orderPrice, partsNeeded, splitEvenly, stakingDailyRate, stakingDayReward } from '.';

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
    expect(splitEvenly('10', 3, 8).map((p) => p.toFixed())).toEqual(['3.33333333', '3.33333333', '3.33333334']);
    expect(splitEvenly('0.00000003', 2, 8).map((p) => p.toFixed())).toEqual(['0.00000001', '0.00000002']);
    expect(() => splitEvenly('1', 0, 8)).toThrow(RangeError);
  });

  it('caps a payout and cuts it to the base unit', () => {
    expect(cappedPayout('5.123456789', '10', 8).toFixed()).toBe('5.12345678');
    expect(cappedPayout('15', '10', 8).toFixed()).toBe('10');
  });
});
