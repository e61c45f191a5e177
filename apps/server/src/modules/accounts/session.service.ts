// Sessions: an opaque access token (ACCESS_TOKEN_TTL_SECONDS, 15 minutes by default) and a refresh token rotated on every use
// (SECURITY-CHECKLIST items 13-15). Both are 256-bit random strings stored as hashes. Refreshing
// spends the old refresh token in one conditional update; presenting a spent one again means it
// was stolen or replayed, and the whole family of sessions from that login is revoked.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Tokens } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { newToken, tokenHash } from '../../platform/random-tokens';
import * as repo from './accounts.repository';

export const REFRESH_TTL_SECONDS = 7 * 24 * 3600;
/** No session family outlives its login by more than this, however often it refreshes. */
export const ABSOLUTE_TTL_SECONDS = 30 * 24 * 3600;

export interface ClientInfo {
  ip: string;
  userAgent: string | undefined;
  /** Hash of the request's valid device id; null when it sent none or a malformed one (a new device at login). */
  deviceHash: string | null;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly accessTtlSeconds: number,
  ) {}

  private async create(userId: string, client: ClientInfo, family?: { id: string; absoluteExpiresAt: Date }): Promise<Tokens> {
    const now = this.clock.now().getTime();
    const absolute = family?.absoluteExpiresAt ?? new Date(now + ABSOLUTE_TTL_SECONDS * 1000);
    const refreshExpires = new Date(Math.min(now + REFRESH_TTL_SECONDS * 1000, absolute.getTime()));
    const token = newToken();
    const refresh = newToken();
    await repo.insertSession(this.db, {
      userId,
      familyId: family?.id ?? randomUUID(),
      accessHash: tokenHash(token),
      accessExpiresAt: new Date(now + this.accessTtlSeconds * 1000),
      refreshHash: tokenHash(refresh),
      refreshExpiresAt: refreshExpires,
      absoluteExpiresAt: absolute,
      deviceHash: client.deviceHash,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 512),
      createdAt: new Date(now),
    });
    return {
      token,
      refresh_token: refresh,
      expires_in: this.accessTtlSeconds,
      refresh_expires_in: Math.floor((refreshExpires.getTime() - now) / 1000),
    };
  }

  /** New tokens at login: a new family. */
  login(userId: string, client: ClientInfo): Promise<Tokens> {
    return this.create(userId, client);
  }

  async refresh(refreshToken: string, client: ClientInfo): Promise<Tokens> {
    const hash = tokenHash(refreshToken);
    const now = this.clock.now();
    const spent = await inTransaction(this.db, async (tx) => {
      const row = await repo.spendRefresh(tx, hash, now);
      if (row) return row;
      const known = await repo.findSessionByRefreshHash(tx, hash);
      // A rotated token shown again: someone holds a copy. End every session of that login.
      if (known?.rotatedAt && !known.revokedAt) await repo.revokeFamily(tx, known.familyId, now, 'refresh_reuse');
      return undefined;
    });
    if (!spent) throw new AppError('refresh_invalid');
    return this.create(spent.userId, client, { id: spent.familyId, absoluteExpiresAt: spent.absoluteExpiresAt });
  }

  /** Logout: the session's whole family ends on the server. */
  async logout(accessToken: string): Promise<void> {
    const row = await repo.findSessionByAccessHash(this.db, tokenHash(accessToken));
    if (row) await repo.revokeFamily(this.db, row.familyId, this.clock.now(), 'logout');
  }

  /** Ends every session of the user except the login `keepFamilyId` (the one making the change). */
  revokeAll(userId: string, reason: string, keepFamilyId?: string): Promise<void> {
    return repo.revokeUserSessions(this.db, userId, this.clock.now(), reason, keepFamilyId);
  }

  /**
   * Who is calling, from the bearer token. An expired access token answers 40001 (HTTP 400) so
   * the client refreshes; an unknown or revoked one is simply anonymous (and then 401 where a
   * route needs a user).
   */
  async resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const token = header.slice(7).trim();
    if (token.length < 16 || token.length > 128) return null;
    const session = await repo.findSessionByAccessHash(this.db, tokenHash(token));
    if (!session || session.revokedAt) return null;
    if (session.accessExpiresAt <= this.clock.now()) throw new AppError('token_expired');
    const [user, roles] = await Promise.all([repo.findUserById(this.db, session.userId), repo.rolesOf(this.db, session.userId)]);
    if (!user || user.status !== 'active') return null;
    return {
      userId: user.id,
      accountId: user.currentAccountId,
      permissions: [...new Set(roles.flatMap((r) => r.permissions))],
      isAdmin: roles.some((r) => r.isAdmin),
      sessionFamilyId: session.familyId,
    };
  }
}
