// A contract day's profit, with vectors worked out by hand (docs/rules.md, Contracts).
import { describe, expect, it } from 'vitest';
import { dayProfit } from './contract-profit';

// 2 units of 1 TH/s, 1e-18 coin per H/s and day: output 2 x 1e12 x 1e-18 = 0.000002.
// Electricity: 100 W x 2 x 24 h / 1000 x 0.1 USD = 0.48 USD; at 480 000 USD: 0.000001.
// Fee 10 % of the output: 0.0000002. Net: 0.000002 - 0.000001 - 0.0000002 = 0.0000008.
const base = { units: 2, hashesPerSecond: '1000000000000', powerWatts: '100', electricityRate: '0.1', managementFee: '10', perHashPerSecond: '0.000000000000000001', priceUsd: '480000', carry: '0', baseDecimals: 8 };

describe('dayProfit', () => {
  it('output less electricity and fee, credited to the base unit', () => {
    expect(dayProfit(base)).toEqual({ output: '0.000002', electricity: '0.000001', fee: '0.0000002', net: '0.0000008', credited: '0.0000008', shortfall: false, carry: '0' });
  });

  it('adds the carried fraction and carries what the cut leaves', () => {
    const day = dayProfit({ ...base, carry: '0.000000005' });
    expect(day.credited).toBe('0.0000008');
    expect(day.carry).toBe('0.000000005');
    const next = dayProfit({ ...base, carry: '0.000000009' });
    expect(next.credited).toBe('0.0000008');
    expect(next.carry).toBe('0.000000009');
    expect(dayProfit({ ...base, managementFee: '9.5' })).toMatchObject({ net: '0.00000081', credited: '0.00000081', carry: '0' });
  });

  it('a day whose output does not cover the electricity credits nothing and keeps the carry', () => {
    // At 240 000 USD the electricity is 0.000002: the whole output.
    expect(dayProfit({ ...base, priceUsd: '240000', carry: '0.000000003' })).toEqual({ output: '0.000002', electricity: '0.000002', fee: '0.0000002', net: '-0.0000002', credited: '0', shortfall: true, carry: '0.000000003' });
  });
});
