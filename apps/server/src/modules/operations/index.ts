// The operations module's one door.
import type { OperationsApi } from './operations.module';

export { operationsModule, type OperationsApi } from './operations.module';

declare module '../../platform/modules' {
  interface ModuleApis { operations: OperationsApi }
}
