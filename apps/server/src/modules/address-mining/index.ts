// The address-mining module's one door.
import type { AddressMiningApi } from './address-mining.module';

export { addressMiningModule, type AddressMiningApi } from './address-mining.module';

declare module '../../platform/modules' {
  interface ModuleApis { 'address-mining': AddressMiningApi }
}
