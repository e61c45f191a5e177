// PPLNS, and the block part of PPS+: a mature block's reward R (PPLNS) or its fees R - B (PPS+) is
// shared over the window, the pool's last N = PPLNS_WINDOW_FACTOR x D x k hashes of accepted work
// before the block: a payee with w of them gets R x w / N x (1 - fee). The mining history may
// select the points of a window (ordered, bounded); what they count is decided here, exactly.
import { PPLNS_WINDOW_FACTOR } from '@hashpool/shared';
import { LedgerDecimal as Decimal } from '../ledger';
import { keepFactor, type Earning } from './fees';
import { blockWork, type DayMarket, type Num } from './market';

/** The PPLNS window's size in hashes: PPLNS_WINDOW_FACTOR x D x k at the block's difficulty. */
export function pplnsWindowWork(market: Pick<DayMarket, 'networkDifficulty' | 'hashesPerDifficulty'>, factor: Num = PPLNS_WINDOW_FACTOR): Decimal {
  return blockWork(market).times(factor);
}

/** Accepted work of one owner (a sub-account id or an address) in one point of the history. */
export interface WorkSlice {
  owner: string;
  /** Hashes. */
  work: Num;
  /** When the point starts; the slices of one point are counted together. */
  start: Date;
  /** The point's length in seconds (600, 3600, 86400). */
  seconds: number;
}

export interface PplnsWindow {
  /** w per owner, in hashes (what the payout rows show). */
  credits: Map<string, Decimal>;
  /** N as filled: the window's size, or all the work there was when the pool has less. */
  total: Decimal;
  /**
   * w / N exactly, as parts of `whole`: each owner's w and N scaled by the same factor, so that no
   * division happens before the payment's one (windowShare). w / N = parts / whole.
   */
  parts: Map<string, Decimal>;
  whole: Decimal;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The window of the last `windowWork` hashes before a block found at `at`, from `slices` in any
 * order. A point the block fell in counts for its part before the block (work x elapsed / length);
 * points are taken newest first, whole while the window holds them, and the one that crosses the
 * window's end in the part that fills it exactly (each owner's work of it in that proportion).
 * When there is less work than the window, the window is all of it (each owner's share is then of
 * the work there is). Computed without dividing: each slice is weighed in 1/S hashes (S the
 * common multiple of the points' lengths in ms), and the crossing point's part scales the rest.
 */
export function pplnsWindow(slices: readonly WorkSlice[], windowWork: Num, at: Date): PplnsWindow {
  const size = new Decimal(windowWork);
  if (!size.gt(0)) throw new RangeError('the window must be positive');
  const scale = slices.reduce((lcm, s) => (lcm / gcd(lcm, s.seconds * 1000)) * s.seconds * 1000, 1);
  const points = new Map<number, Array<{ owner: string; weight: Decimal }>>();
  for (const slice of slices) {
    const work = new Decimal(slice.work);
    if (work.isNegative()) throw new RangeError('work cannot be negative');
    const start = slice.start.getTime();
    const length = slice.seconds * 1000;
    // The part before the block, in 1/scale hashes: work x elapsed (held to 0..length) x scale / length.
    const elapsed = Math.max(0, Math.min(length, at.getTime() - start));
    const point = points.get(start) ?? [];
    point.push({ owner: slice.owner, weight: work.times(elapsed).times(scale / length) });
    points.set(start, point);
  }
  const room = size.times(scale);
  const parts = new Map<string, Decimal>();
  const add = (owner: string, weight: Decimal) => parts.set(owner, (parts.get(owner) ?? new Decimal(0)).plus(weight));
  let filled = new Decimal(0);
  let whole: Decimal | null = null;
  for (const start of [...points.keys()].sort((a, b) => b - a)) {
    const point = points.get(start)!;
    const pointWeight = point.reduce((sum, s) => sum.plus(s.weight), new Decimal(0));
    if (pointWeight.isZero()) continue;
    if (filled.plus(pointWeight).lte(room)) {
      for (const s of point) add(s.owner, s.weight);
      filled = filled.plus(pointWeight);
      if (filled.eq(room)) break;
      continue;
    }
    // The point crossing the window's end counts (room - filled) / pointWeight of itself: every
    // part is scaled by pointWeight instead of dividing this one.
    const left = room.minus(filled);
    for (const [owner, weight] of parts) parts.set(owner, weight.times(pointWeight));
    for (const s of point) add(s.owner, s.weight.times(left));
    whole = room.times(pointWeight);
    break;
  }
  const denominator = whole ?? filled;
  const total = whole ? size : filled.div(scale);
  const credits = new Map<string, Decimal>();
  for (const [owner, part] of parts) credits.set(owner, denominator.isZero() ? new Decimal(0) : part.times(total).div(denominator));
  return { credits, total, parts, whole: denominator };
}

/**
 * One payee's part of `amount` over a window, exact: gross = amount x w / N, and after the fee
 * (w / N as the window's parts / whole, or work / total); one division each. The block settlement
 * pays each PPLNS and PPS+ payee this (amount: R, or R - B: blockShareable).
 */
export function windowShare(amount: Num, work: Num, windowTotal: Num, feeRatePercent: Num): Earning {
  const shared = new Decimal(amount).times(work);
  return { gross: shared.div(windowTotal), exact: shared.times(keepFactor(feeRatePercent)).div(windowTotal) };
}
