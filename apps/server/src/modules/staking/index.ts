// The staking module's one door.
import type { StakingApi } from './staking.module';

export { stakingModule, type StakingApi } from './staking.module';

declare module '../../platform/modules' {
  interface ModuleApis { staking: StakingApi }
}
