// The passkeys module's one door.
import type { PasskeysApi } from './passkeys.module';

export { passkeysModule, type PasskeysApi } from './passkeys.module';

declare module '../../platform/modules' {
  interface ModuleApis { passkeys: PasskeysApi }
}
