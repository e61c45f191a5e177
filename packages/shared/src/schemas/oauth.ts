// OAuth 2.1 / OpenID Connect provider (docs/rules.md, OAuth): the scopes a third-party
// application may ask for, the consent screen's calls, the user's authorized applications and the
// operators' client registry.
import { z } from 'zod';
import { V } from '../validation';

/**
 * What an application may ask for (SPEC section 6: "username and email, user flow, transaction
 * information"). `openid` and `offline_access` are protocol scopes; `profile` and `email` are the
 * username and the email; `mining` the hashrate, workers and pool statistics of the granted
 * sub-accounts ("user flow"); `transactions` their earnings and payouts ("transaction information").
 */
export const OAUTH_SCOPES = ['openid', 'offline_access', 'profile', 'email', 'mining', 'transactions'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];
/** The scopes the consent screen names to the user (the protocol ones are implied). */
export const OAUTH_VISIBLE_SCOPES = ['profile', 'email', 'mining', 'transactions'] as const;

export const oauthInteractionParamsSchema = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, V.invalid) });

export const oauthInteractionSchema = z.object({
  uid: z.string(),
  client: z.object({ id: z.string(), name: z.string() }),
  /** The scopes asked, in OAUTH_SCOPES order. */
  scopes: z.array(z.string()),
  redirect_host: z.string(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), is_current: z.boolean() })),
});
export type OAuthInteraction = z.infer<typeof oauthInteractionSchema>;

export const oauthConsentBodySchema = z.strictObject({
  /** The sub-accounts the application may read: at least one. */
  account_ids: z.array(z.string().uuid(V.invalid)).max(100, V.tooBig),
});
export const oauthDecisionSchema = z.object({ redirect_to: z.string() });
export type OAuthDecision = z.infer<typeof oauthDecisionSchema>;

export const oauthAuthorizationSchema = z.object({
  id: z.string(),
  client: z.object({ id: z.string(), name: z.string() }),
  scopes: z.array(z.string()),
  accounts: z.array(z.object({ id: z.string(), name: z.string() })),
  created_at: z.string(),
});
export type OAuthAuthorization = z.infer<typeof oauthAuthorizationSchema>;
export const oauthAuthorizationListSchema = z.array(oauthAuthorizationSchema);
export const oauthAuthorizationParamsSchema = z.object({ id: z.string().uuid(V.invalid) });

/** What a resource call with an access token sees: the granted sub-accounts. */
export const oauthGrantedAccountsSchema = z.object({
  client_id: z.string(),
  scopes: z.array(z.string()),
  accounts: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const oauthRedirectUriSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(500, V.tooLong)
  .refine((value) => isAllowedRedirectUri(value), V.invalid);

/** Absolute https URL without a fragment; plain http only for loopback hosts (RFC 9700, 2.1). */
export function isAllowedRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#')) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export const oauthClientBodySchema = z.strictObject({
  name: z.string({ error: V.required }).trim().min(1, V.required).max(80, V.tooLong),
  redirect_uris: z.array(oauthRedirectUriSchema).min(1, V.required).max(10, V.tooBig),
  scopes: z.array(z.enum(OAUTH_VISIBLE_SCOPES, { error: V.invalid })).min(1, V.required),
});
export const oauthClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  redirect_uris: z.array(z.string()),
  scopes: z.array(z.string()),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
  /** Users holding an authorization of this client. */
  authorizations: z.number().int(),
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;
export const oauthClientListSchema = z.array(oauthClientSchema);
/** Answer of registering a client: the secret, shown this once. */
export const oauthClientCreatedSchema = oauthClientSchema.extend({
  secret: z.string(),
  /** The provider's discovery document (OAUTH_ISSUER), for the application's developer. */
  discovery_url: z.string(),
});
export type OAuthClientCreated = z.infer<typeof oauthClientCreatedSchema>;
export const oauthClientParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, V.invalid) });
