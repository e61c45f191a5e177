// The daily methods' payment of a day's work: FPPS, or the PPS part of PPS+.
import type { PayMethod } from '@hashpool/shared';
import { earning, type Earning } from './fees';
import { fppsGross } from './fpps';
import type { DayMarket, Num } from './market';
import { ppsGross } from './pps';

/**
 * What a day's work W earns by a daily method, exact: FPPS, or the PPS part of PPS+; null for the
 * block-based methods (PPLNS, SOLO), which are paid per block. The daily settlement credits `exact`.
 */
export function dailyEarning(work: Num, method: PayMethod, market: DayMarket, feeRatePercent: Num): Earning | null {
  if (method === 'fpps') return earning(fppsGross(work, market), feeRatePercent);
  if (method === 'pps_plus') return earning(ppsGross(work, market), feeRatePercent);
  return null;
}
