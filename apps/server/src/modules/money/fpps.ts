// FPPS: W / (D x k) x (B + F) x (1 - fee), per day.
import { LedgerDecimal as Decimal } from '../ledger';
import { expectedBlocks, type DayMarket, type Num } from './market';

/** FPPS before the fee: W / (D x k) x (B + F). */
export function fppsGross(work: Num, market: DayMarket): Decimal {
  return expectedBlocks(work, market).times(new Decimal(market.blockSubsidy).plus(market.avgFeesPerBlock));
}
