import { describe, it, expect } from 'vitest';
import {
  HASHRATE_UNITS,
  TIMEZONES,
  formatAmount,
  formatCoinPrice,
  formatDateTime,
  formatHashrate,
  formatUtcOffset,
  parseUtcOffset,
  shortAddress,
  splitHashrate,
  type DatePattern,
} from './format';

describe('formatAmount', () => {
  it('shows 8 decimals by default, padding with zeros', () => {
    expect(formatAmount('1')).toBe('1.00000000');
    expect(formatAmount('0')).toBe('0.00000000');
    expect(formatAmount('0.5')).toBe('0.50000000');
    expect(formatAmount('000123.4')).toBe('123.40000000');
  });

  it('uses the coin precision: btc 6, doge 4, sumo 8, unknown coin 8', () => {
    expect(formatAmount('1.123456789', { coin: 'btc' })).toBe('1.123456');
    expect(formatAmount('1.123456789', { coin: 'doge' })).toBe('1.1234');
    expect(formatAmount('1.123456789', { coin: 'sumo' })).toBe('1.12345678');
    expect(formatAmount('1.123456789', { coin: 'nosuchcoin' })).toBe('1.12345678');
    expect(formatAmount('2', { coin: 'doge' })).toBe('2.0000');
  });

  it('finds the coin precision whatever the case of the code', () => {
    expect(formatAmount('1.123456789', { coin: 'BTC' })).toBe('1.123456');
  });

  it('lets an explicit precision win over the coin', () => {
    expect(formatAmount('1.239', { coin: 'btc', precision: 2 })).toBe('1.23');
    expect(formatAmount('12.99', { precision: 0 })).toBe('12');
  });

  it('cuts toward zero and never rounds up', () => {
    expect(formatAmount('0.1234569', { coin: 'btc' })).toBe('0.123456');
    expect(formatAmount('0.999999999')).toBe('0.99999999');
    expect(formatAmount('0.99999', { coin: 'doge' })).toBe('0.9999');
    expect(formatAmount('9.99999999999', { coin: 'btc' })).toBe('9.999999');
  });

  it('keeps the sign of negative amounts and cuts them toward zero too', () => {
    expect(formatAmount('-1.5')).toBe('-1.50000000');
    expect(formatAmount('-0.1234569', { coin: 'btc' })).toBe('-0.123456');
    expect(formatAmount(-2.5, { coin: 'doge' })).toBe('-2.5000');
  });

  it('shows a negative amount that cuts to zero without a minus sign', () => {
    expect(formatAmount('-0.0000000001')).toBe('0.00000000');
    expect(formatAmount('-0.0000001', { coin: 'btc' })).toBe('0.000000');
    expect(formatAmount('-0')).toBe('0.00000000');
    expect(formatAmount(-1e-10)).toBe('0.00000000');
    expect(formatAmount(-0)).toBe('0.00000000');
  });

  it('accepts numbers, including ones JavaScript writes with an exponent', () => {
    expect(formatAmount(0)).toBe('0.00000000');
    expect(formatAmount(1.5)).toBe('1.50000000');
    expect(formatAmount(1e-7)).toBe('0.00000010');
    expect(formatAmount(1e-9)).toBe('0.00000000');
    expect(formatAmount(1e21)).toBe('1000000000000000000000.00000000');
    expect(formatAmount(1.2345e21)).toBe('1234500000000000000000.00000000');
    expect(formatAmount(123456.789, { coin: 'btc' })).toBe('123456.789000');
  });

  it('keeps every digit of integers beyond 2^53 given as strings', () => {
    expect(formatAmount('9007199254740993')).toBe('9007199254740993.00000000');
    expect(formatAmount('123456789012345678901234567890.123456789')).toBe('123456789012345678901234567890.12345678');
  });

  it('groups thousands on request, for either sign', () => {
    expect(formatAmount('1234567.891', { grouping: true })).toBe('1,234,567.89100000');
    expect(formatAmount('-1234567', { coin: 'doge', grouping: true })).toBe('-1,234,567.0000');
    expect(formatAmount('999.5', { coin: 'doge', grouping: true })).toBe('999.5000');
    expect(formatAmount('1000', { coin: 'doge', grouping: true })).toBe('1,000.0000');
    expect(formatAmount('1234567')).toBe('1234567.00000000');
  });

  it.each(['', ' ', 'abc', '1,000', '1e5', '0x10', '1.2.3', '--1', 'NaN', 'Infinity', '12 BTC'])('shows garbage %j as --', (input) => {
    expect(formatAmount(input)).toBe('--');
  });

  it.each([NaN, Infinity, -Infinity, null, undefined])('shows %s as --', (input) => {
    expect(formatAmount(input)).toBe('--');
  });
});

