import { describe, it, expect } from 'vitest';
import { ADDRESS_MODE_COINS, COINS, DEFAULT_AMOUNT_PRECISION, LEDGER_DECIMALS, coinBaseDecimals, coinPrecision, findCoin, isAddressModeCoin } from './coins';

// The display precision per coin as the product specified it (docs/rules.md, Limits and constants,
// "Coins"), copied here, not from coins.ts.
const SPEC_PRECISION: Record<string, number> = {
  hns: 4, xmr: 6, ltc: 6, doge: 4, eth: 6, btc: 6, kda: 4, lbc: 4, ckb: 4, stc: 4, dash: 6, sc: 4,
  cfx: 6, 'grin-c32': 6, pmeer: 6, rvn: 4, zec: 6, dcr: 6, erg: 6, scp: 6, alph: 6, kas: 6, zeph: 6, aleo: 6,
};
// The address-mode coins of docs/rules.md, Routes and access (the coin rules).
const SPEC_ADDRESS_COINS = ['alph', 'kas', 'sumo', 'zeph', 'aleo', 'xtm'];

describe('coin table', () => {
  it('has unique lower-case codes', () => {
    const codes = COINS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toBe(code.toLowerCase());
  });

  it('lists every coin of the spec precision table with that precision', () => {
    for (const [code, precision] of Object.entries(SPEC_PRECISION)) {
      expect(findCoin(code), code).toBeDefined();
      expect(coinPrecision(code), code).toBe(precision);
    }
  });

  it('marks exactly the restricted-route coins as address mode', () => {
    const addressCoins = COINS.filter((c) => c.mode === 'address').map((c) => c.code).sort();
    expect(addressCoins).toEqual([...SPEC_ADDRESS_COINS].sort());
    expect([...ADDRESS_MODE_COINS].sort()).toEqual([...SPEC_ADDRESS_COINS].sort());
  });

  it("keeps ledger amounts in each coin's base unit, at most the ledger's 18 decimals, never coarser than what is shown", () => {
    // The chains' smallest units, written out here rather than read from coins.ts.
    const chainUnits: Record<string, number> = {
      btc: 8, ltc: 8, doge: 8, zec: 8, dash: 8, dcr: 8, rvn: 8, pmeer: 8, kas: 8, ckb: 8, lbc: 8,
      eth: 18, cfx: 18, alph: 18, xmr: 12, zeph: 12, kda: 12, erg: 9, 'grin-c32': 9, sumo: 9, stc: 9,
      hns: 6, aleo: 6, xtm: 6, sc: 24, scp: 27,
    };
    expect(Object.keys(chainUnits).sort()).toEqual(COINS.map((c) => c.code).sort());
    for (const c of COINS) {
      expect(c.baseDecimals, c.code).toBe(Math.min(chainUnits[c.code]!, LEDGER_DECIMALS));
      expect(coinBaseDecimals(c.code.toUpperCase()), c.code).toBe(c.baseDecimals);
      expect(c.precision, c.code).toBeLessThanOrEqual(c.baseDecimals);
    }
  });

  it('defaults to 8 decimals', () => {
    expect(DEFAULT_AMOUNT_PRECISION).toBe(8);
  });
});

describe('findCoin', () => {
  it('finds a coin by its code in any case', () => {
    expect(findCoin('btc')?.symbol).toBe('BTC');
    expect(findCoin('BTC')?.code).toBe('btc');
    expect(findCoin('Doge')?.code).toBe('doge');
    expect(findCoin('GRIN-C32')?.code).toBe('grin-c32');
  });

  it('returns undefined for unknown or empty codes', () => {
    expect(findCoin('xyz')).toBeUndefined();
    expect(findCoin('')).toBeUndefined();
    expect(findCoin(' btc')).toBeUndefined();
    expect(findCoin('bitcoin')).toBeUndefined();
  });
});

describe('isAddressModeCoin', () => {
  it.each(SPEC_ADDRESS_COINS)('is true for %s, in any case', (code) => {
    expect(isAddressModeCoin(code)).toBe(true);
    expect(isAddressModeCoin(code.toUpperCase())).toBe(true);
  });

  it.each(['btc', 'eth', 'doge', 'xmr', 'kda', '', 'kaspa', 'alp'])('is false for %j', (code) => {
    expect(isAddressModeCoin(code)).toBe(false);
  });
});

describe('coinPrecision', () => {
  it('uses the per-coin precision, case-insensitively', () => {
    expect(coinPrecision('btc')).toBe(6);
    expect(coinPrecision('DOGE')).toBe(4);
    expect(coinPrecision('Kas')).toBe(6);
  });

  it('gives sumo (listed without precision) the 8-decimal default', () => {
    expect(coinPrecision('sumo')).toBe(8);
  });

  it('gives unknown, empty and missing codes 8 decimals', () => {
    expect(coinPrecision('xyz')).toBe(8);
    expect(coinPrecision('')).toBe(8);
    expect(coinPrecision(undefined)).toBe(8);
  });
});
