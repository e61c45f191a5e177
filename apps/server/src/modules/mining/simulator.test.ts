import { describe, expect, it } from 'vitest';
import { simulateShares, vardiff, type SimulatedWorker } from './simulator';

// A seeded generator, so the statistics below are the same on every run.
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const rig: SimulatedWorker = { coin: 'btc', account: 'demo', worker: 'r1', hashrate: 100e12, onMinutes: 100_000, offMinutes: 0 };

describe('simulateShares', () => {
  it('sends about one share per 10 s at the vardiff, so the accepted work matches the hashrate within 5 %', () => {
    const random = mulberry32(7);
    const hour = 3600_000;
    const shares = simulateShares([rig], 0, hour, random);
    expect(shares.length).toBeGreaterThan(300);
    expect(shares.length).toBeLessThan(420);
    const work = shares.filter((s) => s.result === 'accepted').reduce((a, s) => a + Number(s.difficulty) * 2 ** 32, 0);
    expect(Math.abs(work / 3600 / 100e12 - 0.985)).toBeLessThan(0.05);
    for (const s of shares) expect(s.time).toBeGreaterThanOrEqual(0);
  });

  it('sends nothing in a worker’s off time', () => {
    const flaky = { ...rig, onMinutes: 10, offMinutes: 10 };
    expect(simulateShares([flaky], 12 * 60_000, 13 * 60_000, mulberry32(1))).toHaveLength(0);
    expect(simulateShares([flaky], 2 * 60_000, 3 * 60_000, mulberry32(1)).length).toBeGreaterThan(0);
  });

  it('sets a difficulty near one share per 10 s', () => {
    expect(vardiff('btc', 100e12)).toBe(Math.round((100e12 * 10) / 2 ** 32));
    expect(vardiff('ltc', 9e9)).toBe(Math.round((9e9 * 10) / 2 ** 16));
  });
});

describe('simulateBlockEvents', () => {
  it('gives every demo address the format of its coin', async () => {
    const { DEMO_ADDRESSES } = await import('./simulator');
    const { isValidMiningAddress } = await import('@hashpool/shared');
    expect(Object.keys(DEMO_ADDRESSES).sort()).toEqual(['aleo', 'alph', 'kas', 'sumo', 'xtm', 'zeph']);
    for (const [coin, address] of Object.entries(DEMO_ADDRESSES)) expect(isValidMiningAddress(coin, address), coin).toBe(true);
  });

  it('reports the network every tick and finds blocks at the rate the hashrate gives', async () => {
    const { simulateBlockEvents, DEMO_NETWORK_DIFFICULTY } = await import('./simulator');
    const big: SimulatedWorker = { ...rig, hashrate: 1.3e14 * 2 ** 32 / 600 }; // the whole network: one block per 600 s
    const random = mulberry32(3);
    let found = 0;
    for (let i = 0; i < 600; i++) {
      const events = simulateBlockEvents([big], i * 10_000, (i + 1) * 10_000, i, random);
      // One network report per demo coin (btc, ltc and the six address-mode coins).
      expect(events.filter((e) => e.type === 'network').length).toBe(Object.keys(DEMO_NETWORK_DIFFICULTY).length);
      found += events.filter((e) => e.type === 'found').length;
    }
    // 6000 s at one block per 600 s: about 10 (Poisson, so 3..20 in practice).
    expect(found).toBeGreaterThan(2);
    expect(found).toBeLessThan(21);
  });
});
