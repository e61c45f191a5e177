// Hand-computed vectors for the profitability formula (mining-profit.ts).
import { describe, expect, it } from 'vitest';
import { dailyCoins, estimateProfit, toHashesPerSecond } from './mining-profit';

describe('mining profitability', () => {
  // 100 TH/s on a coin of difficulty 1e13 x 2^32 hashes per block, reward 3.15, fee 2.5 %, price 90,000 USD,
  // 3,000 W at 0.06 USD/kWh, machine 3,000 USD. By hand:
  //   blocks a day = 1e14 x 86400 / (1e13 x 4294967296) = 8.64e18 / 4.294967296e22 = 2.0116567611694336e-4
  //   coins = 2.0116567611694336e-4 x 3.15 (= 6.336718797683716e-4) x 0.975 = 6.178300827741623e-4
  //   revenue = 6.178300827741623e-4 x 90000 = 55.604707449674606 USD
  //   electricity = 3000 x 24 / 1000 x 0.06 = 72 x 0.06 = 4.32 USD
  //   profit = 51.284707449674606; a month x30 = 1538.5412234902383; break-even = 3000 / 51.2847... = 58.49697... days
  const market = { networkDifficulty: 1e13, hashesPerDifficulty: 2 ** 32, blockReward: 3.15, feeRatePercent: 2.5, priceUsd: 90_000 };
  it('matches the hand-computed vector', () => {
    const e = estimateProfit({ hashrateHs: 100e12, powerWatts: 3000, electricityUsdPerKwh: 0.06, machinePriceUsd: 3000 }, market);
    expect(e.dailyCoins).toBeCloseTo(6.178300827741623e-4, 15);
    expect(e.monthlyCoins).toBeCloseTo(0.01853490248322487, 13);
    expect(e.dailyRevenueUsd).toBeCloseTo(55.604707449674606, 9);
    expect(e.dailyElectricityUsd).toBeCloseTo(4.32, 12);
    expect(e.dailyProfitUsd).toBeCloseTo(51.284707449674606, 9);
    expect(e.monthlyProfitUsd).toBeCloseTo(1538.5412234902383, 7);
    expect(e.breakEvenDays).toBeCloseTo(58.4969, 3);
  });

  it('has no revenue without a price and no break-even without a profit', () => {
    const noPrice = estimateProfit({ hashrateHs: 100e12, powerWatts: 3000, electricityUsdPerKwh: 0.06, machinePriceUsd: 3000 }, { ...market, priceUsd: null });
    expect(noPrice.dailyRevenueUsd).toBeNull();
    expect(noPrice.breakEvenDays).toBeNull();
    const loss = estimateProfit({ hashrateHs: 1e12, powerWatts: 3000, electricityUsdPerKwh: 0.5, machinePriceUsd: 3000 }, market);
    expect(loss.dailyProfitUsd!).toBeLessThan(0);
    expect(loss.breakEvenDays).toBeNull();
    expect(dailyCoins(1, { ...market, networkDifficulty: 0 })).toBe(0);
  });

  it('converts hashrate units', () => {
    expect(toHashesPerSecond(9.5, 'GH/s')).toBe(9.5e9);
    expect(toHashesPerSecond(200, 'TH/s')).toBe(200e12);
  });
});
