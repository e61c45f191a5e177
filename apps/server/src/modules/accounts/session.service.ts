// Sessions: an opaque access token (ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default) and a refresh token rotated on every use
// (docs/security.md items 13-15 and 37). Both are 256-bit strings stored as hashes: random at
// login, and for a refreshed session an HMAC of the refresh token spent on it, under a server key.
// Refreshing spends the old refresh token in one conditional update and inserts its successor in
// the same transaction. The same token again within REFRESH_GRACE_SECONDS, from the same device
// (two tabs, a retry after a lost answer), gets the same successor, derived anew; any other use of
// a spent token means it was stolen or replayed, and the whole family of sessions from that login
// is revoked.
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/bearer';
import { OPERATOR_ROLES, type OperatorRole, type Tokens } from '@hashpool/shared';
import type { Db, DbOrTx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import type { ClientInfo } from '../../platform/request-context';
import { AppError } from '../../platform/errors';
import { newToken, tokenHash } from '../../platform/random-tokens';
import * as repo from './accounts.repository';

/** The operator roles among a user's roles (the admin flag counts as the admin role). */
export function operatorRolesOf(roles: ReadonlyArray<{ name: string; isAdmin: boolean }>): OperatorRole[] {
  return OPERATOR_ROLES.filter((r) => roles.some((x) => x.name === r || (r === 'admin' && x.isAdmin)));
}

export const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
/** No session family outlives its login by more than this, however often it refreshes. */
export const ABSOLUTE_TTL_SECONDS = 30 * 24 * 3600;
/**
 * A refresh token presented again this soon after it was spent, from the device that spent it,
 * gets the successor it was spent on instead of counting as reuse (as Auth0 and Okta do): two tabs
 * refreshing at once, or a retry after a lost answer, must not end the login.
 */
export const REFRESH_GRACE_SECONDS = 30;

interface TokenPair {
  token: string;
  refresh: string;
}


export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accessTtlSeconds: number,
    /** keys.refreshSuccessor: the same on every instance, so any of them can answer a duplicate. */
    private readonly successorKey: Buffer,
  ) {}

  /** The tokens of the session a refresh token is spent on: always the same for one token. */
  private successorOf(refreshToken: string): TokenPair {
    const derive = (label: string) => createHmac('sha256', this.successorKey).update(`${label}\n${refreshToken}`).digest('base64url');
    return { token: derive('access'), refresh: derive('refresh') };
  }

  private async create(db: DbOrTx, userId: string, client: ClientInfo, pair: TokenPair, family?: { id: string; absoluteExpiresAt: Date }): Promise<Tokens> {
    const now = this.clock.now().getTime();
    const absolute = family?.absoluteExpiresAt ?? new Date(now + ABSOLUTE_TTL_SECONDS * 1000);
    const refreshExpires = new Date(Math.min(now + REFRESH_TTL_SECONDS * 1000, absolute.getTime()));
    const row = await repo.insertSession(db, {
      userId,
      familyId: family?.id ?? randomUUID(),
      accessHash: tokenHash(pair.token),
      accessExpiresAt: new Date(now + this.accessTtlSeconds * 1000),
      refreshHash: tokenHash(pair.refresh),
      refreshExpiresAt: refreshExpires,
      absoluteExpiresAt: absolute,
      deviceHash: client.deviceHash,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512),
      createdAt: new Date(now),
    });
    return this.answer(pair, row);
  }

  private answer(pair: TokenPair, row: repo.SessionRow): Tokens {
    const now = this.clock.now().getTime();
    return {
      token: pair.token,
      refresh_token: pair.refresh,
      expires_in: Math.max(0, Math.floor((row.accessExpiresAt.getTime() - now) / 1000)),
      refresh_expires_in: Math.max(0, Math.floor((row.refreshExpiresAt.getTime() - now) / 1000)),
    };
  }

  /** New tokens at login: a new family. */
  login(userId: string, client: ClientInfo): Promise<Tokens> {
    return this.create(this.db, userId, client, { token: newToken(), refresh: newToken() });
  }

  async refresh(refreshToken: string, client: ClientInfo): Promise<Tokens> {
    const hash = tokenHash(refreshToken);
    const now = this.clock.now();
    const successor = this.successorOf(refreshToken);
    const tokens = await inTransaction(this.db, async (tx) => {
      const presented = await repo.findSessionByRefreshHash(tx, hash);
      if (!presented) return undefined;
      await repo.lockUserSessions(tx, presented.userId);
      const spent = await repo.spendRefresh(tx, hash, now);
      // A login an operator disabled gets no new tokens (its sessions were ended as well).
      if (spent && (await repo.findUserById(tx, spent.userId))?.loginDisabledAt) throw new AppError('login_disabled');
      if (spent) return this.create(tx, spent.userId, client, successor, { id: spent.familyId, absoluteExpiresAt: spent.absoluteExpiresAt });
      // Read again under the lock: a refresh of this token that we waited for has committed.
      const known = await repo.findSessionByRefreshHash(tx, hash);
      if (!known?.rotatedAt || known.revokedAt) return undefined;
      // The duplicate of a refresh just made (two tabs, a retry): the same successor, if it is
      // still the live end of the family and the same device asks. A client without a device id
      // gets no grace.
      const next = await repo.findSessionByAccessHash(tx, tokenHash(successor.token));
      const duplicate =
        now.getTime() - known.rotatedAt.getTime() <= REFRESH_GRACE_SECONDS * 1000 &&
        next !== undefined &&
        next.familyId === known.familyId &&
        !next.rotatedAt &&
        !next.revokedAt &&
        next.refreshExpiresAt > now &&
        client.deviceHash !== null &&
        next.deviceHash === client.deviceHash;
      if (duplicate) return this.answer(successor, next);
      // A rotated token shown again: someone holds a copy. End every session of that login.
      await repo.revokeFamily(tx, known.familyId, now, 'refresh_reuse');
      return undefined;
    });
    if (!tokens) throw new AppError('refresh_invalid');
    return tokens;
  }

  /** Logout: the session's whole family ends on the server. */
  async logout(accessToken: string): Promise<void> {
    const row = await repo.findSessionByAccessHash(this.db, tokenHash(accessToken));
    if (!row) return;
    await inTransaction(this.db, async (tx) => {
      await repo.lockUserSessions(tx, row.userId);
      await repo.revokeFamily(tx, row.familyId, this.clock.now(), 'logout');
    });
  }

  /** Ends every session of the user except the login `keepFamilyId` (the one making the change), and what other modules hold for the user (endLinked). */
  async revokeAll(userId: string, reason: string, keepFamilyId?: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      await repo.lockUserSessions(tx, userId);
      await repo.revokeUserSessions(tx, userId, this.clock.now(), reason, keepFamilyId);
    });
    await this.endLinked(userId);
  }

  private readonly linked: Array<(userId: string) => Promise<void>> = [];

  /**
   * Another module's ways into the account that must end with its sessions (the applications the
   * user authorized, modules/oauth): a security change that ends every other session (a password
   * changed or reset, an authenticator bound, removed or reset, a passkey removed, the account
   * cancelled) must leave no way in that a stolen session planted. A disabled login only pauses
   * them (AccountDirectory.maySignIn): it is an operator's stop, lifted as it was.
   */
  onEndAll(end: (userId: string) => Promise<void>): void {
    this.linked.push(end);
  }

  /** Ends what other modules hold for the user (after a change that ended every session). */
  async endLinked(userId: string): Promise<void> {
    for (const end of this.linked) await end(userId);
  }

  /**
   * Who is calling, from the bearer token. An expired access token answers 40001 (HTTP 400) so
   * the client refreshes; an unknown or revoked one is simply anonymous (and then 401 where a
   * route needs a user).
   */
  async resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    if (token.length < 16 || token.length > 128) return null;
    const session = await repo.findSessionByAccessHash(this.db, tokenHash(token));
    if (!session || session.revokedAt) return null;
    if (session.accessExpiresAt <= this.clock.now()) throw new AppError('token_expired');
    const [user, roles] = await Promise.all([repo.findUserById(this.db, session.userId), repo.rolesOf(this.db, session.userId)]);
    if (!user || user.status !== 'active' || user.loginDisabledAt) return null;
    return {
      userId: user.id,
      accountId: user.currentAccountId,
      permissions: [...new Set(roles.flatMap((r) => r.permissions))],
      isAdmin: roles.some((r) => r.isAdmin),
      operatorRoles: operatorRolesOf(roles),
      sessionFamilyId: session.familyId,
    };
  }
}
