// The content module's one door.
import type { ContentApi } from './content.module';

export { contentModule, type ContentApi } from './content.module';
export { listPools } from './content.service';

declare module '../../platform/modules' {
  interface ModuleApis { content: ContentApi }
}
