// The catalogue module's one door.
import type { CatalogueApi } from './catalogue.module';

export { catalogueModule, type CatalogueApi } from './catalogue.module';

declare module '../../platform/modules' {
  interface ModuleApis { catalogue: CatalogueApi }
}
