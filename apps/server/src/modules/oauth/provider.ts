// The OpenID Connect provider (node-oidc-provider, a certified implementation): configuration and
// signing keys. Authorization code flow only, PKCE (S256) always, exact redirect URIs, refresh
// tokens rotated on every use, no implicit, hybrid, password or client-credentials grant
// (RFC 9700). Every authorization goes through our consent screen (/login/oauth/authorize), where
// the logged-in user picks the sub-accounts; the provider's own session never authorizes silently.
import { generateKeyPairSync, hkdfSync, randomUUID } from 'node:crypto';
import Provider, { interactionPolicy, type Configuration, type JWK } from 'oidc-provider';
import { OAUTH_SCOPES } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { SecretBox } from '../../platform/secret-box';
import { adapterFactory } from './oidc-adapter';
import * as repo from './oauth.repository';

/** Where the provider answers, under the API (discovery: <issuer>/.well-known/openid-configuration). */
export const OIDC_PREFIX = '/api/oidc';
/** The consent screen of the web app. */
export const CONSENT_PATH = '/login/oauth/authorize';
/**
 * Where the provider sends the browser first: our route that forwards to the consent screen. The
 * provider's signed interaction cookie is set for this path, so the consent screen's calls under
 * it carry that cookie and only the browser that started the request can answer it.
 */
export const INTERACTION_PATH = '/api/oauth/interaction';
/** Where the browser lands when the provider cannot send an error back to the application. */
export const ERROR_PATH = '/authredirect';

export const TTL = {
  AccessToken: 15 * 60,
  AuthorizationCode: 60,
  /** Rotated on every use: each new refresh token lives 30 days; revoking the app ends them all. */
  RefreshToken: 30 * 24 * 3600,
  Interaction: 15 * 60,
  Session: 15 * 60,
  Grant: 365 * 24 * 3600,
  IdToken: 15 * 60,
};

/** The signing key set: made once, sealed with the secret box, shared by every instance. */
export async function signingKeys(db: Db, clock: Clock, box: SecretBox): Promise<{ keys: JWK[] }> {
  const stored = await repo.findKeys(db);
  if (stored) return JSON.parse(box.open(stored)) as { keys: JWK[] };
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' } as JWK;
  const sealed = await repo.insertKeysOnce(db, box.seal(JSON.stringify({ keys: [jwk] })), clock.now());
  return JSON.parse(box.open(sealed)) as { keys: JWK[] };
}

export interface ProviderDeps {
  issuer: string;
  db: Db;
  clock: Clock;
  box: SecretBox;
  /** A secret of the server to derive the cookie signing key from. */
  cookieSecret: Buffer;
  trustProxy: boolean;
  /** The claims of a user (the subject is the user id). */
  /** `grantId`: the grant of the token the claims are for (its granted sub-accounts name the user). */
  claimsOf(userId: string, grantId?: string): Promise<{ preferred_username?: string; email?: string; email_verified?: boolean } | undefined>;
}

function consentAlwaysPolicy() {
  const { Check, base } = interactionPolicy;
  const policy = base();
  // Our consent screen is where the user chooses the sub-accounts; it runs for every request,
  // and it is also the login step (the web app's own session says who the user is).
  policy.get('login')!.checks.add(new Check('hashpool_login', 'the consent screen logs the user in', (ctx) => (ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)));
  policy.get('consent')!.checks.add(new Check('hashpool_accounts', 'the user picks the sub-accounts', (ctx) => (ctx.oidc.result?.consent ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)));
  return policy;
}

export async function createProvider(deps: ProviderDeps): Promise<Provider> {
  const cookieKey = Buffer.from(hkdfSync('sha256', deps.cookieSecret, 'hashpool', 'oauth-cookies', 32)).toString('base64url');
  const configuration: Configuration = {
    adapter: adapterFactory(deps.db, deps.clock, deps.box),
    jwks: await signingKeys(deps.db, deps.clock, deps.box),
    cookies: { keys: [cookieKey] },
    scopes: [...OAUTH_SCOPES],
    claims: { openid: ['sub'], profile: ['preferred_username'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, sub, token) {
      const claims = await deps.claimsOf(sub, token?.grantId);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      clientCredentials: { enabled: false },
      deviceFlow: { enabled: false },
      registration: { enabled: false },
      // The pool's API reads tokens as bearer tokens only (platform/bearer.ts): a DPoP-bound token
      // would lose its binding there, so none is issued.
      dPoP: { enabled: false },
    },
    pkce: { required: () => true },
    responseTypes: ['code'],
    allowOmittingSingleRegisteredRedirectUri: false,
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Browsers may call the token and userinfo endpoints from the application's own origin.
    clientBasedCORS: (_ctx, origin, client) => (client.redirectUris ?? []).some((uri) => new URL(uri).origin === origin),
    interactions: {
      url: (_ctx, interaction) => `${INTERACTION_PATH}/${encodeURIComponent(interaction.uid)}`,
      policy: consentAlwaysPolicy(),
    },
    // Errors that cannot go back to the application (a wrong redirect URI, an unknown client)
    // are shown by the web app, translated, instead of an HTML page of the provider.
    renderError: async (ctx, out) => {
      const query = new URLSearchParams({ error: String(out.error ?? 'server_error') });
      if (out.error_description) query.set('error_description', String(out.error_description).slice(0, 200));
      ctx.status = 303;
      ctx.redirect(`${ERROR_PATH}?${query.toString()}`);
    },
    ttl: { ...TTL },
  };
  const provider = new Provider(deps.issuer, configuration);
  provider.proxy = deps.trustProxy;
  return provider;
}
