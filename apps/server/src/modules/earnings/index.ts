// The earnings module's one door.
import type { EarningsApi } from './earnings.module';

export { earningsModule, type EarningsApi } from './earnings.module';
export type { MarketDataAdapter } from './market-data';
export type { ExactCredit } from './remainders';
export type { FeeReduction, FeeReductionProvider, FeeSaving, RecordFeeSavings, SavingsByDay } from './fee-reduction';
export { DEFAULT_FEE_RATES } from './earnings.seed';
export { MARKET_DATA_CHECK_MS } from './earnings.jobs';
export { SETTLE_AFTER_MS } from '@hashpool/shared';

declare module '../../platform/modules' {
  interface ModuleApis { earnings: EarningsApi }
}
