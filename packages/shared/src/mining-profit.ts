// Mining profitability: the one formula the miner ranking (/miners), the ASIC calculator
// and the GPU calculator share. Estimates for a buyer's decision, not money: plain numbers, never
// written to the ledger. All prices in USD; the web converts to the user's currency.
//
//   coins per day = H x 86400 / (D x k) x R x (1 - fee / 100)
//     H hashrate in H/s, D network difficulty (the pool's unit), k the coin's hashes per difficulty,
//     R the block reward (subsidy + average fees per block), fee the pool fee in percent
//   revenue per day = coins per day x price
//   electricity per day = P x 24 / 1000 x electricity price per kWh (P in watts)
//   profit per day = revenue - electricity; a month is 30 days
//   break-even days = machine price / profit per day (none when the profit is not positive)
import { HASHRATE_UNITS } from './format';

export interface CoinMarket {
  networkDifficulty: number;
  hashesPerDifficulty: number;
  /** Block subsidy plus the average fees of a block. */
  blockReward: number;
  /** Pool fee in percent. */
  feeRatePercent: number;
  /** USD per coin; null when unknown (revenue then unknown too). */
  priceUsd: number | null;
}

export interface ProfitInput {
  hashrateHs: number;
  powerWatts: number;
  /** USD per kWh. */
  electricityUsdPerKwh: number;
  /** The machine's price in USD, for the break-even days. */
  machinePriceUsd?: number | null;
}

export interface ProfitEstimate {
  dailyCoins: number;
  monthlyCoins: number;
  dailyRevenueUsd: number | null;
  dailyElectricityUsd: number;
  dailyProfitUsd: number | null;
  monthlyProfitUsd: number | null;
  breakEvenDays: number | null;
}

export const SECONDS_PER_DAY = 86_400;
export const DAYS_PER_MONTH = 30;

/** Coins a hashrate earns a day on average, after the pool fee. */
export function dailyCoins(hashrateHs: number, market: Omit<CoinMarket, 'priceUsd'>): number {
  if (!(market.networkDifficulty > 0) || !(market.hashesPerDifficulty > 0) || !(hashrateHs >= 0)) return 0;
  return ((hashrateHs * SECONDS_PER_DAY) / (market.networkDifficulty * market.hashesPerDifficulty)) * market.blockReward * (1 - market.feeRatePercent / 100);
}

/** Electricity cost of a day in USD. */
export function dailyElectricityUsd(powerWatts: number, usdPerKwh: number): number {
  return ((powerWatts * 24) / 1000) * usdPerKwh;
}

export function estimateProfit(input: ProfitInput, market: CoinMarket): ProfitEstimate {
  const coins = dailyCoins(input.hashrateHs, market);
  const revenue = market.priceUsd === null ? null : coins * market.priceUsd;
  const electricity = dailyElectricityUsd(input.powerWatts, input.electricityUsdPerKwh);
  const profit = revenue === null ? null : revenue - electricity;
  const price = input.machinePriceUsd ?? null;
  return {
    dailyCoins: coins,
    monthlyCoins: coins * DAYS_PER_MONTH,
    dailyRevenueUsd: revenue,
    dailyElectricityUsd: electricity,
    dailyProfitUsd: profit,
    monthlyProfitUsd: profit === null ? null : profit * DAYS_PER_MONTH,
    breakEvenDays: price !== null && profit !== null && profit > 0 ? price / profit : null,
  };
}

/** A hashrate typed with a unit (H/s … PH/s of format.ts) in H/s. */
export function toHashesPerSecond(value: number, unit: (typeof HASHRATE_UNITS)[number]): number {
  return value * 1000 ** HASHRATE_UNITS.indexOf(unit);
}
