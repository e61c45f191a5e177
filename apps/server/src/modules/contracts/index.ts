// The contracts module's one door.
import type { ContractsApi } from './contracts.module';

export { contractsModule, type ContractsApi } from './contracts.module';

declare module '../../platform/modules' {
  interface ModuleApis { contracts: ContractsApi }
}
