// Exact sums and comparisons of the wallet's decimal strings. Amounts have at most 18 decimals
// (numeric(38,18) on the server, amountSchema in packages/shared), so a BigInt count of 1e-18
// units holds any of them exactly; floating point would not ("0.1" + "0.2"). Formatting stays with
// packages/shared (formatAmount); the server does the arithmetic that moves money.
import { parseDecimal } from '@hashpool/shared';

const SCALE = 18;

/** The amount in units of 1e-18; null when it is not a decimal string. */
export function toUnits(value: string): bigint | null {
  const parts = parseDecimal(value);
  if (!parts || parts.frac.length > SCALE) return null;
  const units = BigInt(parts.int + parts.frac.padEnd(SCALE, '0'));
  return parts.negative ? -units : units;
}

/** Back to a plain decimal string without trailing zeros ("1.5", "-0.000001", "0"). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const int = digits.slice(0, -SCALE);
  const frac = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** The sum of decimal strings; unparseable ones count as zero. */
export function sumDecimals(...values: string[]): string {
  return fromUnits(values.reduce((total, value) => total + (toUnits(value) ?? 0n), 0n));
}

/** -1, 0 or 1 as a is below, equal to or above b; unparseable values count as zero. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = toUnits(a) ?? 0n;
  const y = toUnits(b) ?? 0n;
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isPositive(value: string): boolean {
  return (toUnits(value) ?? 0n) > 0n;
}

/** Digits after the decimal point as written, trailing zeros aside ("1.500" -> 1). */
export function decimalPlaces(value: string): number {
  return parseDecimal(value)?.frac.length ?? 0;
}

/** `value` times a whole `count`, exactly ("0.1" x 3 is "0.3"); null when value is not a decimal string. */
export function timesWhole(value: string, count: number): string | null {
  const units = toUnits(value);
  if (units === null || !Number.isSafeInteger(count)) return null;
  return fromUnits(units * BigInt(count));
}

/** A plain decimal string shown with at least `places` decimals ("90" -> "90.00"); never rounded. */
export function withPlaces(value: string, places: number): string {
  const [int, frac = ''] = value.split('.');
  return places > 0 || frac ? `${int}.${frac.padEnd(places, '0')}` : value;
}
