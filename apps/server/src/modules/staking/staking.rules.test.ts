// Hand-computed vectors for the reward and interest arithmetic.
import { describe, expect, it } from 'vitest';
import { addDays, dailyRate, dayInterest, dayReward, rewardPayout, toBaseUnits } from './staking.rules';

describe('staking arithmetic', () => {
  it('a day of reward is annual / 365 less the fee, kept to 18 decimals', () => {
    // 365 ALEO at 10 % a year, 20 % fee: 365 * 0.1 / 365 * 0.8 = 0.08
    expect(dayReward('365', '0.1', '0.2').toFixed()).toBe('0.08');
    // 100 at 12 %, no fee: 100 * 0.12 / 365 = 0.032876712328767123 (18 decimals, down)
    expect(dayReward('100', '0.12', '0').toFixed()).toBe('0.032876712328767123');
    expect(dailyRate('0.365', '0').toFixed()).toBe('0.001');
  });
  it('interest is whole base units, rounded down', () => {
    expect(dayInterest('100', '0.001', 'daily').toFixed()).toBe('0.1');
    // 100 * 0.1 / 365 = 0.0273972602... -> 0.027397
    expect(dayInterest('100', '0.1', 'annual').toFixed()).toBe('0.027397');
    expect(toBaseUnits('1.2345678').toFixed()).toBe('1.234567');
  });
  it('a claim pays the whole base units of the reward and leaves the fraction unclaimed', () => {
    // ALEO has 6 decimals: 0.032876712328767123 pays 0.032876, 0.000000712328767123 stays.
    const { pay, unclaimed } = rewardPayout('0.032876712328767123');
    expect([pay.toFixed(), unclaimed.toFixed()]).toEqual(['0.032876', '0.000000712328767123']);
    expect(rewardPayout('0.0000009').pay.toFixed()).toBe('0');
  });
  it('adds UTC days across months', () => {
    expect(addDays('2026-06-30', 1)).toBe('2026-07-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
