// The support module's one door.
import type { SupportApi } from './support.module';

export { supportModule, type SupportApi } from './support.module';

declare module '../../platform/modules' {
  interface ModuleApis { support: SupportApi }
}
