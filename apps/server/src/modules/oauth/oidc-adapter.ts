// oidc-provider's persistence (its Adapter interface) backed by our database: one row per model
// and id in oauth_payloads, with the expiry, grant id, uid and user code as columns to look up by.
// Every instance reads the same rows, so an authorization started on one finishes on another.
// Clients are not payloads: the `Client` model reads the operators' registry (oauth_clients).
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { tokenHash } from '../../platform/random-tokens';
import type { SecretBox } from '../../platform/secret-box';
import * as repo from './oauth.repository';

/** The metadata oidc-provider reads for a registered client: confidential, code flow only. */
export function clientMetadata(row: repo.ClientRow, secretBox: SecretBox): AdapterPayload {
  return {
    client_id: row.id,
    client_secret: secretBox.open(row.secretSealed),
    client_name: row.name,
    redirect_uris: row.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
    // openid and offline_access are implied by the registration; the rest is what the operator allowed.
    scope: ['openid', 'offline_access', ...row.scopes].join(' '),
  };
}

/**
 * The models whose id is a bearer secret (the token or code itself): their rows are keyed by its
 * SHA-256 and keep no copy of it (the payload's `jti`, put back from the id asked for), so a read
 * of the database (a backup, a replica) yields no usable token (docs/security.md item 41). Other
 * models (sessions, interactions, grants) are found by uid too, which needs their `jti` stored.
 */
const SECRET_IDS = new Set(['AccessToken', 'RefreshToken', 'AuthorizationCode']);

/** As the first-party refresh (docs/security.md item 37): 30 seconds. */
const REFRESH_REUSE_GRACE_MS = 30_000;

export function adapterFactory(db: Db, clock: Clock, secretBox: SecretBox) {
  return (model: string): Adapter => {
    if (model === 'Client') {
      return {
        async find(id) {
          const row = await repo.findClient(db, id);
          return row && !row.disabledAt ? clientMetadata(row, secretBox) : undefined;
        },
        // Clients are registered in the admin area, never through the provider.
        async upsert() {},
        async findByUid() { return undefined; },
        async findByUserCode() { return undefined; },
        async consume() {},
        async destroy() {},
        async revokeByGrantId() {},
      };
    }
    const hashed = SECRET_IDS.has(model);
    const key = (id: string) => (hashed ? tokenHash(id) : id);
    const live = (row: repo.PayloadRow | undefined, id?: string): AdapterPayload | undefined => {
      if (!row || (row.expiresAt && row.expiresAt <= clock.now())) return undefined;
      // A refresh token used again within the grace window (a client's own retry or a second
      // request racing the first) is refused by the atomic consume below without the provider's
      // reuse alarm, which revokes the whole grant and so would end the one chain that won. Later,
      // a reuse is the alarm: the grant is revoked (RFC 9700 §4.14.2).
      const withinGrace = model === 'RefreshToken' && row.consumedAt && clock.now().getTime() - row.consumedAt.getTime() < REFRESH_REUSE_GRACE_MS;
      return { ...(row.payload as AdapterPayload), ...(hashed && id !== undefined ? { jti: id } : {}), ...(row.consumedAt && !withinGrace ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    };
    return {
      async upsert(id, payload, expiresIn) {
        const { jti: _secret, ...kept } = payload;
        await repo.upsertPayload(db, {
          model,
          id: key(id),
          payload: (hashed ? kept : payload) as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresAt: expiresIn ? new Date(clock.now().getTime() + expiresIn * 1000) : null,
        });
      },
      async find(id) {
        return live(await repo.findPayload(db, model, { id: key(id) }), id);
      },
      async findByUid(uid) {
        return live(await repo.findPayload(db, model, { uid }));
      },
      async findByUserCode(userCode) {
        return live(await repo.findPayload(db, model, { userCode }));
      },
      // Atomic: of concurrent uses of one refresh token or code, exactly one consumes it; the others
      // fail here, after the provider read it unconsumed, as a reuse does (invalid_grant), so no
      // second chain of tokens is ever issued (docs/security.md item 41).
      async consume(id) {
        if (!(await repo.consumePayload(db, model, key(id), clock.now()))) throw new errors.InvalidGrant(`${model === 'RefreshToken' ? 'refresh token' : 'grant'} already used`);
      },
      async destroy(id) {
        await repo.deletePayload(db, model, key(id));
      },
      // The provider revokes a grant when one of its codes or refresh tokens is used again (a sign
      // of a stolen one): its authorization ends with it, so the user's list of applications and
      // the operators' counts no longer show it as active.
      async revokeByGrantId(grantId) {
        await inTransaction(db, async (tx) => {
          await repo.revokeAuthorizationOfGrant(tx, grantId, clock.now());
          await repo.deletePayloadsOfGrant(tx, grantId);
        });
      },
    };
  };
}
