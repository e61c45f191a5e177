import { describe, it, expect } from 'vitest';
import { groupThousands, parseDecimal, toFixedDecimal, type RoundingMode } from './decimal-string';

/** Parses a string known to be valid (fails the test otherwise). */
function parsed(s: string) {
  const p = parseDecimal(s);
  expect(p, s).not.toBeNull();
  return p!;
}

const fixed = (s: string, places: number, mode: RoundingMode) => toFixedDecimal(parsed(s), places, mode);

describe('parseDecimal', () => {
  it.each([
    ['0', false, '0', ''],
    ['123.4500', false, '123', '45'],
    ['00012.3400', false, '12', '34'],
    ['.5', false, '0', '5'],
    ['5.', false, '5', ''],
    ['+1', false, '1', ''],
    ['+.25', false, '0', '25'],
    ['-0.1', true, '0', '1'],
    ['-.5', true, '0', '5'],
    ['-12', true, '12', ''],
    [' 1.5 ', false, '1', '5'],
    ['\t7\n', false, '7', ''],
    ['0.000000010', false, '0', '00000001'],
    ['123456789012345678901234567890.000000000000000000001', false, '123456789012345678901234567890', '000000000000000000001'],
  ])('parses %j', (input, negative, int, frac) => {
    expect(parseDecimal(input)).toEqual({ negative, int, frac });
  });

  it.each(['-0', '-0.000', '+0', '-.0', '000'])('treats %j as an unsigned zero', (input) => {
    expect(parseDecimal(input)).toEqual({ negative: false, int: '0', frac: '' });
  });

  it.each(['', ' ', '.', '+', '-', '+.', '1e5', '1E-5', '1,000', '1 000', '1.2.3', '--1', '+-1', '0x10', 'abc', '1a', 'NaN', 'Infinity', '١٢', '１２'])(
    'rejects %j',
    (input) => {
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it('writes numbers out in full, without exponent', () => {
    expect(parseDecimal(1e-7)).toEqual({ negative: false, int: '0', frac: '0000001' });
    expect(parseDecimal(1e21)).toEqual({ negative: false, int: '1' + '0'.repeat(21), frac: '' });
    expect(parseDecimal(1.5e-10)).toEqual({ negative: false, int: '0', frac: '00000000015' });
    expect(parseDecimal(123)).toEqual({ negative: false, int: '123', frac: '' });
    expect(parseDecimal(-2.5)).toEqual({ negative: true, int: '2', frac: '5' });
    expect(parseDecimal(0.1 + 0.2)).toEqual({ negative: false, int: '0', frac: '30000000000000004' });
  });

  it('treats the number -0 as an unsigned zero', () => {
    expect(parseDecimal(-0)).toEqual({ negative: false, int: '0', frac: '' });
  });

  it.each([NaN, Infinity, -Infinity])('rejects the number %s', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });
});

describe('toFixedDecimal', () => {
  it('pads to exactly the requested places', () => {
    expect(fixed('1.5', 3, 'down')).toBe('1.500');
    expect(fixed('1', 8, 'down')).toBe('1.00000000');
    expect(fixed('0', 2, 'half-up')).toBe('0.00');
  });

  it('writes no decimal point for 0 places', () => {
    expect(fixed('12.99', 0, 'down')).toBe('12');
    expect(fixed('12', 0, 'half-up')).toBe('12');
  });

  it('cuts toward zero in down mode, for either sign', () => {
    expect(fixed('9.995', 2, 'down')).toBe('9.99');
    expect(fixed('0.99999999', 4, 'down')).toBe('0.9999');
    expect(fixed('-9.999', 2, 'down')).toBe('-9.99');
  });

  it.each([
    ['9.995', 2, '10.00'],
    ['0.9999', 3, '1.000'],
    ['99.9996', 3, '100.000'],
    ['1.2345', 3, '1.235'],
    ['1.2344999', 3, '1.234'],
    ['2.4999', 0, '2'],
    ['2.5', 0, '3'],
    ['0.5', 0, '1'],
    ['0.4', 0, '0'],
    ['0.005', 2, '0.01'],
    ['0.095', 2, '0.10'],
    ['0.994', 2, '0.99'],
    ['99999999999999999999.995', 2, '100000000000000000000.00'],
  ])('half-up: %s to %i places -> %s', (input, places, expected) => {
    expect(fixed(input, places, 'half-up')).toBe(expected);
  });

  it('rounds negatives away from zero on a 5 in half-up mode', () => {
    expect(fixed('-9.995', 2, 'half-up')).toBe('-10.00');
    expect(fixed('-0.005', 2, 'half-up')).toBe('-0.01');
    expect(fixed('-0.004', 2, 'half-up')).toBe('0.00');
  });

  it('never writes a negative zero', () => {
    expect(fixed('-0.001', 2, 'half-up')).toBe('0.00');
    expect(fixed('-0.0000000001', 8, 'down')).toBe('0.00000000');
    expect(fixed('-0.9', 0, 'down')).toBe('0');
  });
});

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
    ['1234567.89', '1,234,567.89'],
    ['0.123456', '0.123456'],
    ['1000.0001234', '1,000.0001234'],
    ['-1', '-1'],
    ['-100', '-100'],
    ['-1000', '-1,000'],
    ['-1234567.89', '-1,234,567.89'],
    ['-123456.00', '-123,456.00'],
  ])('%s -> %s', (input, expected) => {
    expect(groupThousands(input)).toBe(expected);
  });

  it('takes another separator', () => {
    expect(groupThousands('-1234567.5', ' ')).toBe('-1 234 567.5');
    expect(groupThousands('1234', '\u00a0')).toBe('1\u00a0234');
  });
});
