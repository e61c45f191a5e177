// The oauth module's one door.
import type { OAuthApi } from './oauth.module';

export { oauthModule, type OAuthApi } from './oauth.module';

declare module '../../platform/modules' {
  interface ModuleApis { oauth: OAuthApi }
}