describe('splitHashrate / formatHashrate', () => {
  it('has the units H/s to YH/s of docs/rules.md, Limits and constants', () => {
    expect([...HASHRATE_UNITS]).toEqual(['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s', 'ZH/s', 'YH/s']);
  });

  it.each([0, -1, -1e12, NaN, Infinity, -Infinity, null, undefined])('shows %s as 0.00 H/s', (input) => {
    expect(formatHashrate(input)).toBe('0.00 H/s');
    expect(splitHashrate(input)).toEqual({ value: '0.00', unit: 'H/s' });
  });

  it.each([
    [1.5, '1.50 H/s'],
    [1.5e3, '1.50 KH/s'],
    [1.5e6, '1.50 MH/s'],
    [1.5e9, '1.50 GH/s'],
    [1.5e12, '1.50 TH/s'],
    [1.5e15, '1.50 PH/s'],
    [1.5e18, '1.50 EH/s'],
    [1.5e21, '1.50 ZH/s'],
    [1.5e24, '1.50 YH/s'],
  ])('%s H/s -> %s', (input, expected) => {
    expect(formatHashrate(input)).toBe(expected);
  });

  it('keeps values below 1000 after rounding in the smaller unit', () => {
    expect(formatHashrate(999.99)).toBe('999.99 H/s');
    expect(formatHashrate(999.994)).toBe('999.99 H/s');
    expect(formatHashrate(0.004)).toBe('0.00 H/s');
    expect(formatHashrate(12.3)).toBe('12.30 H/s');
  });

  it('moves up a unit when rounding would give 1000.00', () => {
    expect(formatHashrate(999.996)).toBe('1.00 KH/s');
    expect(formatHashrate(999_999.996)).toBe('1.00 MH/s');
  });

  it('moves up a unit at exactly 1000', () => {
    expect(formatHashrate(1000)).toBe('1.00 KH/s');
    expect(formatHashrate(1e6)).toBe('1.00 MH/s');
    expect(formatHashrate(1e24)).toBe('1.00 YH/s');
  });

  it('divides by 1000, not 1024', () => {
    expect(formatHashrate(4294967296)).toBe('4.29 GH/s');
    expect(formatHashrate(1024)).toBe('1.02 KH/s');
  });

  it('stays in YH/s beyond it', () => {
    expect(formatHashrate(1e27)).toBe('1000.00 YH/s');
    expect(formatHashrate(1.23456e30)).toBe('1234560.00 YH/s');
  });

  it('splits value and unit', () => {
    expect(splitHashrate(123_456_789)).toEqual({ value: '123.46', unit: 'MH/s' });
  });
});

describe('formatCoinPrice', () => {
  it.each([
    [0.01, '0.01'],
    ['0.01', '0.01'],
    [0.00999, '0.010'],
    ['0.00999', '0.010'],
    [0.001, '0.001'],
    ['0.0015', '0.002'],
    ['0.0014', '0.001'],
    [0.000999, '0.0009'],
    [0.000456, '0.0004'],
    ['0.0000000123', '0.00000001'],
    [12345.678, '12345.68'],
    ['2', '2.00'],
    ['0.015', '0.02'],
    ['0.995', '1.00'],
    ['123456789012345678901.005', '123456789012345678901.01'],
  ])('%j -> %s', (input, expected) => {
    expect(formatCoinPrice(input)).toBe(expected);
  });

  it('rounds 1.005 on its digits, not as a float (which gives 1.00)', () => {
    expect(formatCoinPrice('1.005')).toBe('1.01');
    expect(formatCoinPrice(1.005)).toBe('1.01');
  });

  it('compares with the thresholds on the digits, not as floats', () => {
    // Both strings are below their threshold, but Number() rounds them up to it.
    expect(formatCoinPrice('0.00999999999999999999')).toBe('0.010');
    expect(formatCoinPrice('0.00099999999999999999999')).toBe('0.0009');
  });

  it('shows zero as 0.00', () => {
    expect(formatCoinPrice(0)).toBe('0.00');
    expect(formatCoinPrice('0')).toBe('0.00');
    expect(formatCoinPrice('0.000000')).toBe('0.00');
    expect(formatCoinPrice('-0')).toBe('0.00');
  });

  it('keeps the sign of negative prices', () => {
    expect(formatCoinPrice('-0.5')).toBe('-0.50');
    expect(formatCoinPrice('-0.000456')).toBe('-0.0004');
    expect(formatCoinPrice('-0.00999')).toBe('-0.010');
  });

  it.each([null, undefined, '', 'abc', '1e-5', NaN, Infinity])('shows %j as --', (input) => {
    expect(formatCoinPrice(input)).toBe('--');
  });
});

