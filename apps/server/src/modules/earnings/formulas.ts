// The payout methods' formulas, pure (no database, no clock): the profit page shows them in every
// language with the same symbols, and the settlement computes with these functions.
//
//   W  accepted work of the sub-account, in hashes (share difficulty x k)
//   D  network difficulty of the day (market data), in the pool's difficulty unit
//   k  hashes per difficulty of the coin (2^32 for SHA-256d)
//   B  block subsidy; F  the network's average transaction fees per block (market data of the day)
//   R  a pool block's whole reward (subsidy + its fees); R - B its fees
//   N  the PPLNS window: the pool's last PPLNS_WINDOW_FACTOR x D x k hashes of accepted work
//      before the block; w the sub-account's work in it
//   fee  the fee rate of the coin and method, in percent
//
//   PPS    W / (D x k) x B x (1 - fee)                    (per day; part of PPS+)
//   FPPS   W / (D x k) x (B + F) x (1 - fee)              (per day)
//   PPS+   PPS, plus for each pool block once mature: (R - B) x w / N x (1 - fee)
//   PPLNS  for each pool block once mature: R x w / N x (1 - fee); an orphaned block pays nothing
//   SOLO   for each block the sub-account found, once mature: R x (1 - fee)
//
// Each payment is cut (rounded down) to the coin's base unit (the satoshi: CoinInfo.baseDecimals;
// the ledger holds whole base units), and what the cut leaves is not kept by the pool: it is
// carried into the same account's next payment of the coin (creditWithCarry; the settlements keep
// each account's fraction in credit_remainders, earnings/remainders.ts). The PPS part of PPS+ and
// its block parts are separate payments, each cut on its own with the carry. The display precision
// (CoinInfo.precision) is for display only. `decimals` below is the base unit's; the settlements
// take the exact (uncut) values (dailyEarning, windowShare, soloShare) and cut them with the carry.
//
//   reduction  a fee reduction of the sub-account, coin and day, in percent of the fee (a 20 %
//              coupon turns a 2.5 % fee into 2 %): feeAfterReduction
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';
import { PPLNS_WINDOW_FACTOR, type PayMethod } from '@hashpool/shared';

export type Num = DecimalValue;

/** The market of one coin and day, as the formulas use it. */
export interface DayMarket {
  /** D */
  networkDifficulty: Num;
  /** k */
  hashesPerDifficulty: Num;
  /** B */
  blockSubsidy: Num;
  /** F */
  avgFeesPerBlock: Num;
}

const ZERO = new Decimal(0);

/** Rounds down (toward zero) to `decimals` (the coin's base unit). */
export function cut(value: Num, decimals: number): Decimal {
  return new Decimal(value).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
}


/**
 * One payment with the account's carried fraction: the exact amount plus the fraction its earlier
 * payments left, cut down to the base unit; `carry` is what this cut leaves (at least 0, below one
 * unit), for the next payment. Over any number of payments, what is paid plus the last carry is
 * exactly what was earned: no rounding keeps a fraction of anyone's money.
 */
export function creditWithCarry(exact: Num, carried: Num, decimals: number): { credit: Decimal; carry: Decimal } {
  const total = new Decimal(exact).plus(carried);
  if (total.isNegative()) throw new RangeError('a credit cannot be negative');
  const credit = total.toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { credit, carry: total.minus(credit) };
}

/**
 * The fee rate a sub-account pays, in percent: the coin and method's rate less its reduction, a
 * percent of the fee held to 0..100 (2.5 with a 20 % reduction: 2.5 x (1 - 20/100) = 2). Both
 * settlements price every payment with it.
 */
export function feeAfterReduction(feeRatePercent: Num, reductionPercent: Num = 0): Decimal {
  const reduction = Decimal.min(100, Decimal.max(0, reductionPercent));
  return new Decimal(feeRatePercent).times(new Decimal(1).minus(reduction.div(100)));
}

/** A payment before and after the fee, both exact (uncut): what a settlement stores and credits. */
export interface Earning {
  /** Before the fee. */
  gross: Decimal;
  /** gross x (1 - fee), uncut: credited with the holder's carried fraction (creditWithCarry). */
  exact: Decimal;
}

