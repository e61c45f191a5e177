// The ledger sums amounts as BigInt units of 10^-18: they must agree with decimal.js exactly,
// and give the canonical text (no trailing zeros) that is stored and hashed.
import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toUnits, unitsText } from './ledger';

// 20 + 18 digits: decimal.js's default precision (20 significant digits) would round the sums.
const Decimal = DecimalJs.clone({ precision: 60 });

const amount = fc
  .tuple(fc.boolean(), fc.stringMatching(/^\d{1,20}$/), fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`);

describe('ledger amount units', () => {
  it('round-trips to the canonical decimal text', () => {
    fc.assert(fc.property(amount, (text) => {
        expect(unitsText(toUnits(text))).toBe(new Decimal(text).toFixed());
      }));
  });

  it('adds exactly like decimal.js', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(unitsText(toUnits(a) + toUnits(b))).toBe(new Decimal(a).plus(b).toFixed());
      }),
    );
  });

  it('reads the examples a reader would check by hand', () => {
    expect(toUnits('1')).toBe(10n ** 18n);
    expect(toUnits('-0.000000000000000001')).toBe(-1n);
    expect(unitsText(toUnits('0001.2300'))).toBe('1.23');
    expect(unitsText(-5n)).toBe('-0.000000000000000005');
  });
});
