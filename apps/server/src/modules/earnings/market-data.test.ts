// The simulated market walk: deterministic, a few percent a day, and walkable backwards (the demo's
// past days lead up to the seed day).
import { findCoin } from '@hashpool/shared';
import { describe, expect, it } from 'vitest';
import { seedValues, SimulatedMarketData } from './market-data';

const walk = new SimulatedMarketData();
const btc = findCoin('btc')!;
const seed = seedValues(btc, '96000');

describe('simulated market data', () => {
  it('moves each value a few percent a day, the same way every time', async () => {
    const next = await walk.next(btc, '2026-06-02', seed);
    expect(await walk.next(btc, '2026-06-02', seed)).toEqual(next);
    for (const key of ['networkDifficulty', 'avgFeesPerBlock', 'priceUsd'] as const) {
      const ratio = Number(next[key]) / Number(seed[key]);
      expect(ratio).toBeGreaterThan(0.84);
      expect(ratio).toBeLessThan(1.16);
      expect(ratio).not.toBe(1);
    }
    expect(next.blockSubsidy).toBe(seed.blockSubsidy);
  });

  it('taken backwards, leads to the day it started from (to the rounding of the figures)', async () => {
    const before = walk.before(btc, '2026-06-02', seed);
    expect(before).not.toEqual(seed);
    const again = await walk.next(btc, '2026-06-02', before);
    expect(Number(again.networkDifficulty) / Number(seed.networkDifficulty)).toBeCloseTo(1, 3);
    expect(Number(again.priceUsd) / Number(seed.priceUsd)).toBeCloseTo(1, 4);
    expect(Number(again.avgFeesPerBlock)).toBeCloseTo(Number(seed.avgFeesPerBlock), 7);
  });
});
