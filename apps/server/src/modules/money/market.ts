// A coin's market of one day as the payout formulas use it, and the work one block takes.
import { LedgerDecimal as Decimal, type DecimalValue } from '../ledger';

/** An amount or a quantity of work: a decimal string, a number or a LedgerDecimal. */
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
