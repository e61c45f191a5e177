// The promotions module's one door.
import type { PromotionsApi } from './promotions.module';

export { promotionsModule, type PromotionsApi } from './promotions.module';

declare module '../../platform/modules' {
  interface ModuleApis { promotions: PromotionsApi }
}
