// The OAuth provider's tables. oidc-provider keeps its models (sessions, interactions,
// authorization codes, access and refresh tokens, grants) as JSON payloads by model and id through
// our adapter (oidc-adapter.ts), so they live in the database shared by every instance, on PGlite
// and PostgreSQL alike. Clients registered by operators, the signing keys and each user's
// authorization (which sub-accounts the application may read) are tables of their own.
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRefs } from '../accounts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** oidc-provider's models: one row per (model, id), deleted or ignored once expired. */
export const oauthPayloads = pgTable(
  'oauth_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oauth_payloads_grant_idx').on(t.grantId),
    index('oauth_payloads_uid_idx').on(t.uid),
    index('oauth_payloads_user_code_idx').on(t.userCode),
    index('oauth_payloads_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Applications registered by operators. The secret is sealed with the server's secret box
 * (AES-256-GCM under SECRETS_KEY), not hashed: oidc-provider compares client_secret_basic secrets
 * itself and needs the value; the database alone does not reveal it.
 */
export const oauthClients = pgTable(
  'oauth_clients',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdBy: uuid('created_by').references(accountRefs.userId),
    createdAt: ts('created_at').notNull(),
    disabledAt: ts('disabled_at'),
  },
);

/** The provider's signing keys (a JWK set), sealed with the secret box; made once, on first start. */
export const oauthKeys = pgTable('oauth_keys', {
  id: text('id').primaryKey(),
  jwksSealed: text('jwks_sealed').notNull(),
  createdAt: ts('created_at').notNull(),
});

/**
 * A user's consent to an application: the oidc-provider grant it made and the sub-accounts the
 * tokens of that grant may read. Revoking it destroys the grant and every token of it.
 */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    grantId: text('grant_id').notNull(),
    userId: uuid('user_id').notNull().references(accountRefs.userId),
    clientId: text('client_id').notNull().references(() => oauthClients.id),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    accountIds: jsonb('account_ids').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('oauth_authorizations_grant_idx').on(t.grantId),
    index('oauth_authorizations_user_idx').on(t.userId, t.createdAt),
    index('oauth_authorizations_client_idx').on(t.clientId),
  ],
);

