// The prices module's one door.
import type { PricesApi } from './prices.module';

export { pricesModule, type PricesApi } from './prices.module';

declare module '../../platform/modules' {
  interface ModuleApis { prices: PricesApi }
}
