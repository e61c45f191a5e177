// The oauth module in the registry: an OAuth 2.1 / OpenID Connect provider for
// third-party applications, the consent screen's calls, the user's authorized applications, the
// operators' client registry, and the principal of an access token (read-only, granted sub-accounts).
import { trustProxyOption } from '../../config';
import { defineModule } from '../../platform/modules';
import { repeatEvery } from '../../platform/repeat';
import { SecretBox } from '../../platform/secret-box';
import { OAuthService } from './oauth.service';
import { oauthRoutes } from './oauth.routes';
import { createProvider } from './provider';

/** How often expired codes, tokens and sessions are deleted. */
const SWEEP_INTERVAL_MS = 60 * 60_000;

export interface OAuthApi {
  oauth: OAuthService;
}

export const oauthModule = defineModule({
  name: 'oauth',
  dependsOn: ['accounts'],
  create: async (p, use) => {
    const box = new SecretBox(p.keys.secretBox);
    const accounts = use('accounts');
    const holder: { service?: OAuthService } = {};
    const provider = await createProvider({
      issuer: p.config.OAUTH_ISSUER ?? `http://localhost:${p.config.PORT}/api/oidc`,
      db: p.db,
      clock: p.clock,
      box,
      cookieSecret: p.keys.secretBox,
      // As the server reads TRUST_PROXY (config.ts): empty or false trusts no proxy's headers.
      trustProxy: trustProxyOption(p.config.TRUST_PROXY) !== false,
      claimsOf: (userId, grantId) => holder.service!.claimsOf(userId, grantId),
    });
    holder.service = new OAuthService(p.db, p.clock, { provider, box, audit: p.audit, accounts });
    // A security change that ends the user's sessions ends the applications' access too.
    accounts.sessions.onEndAll((userId) => holder.service!.revokeAllOf(userId));
    return { oauth: holder.service };
  },
  routes: (api) => oauthRoutes(api.oauth),
  principal: (api) => (request) => api.oauth.resolvePrincipal(request),
  jobs: (api, p) => repeatEvery(SWEEP_INTERVAL_MS, () => api.oauth.sweep(), (error) => p.log.warn({ err: error }, 'oauth sweep failed')),
});
