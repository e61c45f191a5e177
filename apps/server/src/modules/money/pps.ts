// PPS, and the daily part of PPS+: W / (D x k) x B x (1 - fee), per day.
import type { LedgerDecimal as Decimal } from '../ledger';
import { expectedBlocks, type DayMarket, type Num } from './market';

/** PPS before the fee: W / (D x k) x B. */
export function ppsGross(work: Num, market: DayMarket): Decimal {
  return expectedBlocks(work, market).times(market.blockSubsidy);
}