/** 1 - fee, for a fee rate in percent ("2.5" -> 0.975). */
export function keepFactor(feeRatePercent: Num): Decimal {
  const fee = new Decimal(feeRatePercent);
  if (fee.isNegative() || fee.gte(100)) throw new RangeError(`fee rate out of range: ${fee.toFixed()}`);
  return new Decimal(1).minus(fee.div(100));
}

/** Hashes one block takes on average: D x k. */
export function blockWork(market: Pick<DayMarket, 'networkDifficulty' | 'hashesPerDifficulty'>): Decimal {
  const work = new Decimal(market.networkDifficulty).times(market.hashesPerDifficulty);
  if (!work.gt(0)) throw new RangeError('network difficulty and hashes per difficulty must be positive');
  return work;
}

/** W / (D x k): how many blocks the work is worth on average. */
export function expectedBlocks(work: Num, market: Pick<DayMarket, 'networkDifficulty' | 'hashesPerDifficulty'>): Decimal {
  const w = new Decimal(work);
  if (w.isNegative()) throw new RangeError('work cannot be negative');
  return w.div(blockWork(market));
}

/** gross x (1 - fee), uncut. */
export function afterFee(gross: Num, feeRatePercent: Num): Decimal {
  return new Decimal(gross).times(keepFactor(feeRatePercent));
}

/** PPS before the fee: W / (D x k) x B. */
export function ppsGross(work: Num, market: DayMarket): Decimal {
  return expectedBlocks(work, market).times(market.blockSubsidy);
}

/** FPPS before the fee: W / (D x k) x (B + F). */
export function fppsGross(work: Num, market: DayMarket): Decimal {
  return expectedBlocks(work, market).times(new Decimal(market.blockSubsidy).plus(market.avgFeesPerBlock));
}

/** PPS: W / (D x k) x B x (1 - fee); cut to `decimals` when given (without the carry), else exact. */
export function ppsEarning(work: Num, market: DayMarket, feeRatePercent: Num, decimals?: number): Decimal {
  const exact = afterFee(ppsGross(work, market), feeRatePercent);
  return decimals === undefined ? exact : cut(exact, decimals);
}

/** FPPS: W / (D x k) x (B + F) x (1 - fee); cut to `decimals` when given (without the carry), else exact. */
export function fppsEarning(work: Num, market: DayMarket, feeRatePercent: Num, decimals?: number): Decimal {
  const exact = afterFee(fppsGross(work, market), feeRatePercent);
  return decimals === undefined ? exact : cut(exact, decimals);
}

/**
 * What a day's work W earns by a daily method, exact: FPPS, or the PPS part of PPS+; null for the
 * block-based methods (PPLNS, SOLO), which are paid per block. The daily settlement credits `exact`.
 */
export function dailyEarning(work: Num, method: PayMethod, market: DayMarket, feeRatePercent: Num): Earning | null {
  let gross: Decimal;
  if (method === 'fpps') gross = fppsGross(work, market);
  else if (method === 'pps_plus') gross = ppsGross(work, market);
  else return null;
  return { gross, exact: afterFee(gross, feeRatePercent) };
}

/** The PPLNS window's size in hashes: PPLNS_WINDOW_FACTOR x D x k at the block's difficulty. */
export function pplnsWindowWork(market: Pick<DayMarket, 'networkDifficulty' | 'hashesPerDifficulty'>, factor: Num = PPLNS_WINDOW_FACTOR): Decimal {
  return blockWork(market).times(factor);
}

/** Accepted work of one owner (a sub-account id) in a stretch of time: a share, or a 10-minute bucket. */
export interface WorkSlice {
  owner: string;
  work: Num;
}

export interface PplnsWindow {
  /** w per owner. */
  credits: Map<string, Decimal>;
  /** N as filled: the window's size, or all the work there was when the pool has less. */
  total: Decimal;
}

/**
 * The window of the last shares before a block: `slices` in time order (oldest first, the last one
 * ending at the block), taken newest first until `windowWork` hashes; the oldest slice counted is
 * counted in part so the window holds exactly `windowWork`. When the pool has less work than that,
 * the window is all of it (each owner's share is then of the work there is).
 */
