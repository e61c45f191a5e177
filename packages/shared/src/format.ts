// Display formatting (docs/rules.md, Limits and constants), shared by the server (exports, emails) and the web.
import { coinPrecision, DEFAULT_AMOUNT_PRECISION } from './coins';
import { groupThousands, parseDecimal, toFixedDecimal } from './decimal-string';

export interface AmountOptions {
  /** Coin code whose precision applies; without it, `precision` or 8 decimals. */
  coin?: string;
  precision?: number;
  /** Thousands separators in the integer part. */
  grouping?: boolean;
}

/**
 * An amount with the coin's precision, cut toward zero so a balance is never shown larger than it
 * is ("0.123456789", btc -> "0.123456"). Unparseable input shows as "--".
 */
export function formatAmount(value: string | number | null | undefined, options: AmountOptions = {}): string {
  if (value === null || value === undefined) return '--';
  const parts = parseDecimal(value);
  if (!parts) return '--';
  const places = options.precision ?? (options.coin ? coinPrecision(options.coin) : DEFAULT_AMOUNT_PRECISION);
  const fixed = toFixedDecimal(parts, places, 'down');
  return options.grouping ? groupThousands(fixed) : fixed;
}

export const HASHRATE_UNITS = ['H/s', 'KH/s', 'MH/s', 'GH/s', 'TH/s', 'PH/s', 'EH/s', 'ZH/s', 'YH/s'] as const;

/** Splits a hashrate in H/s into a value with two decimals and its unit, in steps of 1000. */
export function splitHashrate(hashesPerSecond: number | null | undefined): { value: string; unit: string } {
  let v = typeof hashesPerSecond === 'number' && Number.isFinite(hashesPerSecond) && hashesPerSecond > 0 ? hashesPerSecond : 0;
  let i = 0;
  // Compare the rounded value, so 999.996 H/s becomes 1.00 KH/s rather than "1000.00 H/s".
  while (i < HASHRATE_UNITS.length - 1 && Number(v.toFixed(2)) >= 1000) {
    v /= 1000;
    i++;
  }
  return { value: v.toFixed(2), unit: HASHRATE_UNITS[i]! };
}

export function formatHashrate(hashesPerSecond: number | null | undefined): string {
  const { value, unit } = splitHashrate(hashesPerSecond);
  return `${value} ${unit}`;
}

/**
 * A coin's price: 2 decimals at or above 0.01, 3 decimals from 0.001, otherwise cut after the
 * first significant digit (0.000456 -> "0.0004"). Prices round half-up except in the last case,
 * where rounding could invent a digit that is not there.
 */
export function formatCoinPrice(price: string | number | null | undefined): string {
  if (price === null || price === undefined) return '--';
  const parts = parseDecimal(price);
  if (!parts) return '--';
  const abs = { ...parts, negative: false };
  // At least 10^-places when the integer part or one of the first `places` decimals is non-zero.
  // Compared on the digits, not with Number(): "0.00099999999999999999" is a double >= 0.001 and
  // would wrongly take the 3-decimal branch and show "0.001".
  const isAtLeast = (places: number) => parts.int !== '0' || /[1-9]/.test(parts.frac.slice(0, places));
  let out: string;
  if (isAtLeast(2)) out = toFixedDecimal(abs, 2, 'half-up');
  else if (isAtLeast(3)) out = toFixedDecimal(abs, 3, 'half-up');
  else {
    const firstSignificant = parts.frac.search(/[1-9]/);
    out = firstSignificant < 0 ? '0.00' : toFixedDecimal(abs, firstSignificant + 1, 'down');
  }
  return (parts.negative && out !== '0.00' ? '-' : '') + out;
}

/** An address as its first 6 and last 4 characters ("1A1zP1...vfNa"); short ones unchanged. */
export function shortAddress(address: string | null | undefined): string {
  if (!address) return '';
  // Up to 13 characters the short form (6 + "..." + 4) would be no shorter.
  return address.length <= 13 ? address : `${address.slice(0, 6)}...${address.slice(-4)}`;
}

const OFFSET = /^UTC(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/i;

/** Minutes east of UTC for "UTC+08:00", "UTC-03:30" or "UTC"; null when not of that form. */
export function parseUtcOffset(timezone: string | null | undefined): number | null {
  if (!timezone) return null;
  const m = OFFSET.exec(timezone.trim());
  if (!m) return null;
  if (!m[1]) return 0;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  // Real offsets run from UTC-12:00 to UTC+14:00.
  const max = m[1] === '-' ? 12 : 14;
  if (hours > max || minutes > 59 || (hours === max && minutes > 0)) return null;
  const total = hours * 60 + minutes;
  // "UTC-00:00" is 0, not -0 (Object.is(-0, 0) is false, and -0 would leak into comparisons).
  return m[1] === '-' && total > 0 ? -total : total;
}

/** Writes an offset in minutes as "UTC+08:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The timezones a user can pick: whole hours from UTC-12:00 to UTC+14:00 plus the real half and quarter hours. */
export const TIMEZONES: readonly string[] = (() => {
  const minutes = new Set<number>();
  for (let h = -12; h <= 14; h++) minutes.add(h * 60);
  for (const m of [-570, -210, 210, 270, 330, 345, 390, 525, 570, 630, 765]) minutes.add(m);
  return [...minutes].sort((a, b) => a - b).map(formatUtcOffset);
})();

export type DatePattern = 'YYYY-MM-DD HH:mm:ss' | 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD' | 'MM-DD HH:mm' | 'HH:mm';

/**
 * A moment shown in the user's timezone ("UTC+08:00" style, docs/rules.md, Entities). Stored times are
 * UTC; an unknown timezone shows UTC rather than the browser's zone, so everyone sees one truth.
 */
export function formatDateTime(
  input: Date | string | number | null | undefined,
  timezone: string | null | undefined,
  pattern: DatePattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  if (input === null || input === undefined || input === '') return '--';
  // Numbers below 1e11 are seconds; strings without a zone are UTC (as we store them), never
  // the browser's local time.
  const zoneless = typeof input === 'string' && /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(input.trim());
  const date =
    input instanceof Date
      ? input
      : new Date(typeof input === 'number' && input < 1e11 ? input * 1000 : zoneless ? `${(input as string).trim().replace(' ', 'T')}Z` : input);
  if (Number.isNaN(date.getTime())) return '--';
  const shifted = new Date(date.getTime() + (parseUtcOffset(timezone) ?? 0) * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const fields: Record<string, string> = {
    YYYY: String(shifted.getUTCFullYear()),
    MM: p(shifted.getUTCMonth() + 1),
    DD: p(shifted.getUTCDate()),
    HH: p(shifted.getUTCHours()),
    mm: p(shifted.getUTCMinutes()),
    ss: p(shifted.getUTCSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => fields[token]!);
}
