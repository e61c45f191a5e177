// The observers module's one door.
import type { ObserversApi } from './observers.module';

export { observersModule, type ObserversApi } from './observers.module';

declare module '../../platform/modules' {
  interface ModuleApis { observers: ObserversApi }
}