export function pplnsWindow(slices: readonly WorkSlice[], windowWork: Num): PplnsWindow {
  const size = new Decimal(windowWork);
  if (!size.gt(0)) throw new RangeError('the window must be positive');
  const credits = new Map<string, Decimal>();
  let total = ZERO;
  for (let i = slices.length - 1; i >= 0 && total.lt(size); i--) {
    const slice = slices[i]!;
    const work = new Decimal(slice.work);
    if (work.isNegative()) throw new RangeError('work cannot be negative');
    const counted = Decimal.min(work, size.minus(total));
    if (counted.isZero()) continue;
    credits.set(slice.owner, (credits.get(slice.owner) ?? ZERO).plus(counted));
    total = total.plus(counted);
  }
  return { credits, total };
}

export type BlockStatus = 'pending' | 'confirmed' | 'orphaned';

/** A block the pool found, as the block-based methods use it. */
export interface PoolBlock {
  /** R: subsidy and fees as the chain paid them. */
  reward: Num;
  /** B of the block's day (market data). */
  subsidy: Num;
  /** confirmed = mature. Pending blocks pay nothing yet; orphaned ones never. */
  status: BlockStatus;
  /** The sub-account (or address) whose worker found it. */
  finder: string;
}

/** What a block shares out: its whole reward (PPLNS), or its fees R - B (PPS+), once mature. */
export function blockShareable(block: PoolBlock, part: 'reward' | 'fees'): Decimal {
  if (block.status !== 'confirmed') return ZERO;
  const reward = new Decimal(block.reward);
  return part === 'reward' ? reward : Decimal.max(reward.minus(block.subsidy), ZERO);
}

/**
 * One payee's part of `amount` over a window, exact: gross = amount x w / N, and after the fee.
 * The block settlement pays each PPLNS and PPS+ payee this (amount: R, or R - B).
 */
export function windowShare(amount: Num, work: Num, windowTotal: Num, feeRatePercent: Num): Earning {
  const gross = new Decimal(amount).times(work).div(windowTotal);
  return { gross, exact: afterFee(gross, feeRatePercent) };
}

/**
 * Each payee's part of `amount` over a window: amount x w / N x (1 - fee), cut to `decimals`
 * (without the carry). Only owners in `payees` are paid (the window also holds the work of sub-accounts on
 * other methods; their part stays with the pool, which paid them by PPS or FPPS already).
 */
export function pplnsPayouts(amount: Num, window: PplnsWindow, feeRatePercent: Num, decimals: number, payees?: ReadonlySet<string>): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  const value = new Decimal(amount);
  if (value.isZero() || window.total.isZero()) return out;
  for (const [owner, work] of window.credits) {
    if (payees && !payees.has(owner)) continue;
    const paid = cut(windowShare(value, work, window.total, feeRatePercent).exact, decimals);
    if (paid.gt(0)) out.set(owner, paid);
  }
  return out;
}

/** PPLNS for one block: R x w / N x (1 - fee) per payee; nothing unless the block is mature. */
export function pplnsBlockPayouts(block: PoolBlock, window: PplnsWindow, feeRatePercent: Num, decimals: number, payees?: ReadonlySet<string>): Map<string, Decimal> {
  return pplnsPayouts(blockShareable(block, 'reward'), window, feeRatePercent, decimals, payees);
}

/** The PPLNS part of PPS+ for one block: (R - B) x w / N x (1 - fee) per payee, once mature. */
export function ppsPlusBlockPayouts(block: PoolBlock, window: PplnsWindow, feeRatePercent: Num, decimals: number, payees?: ReadonlySet<string>): Map<string, Decimal> {
  return pplnsPayouts(blockShareable(block, 'fees'), window, feeRatePercent, decimals, payees);
}

/** SOLO, exact: the finder's R before and after the fee once the block is mature; an orphan pays nothing. */
export function soloShare(block: PoolBlock, feeRatePercent: Num): Earning {
  const gross = blockShareable(block, 'reward');
  return { gross, exact: afterFee(gross, feeRatePercent) };
}

/** SOLO: the finder gets R x (1 - fee) once the block is mature, cut to `decimals`; an orphan pays nothing. */
export function soloPayout(block: PoolBlock, feeRatePercent: Num, decimals: number): { owner: string; amount: Decimal } {
  return { owner: block.finder, amount: cut(soloShare(block, feeRatePercent).exact, decimals) };
}
