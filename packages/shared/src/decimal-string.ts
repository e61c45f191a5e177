// Decimal strings without floating point: amounts and prices arrive as strings ("0.00012300")
// and are cut or rounded digit by digit. This package has no runtime dependencies beyond zod,
// and these few operations are all formatting needs; arithmetic on money happens on the server
// with decimal.js.

export interface DecimalParts {
  negative: boolean;
  int: string; // no leading zeros, at least "0"
  frac: string; // no trailing zeros
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/** Parses "123.4500", "-0.1", ".5", 1e-7 (numbers are written out in full first). */
export function parseDecimal(value: string | number): DecimalParts | null {
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    s = value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  } else {
    s = value.trim();
  }
  const m = DECIMAL.exec(s);
  if (!m || (m[2] === '' && (m[3] === undefined || m[3] === ''))) return null;
  const int = (m[2] ?? '').replace(/^0+/, '') || '0';
  const frac = (m[3] ?? '').replace(/0+$/, '');
  const negative = m[1] === '-' && (int !== '0' || frac !== '');
  return { negative, int, frac };
}

/** Adds one unit in the last place of a digit string ("0999" -> "1000"). */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return '1' + out.join('');
}

export type RoundingMode = 'down' | 'half-up';

/**
 * Rounds to `places` decimals and always writes exactly that many ("1.5", 3 -> "1.500").
 * `down` cuts toward zero (balances: never show more than there is); `half-up` rounds away from
 * zero on a 5 (prices).
 */
export function toFixedDecimal(parts: DecimalParts, places: number, mode: RoundingMode): string {
  let int = parts.int;
  let frac = parts.frac.padEnd(places, '0').slice(0, places);
  if (mode === 'half-up' && (parts.frac[places] ?? '0') >= '5') {
    const bumped = incrementDigits(int + frac);
    int = bumped.slice(0, bumped.length - places) || '0';
    frac = places > 0 ? bumped.slice(bumped.length - places) : '';
  }
  const isZero = /^0*$/.test(int + frac);
  const sign = parts.negative && !isZero ? '-' : '';
  return sign + int + (places > 0 ? '.' + frac : '');
}

/** Inserts thousands separators into the integer part. */
export function groupThousands(fixed: string, separator = ','): string {
  const [intPart = '', fracPart] = fixed.split('.');
  const sign = intPart.startsWith('-') ? '-' : '';
  const digits = sign ? intPart.slice(1) : intPart;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return sign + grouped + (fracPart !== undefined ? '.' + fracPart : '');
}
