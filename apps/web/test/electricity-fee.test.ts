// The electricity fee keeps the currency it was typed in: a change of display currency converts it
// (0.6 yuan a kWh is about 115 won, not 0.6 won), and the ranking is asked USD within its bound.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ELECTRICITY_USD, electricityFee, MAX_ELECTRICITY_USD } from '../src/features/catalogue/lib/money';

// Units per 1 CNY, as the rates endpoint gives them.
const rates = [
  { currency: 'CNY', rate: '1', symbol: '¥' },
  { currency: 'USD', rate: '0.14', symbol: '$' },
  { currency: 'KRW', rate: '192', symbol: '₩' },
];

describe('electricity fee', () => {
  it('converts a fee typed in yuan when the display currency is won or dollars', () => {
    expect(electricityFee('0.6 CNY', 'CNY', rates)).toEqual({ fee: 0.6, feeUsd: 0.6 / (1 / 0.14) });
    expect(electricityFee('0.6 CNY', 'KRW', rates).fee).toBe(115.2);
    expect(electricityFee('0.6 CNY', 'USD', rates).fee).toBe(0.084);
    expect(electricityFee('0.6 CNY', 'KRW', rates).feeUsd).toBeCloseTo(0.084, 10);
  });

  it('reads a bare number, stored before the currency was kept, in the display currency', () => {
    expect(electricityFee('150', 'KRW', rates).fee).toBe(150);
    expect(electricityFee('150', 'KRW', rates).feeUsd).toBeCloseTo((150 * 0.14) / 192, 10);
  });

  it('starts from the default, also for an unreadable value or an unknown currency', () => {
    for (const stored of [null, 'abc', '-1 USD', '0.5 XYZ']) expect(electricityFee(stored, 'USD', rates)).toEqual({ fee: DEFAULT_ELECTRICITY_USD, feeUsd: DEFAULT_ELECTRICITY_USD });
  });

  it('bounds the USD figure by the ranking’s limit, and knows nothing before the rates', () => {
    expect(electricityFee('200000 KRW', 'KRW', rates).feeUsd).toBe(MAX_ELECTRICITY_USD);
    expect(electricityFee('0.6 CNY', 'KRW', [])).toEqual({ fee: null, feeUsd: null });
  });
});