describe('shortAddress', () => {
  it('shows the first 6 and last 4 characters', () => {
    expect(shortAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('1A1zP1...vfNa');
    expect(shortAddress('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('0x5290...9EE7');
  });

  it('leaves short strings unchanged', () => {
    expect(shortAddress('abc')).toBe('abc');
    expect(shortAddress('0123456789')).toBe('0123456789');
    // 13 characters: the short form would be just as long.
    expect(shortAddress('0123456789abc')).toBe('0123456789abc');
    expect(shortAddress('0123456789abcd')).toBe('012345...abcd');
  });

  it.each(['', null, undefined])('shows %j as an empty string', (input) => {
    expect(shortAddress(input)).toBe('');
  });
});

describe('parseUtcOffset', () => {
  it.each([
    ['UTC', 0],
    ['utc', 0],
    ['UTC+00:00', 0],
    ['UTC-00:00', 0],
    ['UTC+08:00', 480],
    ['UTC-03:30', -210],
    ['UTC+5:45', 345],
    ['UTC+8', 480],
    ['utc-10:00', -600],
    [' UTC+08:00 ', 480],
    ['UTC+14:00', 840],
    ['UTC-12:00', -720],
  ])('%j -> %i minutes', (input, minutes) => {
    // Object.is: "UTC-00:00" must be 0, not -0.
    expect(Object.is(parseUtcOffset(input), minutes)).toBe(true);
  });

  it.each([
    'UTC+14:30',
    'UTC+15:00',
    'UTC-15',
    'UTC-13:00',
    'UTC-12:30',
    'UTC+0800',
    'UTC+123',
    'UTC+08:60',
    'UTC+',
    'UTC08:00',
    'UTC+08:0',
    'UTC+008:00',
    'UTC+08:00:00',
    'GMT+8',
    '+08:00',
    'Asia/Shanghai',
    'UTC 8',
    '',
    '   ',
    null,
    undefined,
  ])('rejects %j', (input) => {
    expect(parseUtcOffset(input)).toBeNull();
  });
});

describe('formatUtcOffset', () => {
  it.each([
    [0, 'UTC+00:00'],
    [480, 'UTC+08:00'],
    [-210, 'UTC-03:30'],
    [345, 'UTC+05:45'],
    [-720, 'UTC-12:00'],
    [840, 'UTC+14:00'],
    [-30, 'UTC-00:30'],
  ])('%i -> %s', (minutes, expected) => {
    expect(formatUtcOffset(minutes)).toBe(expected);
  });
});

describe('TIMEZONES', () => {
  it('starts at UTC-12:00 and ends at UTC+14:00', () => {
    expect(TIMEZONES[0]).toBe('UTC-12:00');
    expect(TIMEZONES[TIMEZONES.length - 1]).toBe('UTC+14:00');
  });

  it('contains the half and quarter hours of India and Nepal, and every whole hour', () => {
    expect(TIMEZONES).toContain('UTC+05:30');
    expect(TIMEZONES).toContain('UTC+05:45');
    expect(TIMEZONES).toContain('UTC-03:30');
    for (let h = -12; h <= 14; h++) {
      const name = `UTC${h < 0 ? '-' : '+'}${String(Math.abs(h)).padStart(2, '0')}:00`;
      expect(TIMEZONES).toContain(name);
    }
  });

  it('is sorted west to east without duplicates, and every entry parses back to itself', () => {
    const minutes = TIMEZONES.map((tz) => parseUtcOffset(tz));
    for (const m of minutes) expect(m).not.toBeNull();
    for (let i = 1; i < minutes.length; i++) expect(minutes[i]!).toBeGreaterThan(minutes[i - 1]!);
    for (const tz of TIMEZONES) expect(formatUtcOffset(parseUtcOffset(tz)!)).toBe(tz);
  });
});

describe('formatDateTime', () => {
  const NEW_YEAR_EVE = Date.UTC(2023, 11, 31, 16, 0, 5); // 2023-12-31 16:00:05 UTC
  const LEAP_MORNING = Date.UTC(2024, 2, 1, 5, 30, 0); // 2024-03-01 05:30:00 UTC

  it('shows UTC times in UTC', () => {
    expect(formatDateTime(new Date(NEW_YEAR_EVE), 'UTC')).toBe('2023-12-31 16:00:05');
    expect(formatDateTime(new Date(NEW_YEAR_EVE), 'UTC+00:00')).toBe('2023-12-31 16:00:05');
  });

  it('crosses into the next day (and year) east of UTC', () => {
    expect(formatDateTime(new Date(NEW_YEAR_EVE), 'UTC+08:00')).toBe('2024-01-01 00:00:05');
  });

  it('crosses into the previous day (a leap day) west of UTC', () => {
    expect(formatDateTime(new Date(LEAP_MORNING), 'UTC-10:00')).toBe('2024-02-29 19:30:00');
  });

  it('applies non-whole-hour offsets', () => {
    expect(formatDateTime(new Date(LEAP_MORNING), 'UTC+05:45')).toBe('2024-03-01 11:15:00');
    expect(formatDateTime(new Date(LEAP_MORNING), 'UTC-03:30')).toBe('2024-03-01 02:00:00');
  });

  it('reads numbers below 1e11 as seconds and larger ones as milliseconds', () => {
    const seconds = 1_700_000_000; // 2023-11-14 22:13:20 UTC
    expect(formatDateTime(seconds, 'UTC')).toBe('2023-11-14 22:13:20');
    expect(formatDateTime(seconds * 1000, 'UTC')).toBe('2023-11-14 22:13:20');
    expect(formatDateTime(seconds, 'UTC+08:00')).toBe('2023-11-15 06:13:20');
    expect(formatDateTime(0, 'UTC')).toBe('1970-01-01 00:00:00');
    expect(formatDateTime(4102444800, 'UTC')).toBe('2100-01-01 00:00:00');
  });

  it('reads ISO strings with a zone', () => {
    expect(formatDateTime('2024-03-01T05:30:00Z', 'UTC+08:00')).toBe('2024-03-01 13:30:00');
    expect(formatDateTime('2024-03-01T13:30:00+08:00', 'UTC')).toBe('2024-03-01 05:30:00');
    expect(formatDateTime('2024-03-01T05:30:00.999Z', 'UTC')).toBe('2024-03-01 05:30:00');
  });

  it('reads date strings without a zone as UTC, whatever the machine zone', () => {
    expect(formatDateTime('2024-01-01 00:00:00', 'UTC+08:00')).toBe('2024-01-01 08:00:00');
    expect(formatDateTime('2024-01-01T23:30', 'UTC-10:00')).toBe('2024-01-01 13:30:00');
  });

  it('shows an unknown timezone as UTC, not the machine zone', () => {
    expect(formatDateTime(new Date(LEAP_MORNING), 'Asia/Shanghai')).toBe('2024-03-01 05:30:00');
    expect(formatDateTime(new Date(LEAP_MORNING), null)).toBe('2024-03-01 05:30:00');
    expect(formatDateTime(new Date(LEAP_MORNING), undefined)).toBe('2024-03-01 05:30:00');
  });

  it.each([
    ['YYYY-MM-DD HH:mm:ss', '2024-01-01 00:00:05'],
    ['YYYY-MM-DD HH:mm', '2024-01-01 00:00'],
    ['YYYY-MM-DD', '2024-01-01'],
    ['MM-DD HH:mm', '01-01 00:00'],
    ['HH:mm', '00:00'],
  ] as [DatePattern, string][])('writes the pattern %s', (pattern, expected) => {
    expect(formatDateTime(new Date(NEW_YEAR_EVE), 'UTC+08:00', pattern)).toBe(expected);
  });

  it('pads single-digit fields', () => {
    expect(formatDateTime(Date.UTC(2024, 0, 2, 3, 4, 5), 'UTC')).toBe('2024-01-02 03:04:05');
  });

  it.each(['', 'not a date', '2024-13-45T00:00:00Z', NaN, Infinity, null, undefined])('shows %j as --', (input) => {
    expect(formatDateTime(input, 'UTC+08:00')).toBe('--');
  });

  it('shows an invalid Date as --', () => {
    expect(formatDateTime(new Date(Number.NaN), 'UTC')).toBe('--');
  });
});
