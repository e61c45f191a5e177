// splitAmount: the parts of a withdrawal above the coin's single maximum. Bounded before anything
// is made, exact to the base unit whatever the amount's digits.
import DecimalJs from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { MAX_WITHDRAW_PARTS } from '@hashpool/shared';
import { AppError } from '../../platform/errors';
import { LedgerDecimal } from '../ledger';
import { splitAmount } from './amounts';

const d = (value: string) => new DecimalJs(value);
const sum = (parts: DecimalJs[]) => parts.reduce((total, p) => total.plus(p), new LedgerDecimal(0)).toFixed();

describe('splitAmount', () => {
  it('splits into the fewest parts of at most the maximum, as equal as the base unit allows, adding up exactly', () => {
    expect(splitAmount(d('12'), d('5'), 'btc').map((p) => p.toFixed())).toEqual(['4', '4', '4']);
    expect(splitAmount(d('10.00000001'), d('5'), 'btc').map((p) => p.toFixed())).toEqual(['3.33333334', '3.33333334', '3.33333333']);
    expect(splitAmount(d('0.5'), d('5'), 'btc').map((p) => p.toFixed())).toEqual(['0.5']);
  });

  it("is exact for 18-decimal coins beyond decimal.js's default 20 digits", () => {
    // 200.000000000000000001 / 200 rounds to 1 at 20 digits: one part above the maximum.
    const parts = splitAmount(d('200.000000000000000001'), d('200'), 'eth');
    expect(parts).toHaveLength(2);
    for (const p of parts) expect(p.lte(200)).toBe(true);
    expect(sum(parts)).toBe('200.000000000000000001');
  });

  it('refuses more than MAX_WITHDRAW_PARTS parts before making any', () => {
    expect(splitAmount(d('100'), d('5'), 'btc')).toHaveLength(MAX_WITHDRAW_PARTS);
    for (const amount of ['100.00000001', '2147483648', '99999999999999999999.999999999999999999']) {
      let error: unknown;
      try {
        splitAmount(d(amount), d('5'), 'btc');
      } catch (e) {
        error = e;
      }
      expect(error, amount).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ key: 'withdraw_too_many_parts', params: { limit: '100', max: '5', parts: '20', coin: 'BTC' } });
    }
  });
});
