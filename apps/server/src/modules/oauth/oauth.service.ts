// The rules of the OAuth provider around oidc-provider: the operators' client registry, the
// consent screen (which sub-accounts an application may read), the user's authorized applications
// and their revocation, and what an access token lets its holder read.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/bearer';
import type Provider from 'oidc-provider';
import { isSubAccountName, OAUTH_SCOPES, type OAuthAuthorization, type OAuthClient, type OAuthClientCreated, type OAuthInteraction } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Principal } from '../../platform/access';
import type { AuditLog } from '../../platform/audit';
import type { ClientInfo } from '../../platform/request-context';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import type { AccountsApi } from '../accounts';
import * as repo from './oauth.repository';
import { permissionsForRoute } from './scopes';

/** The raw request and response of a consent call: the provider reads its cookie from them. */
export interface Browser {
  req: IncomingMessage;
  res: ServerResponse;
}

export interface OAuthDeps {
  provider: Provider;
  box: SecretBox;
  audit: AuditLog;
  accounts: AccountsApi;
}

const byScopeOrder = (scopes: Iterable<string>) => OAUTH_SCOPES.filter((s) => new Set(scopes).has(s));
const epoch = () => Math.floor(Date.now() / 1000);

export class OAuthService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: OAuthDeps,
  ) {}

  get provider(): Provider {
    return this.deps.provider;
  }

  // Operators: the client registry ------------------------------------------------------------------

  async registerClient(operatorId: string, input: { name: string; redirect_uris: string[]; scopes: string[] }): Promise<OAuthClientCreated> {
    const secret = randomBytes(32).toString('base64url');
    const row = await this.db.transaction(async (tx) => {
      const created = await repo.insertClient(tx, {
        id: `hp_${randomBytes(12).toString('base64url')}`,
        name: input.name,
        secretSealed: this.deps.box.seal(secret),
        redirectUris: [...new Set(input.redirect_uris)],
        scopes: byScopeOrder(input.scopes),
        createdBy: operatorId,
        createdAt: this.clock.now(),
      });
      await this.deps.audit.record({ adminUserId: operatorId, action: 'oauth_client_register', target: `oauth_client:${created.id}`, detail: { name: created.name, redirect_uris: created.redirectUris.join(' '), scopes: created.scopes.join(' ') } }, tx);
      return created;
    });
    return { ...presentClient({ ...row, authorizations: 0 }), secret, discovery_url: `${this.provider.issuer}/.well-known/openid-configuration` };
  }

  async clients(): Promise<OAuthClient[]> {
    return (await repo.listClients(this.db)).map(presentClient);
  }

  /** Disables a client: it can no longer authorize, and every authorization of it is revoked. */
  async disableClient(operatorId: string, clientId: string): Promise<void> {
    const row = await repo.disableClient(this.db, clientId, this.clock.now());
    if (!row) throw new AppError('not_found');
    await this.deps.audit.record({ adminUserId: operatorId, action: 'oauth_client_disable', target: `oauth_client:${clientId}`, detail: { name: row.name } });
    const authorizations = await repo.activeAuthorizationsOfClient(this.db, clientId);
    await this.revoke(authorizations.map((a) => a.id));
  }

  // The consent screen --------------------------------------------------------------------------------

  /**
   * The request waiting on the consent screen, read through the provider's signed interaction
   * cookie: a browser that did not start it (someone sent the user the link) cannot answer it.
   */
  private async interaction(uid: string, browser: Browser) {
    let interaction: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      interaction = await this.provider.interactionDetails(browser.req, browser.res);
    } catch {
      throw new AppError('oauth_interaction_not_found');
    }
    if (interaction.uid !== uid || interaction.result) throw new AppError('oauth_interaction_not_found');
    const clientId = String(interaction.params.client_id ?? '');
    const client = await repo.findClient(this.db, clientId);
    if (!client || client.disabledAt) throw new AppError('oauth_interaction_not_found');
    const allowed = new Set(['openid', 'offline_access', ...client.scopes]);
    const asked = String(interaction.params.scope ?? '').split(' ').filter((s) => allowed.has(s));
    return { interaction, client, scopes: byScopeOrder(asked) };
  }

  async interactionDetails(userId: string, uid: string, browser: Browser): Promise<OAuthInteraction> {
    const { client, scopes, interaction } = await this.interaction(uid, browser);
    const accounts = await this.deps.accounts.accounts.list(userId);
    return {
      uid,
      client: { id: client.id, name: client.name },
      scopes,
      redirect_host: new URL(String(interaction.params.redirect_uri)).host,
      accounts: accounts.map((a) => ({ id: a.id, name: a.name, is_current: a.is_current })),
    };
  }

  /**
   * The user's yes: a grant of the asked scopes for the chosen sub-accounts (at least one, all
   * the user's own). An earlier authorization of the same application is replaced. Answers where
   * the browser goes next (the provider's resume, which redirects to the application).
   */
  async consent(userId: string, uid: string, accountIds: string[], browser: Browser, client: ClientInfo): Promise<string> {
    const { interaction, client: app, scopes } = await this.interaction(uid, browser);
    const chosen = [...new Set(accountIds)];
    if (chosen.length === 0) throw new AppError('oauth_account_required');
    const own = new Set((await this.deps.accounts.accounts.list(userId)).map((a) => a.id));
    if (chosen.some((id) => !own.has(id))) throw new AppError('oauth_account_invalid');
    // Refused before anything is written (the demo account authorizes nothing).
    const user = await this.deps.accounts.security.user(userId);

    const grant = new this.provider.Grant({ accountId: userId, clientId: app.id });
    grant.addOIDCScope(scopes.join(' '));
    const grantId = await grant.save();
    // Consents of one user to one application take turns, so each replaces the one before: never two active.
    await inTransaction(this.db, async (tx) => {
      await repo.lockConsentsOf(tx, userId, app.id);
      const earlier = await repo.activeAuthorizationsOf(tx, userId, app.id);
      await repo.insertAuthorization(tx, { grantId, userId, clientId: app.id, scopes, accountIds: chosen, createdAt: this.clock.now() });
      await repo.revokeAuthorizations(tx, earlier.map((a) => a.id), this.clock.now());
    });
    // In the security log, and told by mail: an application reads the account until revoked.
    await this.deps.accounts.security.recordOutsideChange(user, 'oauth_authorize', client);

    interaction.result = { login: { accountId: userId }, consent: { grantId } };
    await interaction.save(Math.max(1, interaction.exp - epoch()));
    return interaction.returnTo;
  }

  /** The user's no: the application is told access_denied. */
  async deny(uid: string, browser: Browser): Promise<string> {
    const { interaction } = await this.interaction(uid, browser);
    interaction.result = { error: 'access_denied', error_description: 'The user refused the authorization.' };
    await interaction.save(Math.max(1, interaction.exp - epoch()));
    return interaction.returnTo;
  }

  // The user's authorized applications ---------------------------------------------------------------

  async authorizations(userId: string): Promise<OAuthAuthorization[]> {
    const rows = await repo.activeAuthorizationsOf(this.db, userId);
    const clients = await repo.clientsByIds(this.db, [...new Set(rows.map((r) => r.clientId))]);
    const names = await this.deps.accounts.directory.namesByIds(rows.flatMap((r) => r.accountIds));
    return rows.map((r) => ({
      id: r.id,
      client: { id: r.clientId, name: clients.get(r.clientId)?.name ?? r.clientId },
      scopes: r.scopes,
      accounts: r.accountIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
      created_at: r.createdAt.toISOString(),
    }));
  }

  async revokeOwn(userId: string, authorizationId: string, client: ClientInfo): Promise<void> {
    const rows = await repo.activeAuthorizationsOf(this.db, userId);
    if (!rows.some((r) => r.id === authorizationId)) throw new AppError('not_found');
    await this.revoke([authorizationId]);
    await this.deps.accounts.security.note(userId, 'oauth_revoke', client);
  }

  /** Every application the user authorized (a security change ended the user's sessions). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.revoke((await repo.activeAuthorizationsOf(this.db, userId)).map((a) => a.id));
  }

  /** Marks the authorizations revoked and destroys their grants with every code and token of them, at once. */
  private async revoke(ids: string[]): Promise<void> {
    await inTransaction(this.db, (tx) => repo.revokeAuthorizations(tx, ids, this.clock.now()));
  }

  // Resource access with an access token -------------------------------------------------------------

  /**
   * A bearer access token of the provider as a read-only principal: the user's, limited to the
   * granted sub-accounts and to the routes its scopes open (scopes.ts). Not one of ours: null.
   */
  async resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
    const value = bearerToken(request.headers.authorization);
    if (!value) return null;
    if (value.length < 32 || value.length > 128) return null;
    const token = await this.provider.AccessToken.find(value);
    if (!token?.grantId) return null;
    const authorization = await repo.findAuthorizationByGrant(this.db, token.grantId);
    if (!authorization || authorization.revokedAt || authorization.userId !== token.accountId) return null;
    // A user whose login is disabled, or who cancelled, reads nothing through an application either.
    if (!(await this.deps.accounts.directory.maySignIn(authorization.userId))) return null;
    const scopes = String(token.scope ?? '').split(' ').filter(Boolean);
    let permissions = permissionsForRoute(request.routeOptions.url ?? '', scopes);
    // A route reads one sub-account named in its path: it must be a granted one. A route naming
    // none (other than the token's own description) would read the user's current one: refused.
    const accountName = (request.params as Record<string, unknown> | undefined)?.account;
    if (typeof accountName === 'string') {
      // This runs before the input guard: a name no sub-account can have is granted by none, unlooked-up.
      const id = isSubAccountName(accountName) ? await this.deps.accounts.directory.idByName(accountName) : undefined;
      if (!id || !authorization.accountIds.includes(id)) permissions = [];
    } else if (request.routeOptions.url !== '/api/oauth/accounts') {
      permissions = [];
    }
    return {
      userId: authorization.userId,
      accountId: authorization.accountIds[0] ?? null,
      permissions: [],
      isAdmin: false,
      oauth: { authorizationId: authorization.id, clientId: authorization.clientId, scopes, accountIds: authorization.accountIds, permissions },
    };
  }

  async grantedAccounts(principal: Principal) {
    if (!principal.oauth) throw new AppError('oauth_token_required');
    const names = await this.deps.accounts.directory.namesByIds([...principal.oauth.accountIds]);
    return {
      client_id: principal.oauth.clientId,
      scopes: [...principal.oauth.scopes],
      accounts: principal.oauth.accountIds.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
    };
  }

  /**
   * The claims userinfo and ID tokens carry for a user (the subject is the user id), under the
   * grant `grantId` of the token asked about. The user name is the first sub-account granted to
   * the application, never the user's current one: that may be one it was not granted.
   */
  async claimsOf(userId: string, grantId?: string) {
    // No claims: the provider refuses the refresh and userinfo of a user who may not sign in.
    if (!(await this.deps.accounts.directory.maySignIn(userId))) return undefined;
    try {
      const authorization = grantId ? await repo.findAuthorizationByGrant(this.db, grantId) : undefined;
      // Nor for a grant whose authorization is gone or revoked (one left behind refreshes nothing).
      if (grantId && (!authorization || authorization.revokedAt || authorization.userId !== userId)) return undefined;
      const me = await this.deps.accounts.accounts.mine(userId);
      const granted = authorization?.accountIds[0];
      const name = granted ? (await this.deps.accounts.directory.namesByIds([granted])).get(granted) : undefined;
      return { preferred_username: name ?? me.email ?? me.id, ...(me.email ? { email: me.email, email_verified: true } : {}) };
    } catch {
      return undefined;
    }
  }

  /** Drops expired provider payloads (a job of the serving process). */
  async sweep(): Promise<void> {
    await repo.deleteExpiredPayloads(this.db, this.clock.now());
  }
}

function presentClient(row: repo.ClientRow & { authorizations: number }): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    redirect_uris: row.redirectUris,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
    authorizations: row.authorizations,
  };
}
