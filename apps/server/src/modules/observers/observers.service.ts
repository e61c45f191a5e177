// Observer links: the owner makes, lists, renames and revokes them; a visitor's token becomes a
// read-only principal bound to the link's one sub-account (docs/security.md, Observer links).
import type { FastifyRequest } from 'fastify';
import {
  OBSERVER_EXPIRY_MS,
  OBSERVER_LINKS_PER_ACCOUNT,
  OBSERVER_TOKEN_PARAM,
  observerApiRoutes,
  observerPermissionsOf,
  type ObserverCreateBody,
  type ObserverCreated,
  type ObserverInfo,
  type ObserverLink,
} from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/access';
import type { Clock } from '../../platform/clock';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../platform/errors';
import type { FailureCounter } from '../../platform/failure-counter';
import { newToken, tokenHash } from '../../platform/random-tokens';
import type { ClientInfo } from '../../platform/request-context';
import type { AccountsApi } from '../accounts';
import * as repo from './observers.repository';
import { presentInfo, presentLink, statusOf } from './observers.presenter';
import type { ObserverLinkRow } from './observers.tables';

/** Requests one link may make per minute (besides the per-address limit of every request). */
export const OBSERVER_REQUESTS_PER_MINUTE = 240;
/** An opening is written to the owner's security log at most this often per link. */
const USE_LOG_INTERVAL_MS = 3600_000;
/** The list shows this many of the user's links, newest first. */
const LIST_LIMIT = 200;
/** The shortest and longest token we look up (ours are 43 characters). */
const TOKEN_MIN = 32;
const TOKEN_MAX = 128;

type Client = Pick<ClientInfo, 'ip' | 'userAgent'>;

export class ObserversService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      directory: AccountsApi['directory'];
      security: AccountsApi['security'];
      /** The coin the sub-account mined last (the link opens on it), or null. */
      coinOf: (accountId: string) => Promise<string | null>;
      requests: FailureCounter;
    },
  ) {}

  async list(userId: string): Promise<ObserverLink[]> {
    const rows = await repo.linksOfUser(this.db, userId, LIST_LIMIT);
    const names = await this.deps.directory.namesByIds(rows.map((r) => r.accountId));
    const now = this.clock.now();
    return rows.map((r) => presentLink(r, names.get(r.accountId) ?? '', now));
  }

  async create(userId: string, body: ObserverCreateBody, client: Client): Promise<ObserverCreated> {
    const account = await this.deps.directory.owned(userId, body.account);
    const now = this.clock.now();
    const token = newToken(); // 256 random bits
    const lifetime = OBSERVER_EXPIRY_MS[body.expiry];
    // Count and insert under a lock of the sub-account's links, so that concurrent creations
    // cannot all see 19 and all insert (the limit holds however many arrive at once).
    const row = await inTransaction(this.db, async (tx) => {
      await repo.lockLinksOf(tx, account.id);
      if ((await repo.liveLinkCount(tx, account.id, now)) >= OBSERVER_LINKS_PER_ACCOUNT) {
        throw new AppError('observer_link_limit', { params: { max: String(OBSERVER_LINKS_PER_ACCOUNT) } });
      }
      return repo.insertLink(tx, {
      userId,
      accountId: account.id,
      nickname: body.nickname.trim(),
      permission: body.permission,
      expiry: body.expiry,
      tokenHash: tokenHash(token),
      tokenHint: token.slice(-4),
        expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
        createdAt: now,
      });
    });
    await this.deps.security.noteAndTell(userId, 'observer_link_created', client);
    return { link: presentLink(row, account.name, now), token };
  }

  async rename(userId: string, id: string, nickname: string): Promise<ObserverLink> {
    const row = await repo.renameLink(this.db, userId, id, nickname.trim());
    if (!row) throw new AppError('observer_link_not_found');
    return this.present(row);
  }

  async revoke(userId: string, id: string, client: Client): Promise<ObserverLink> {
    const revoked = await repo.revokeLink(this.db, userId, id, this.clock.now());
    if (revoked) {
      await this.deps.security.note(userId, 'observer_link_revoked', client);
      return this.present(revoked);
    }
    const existing = await repo.linkOfUser(this.db, userId, id);
    if (!existing) throw new AppError('observer_link_not_found');
    return this.present(existing); // already revoked: the same answer again
  }

  /**
   * Ends every live link of the user: a security change that ends their other sessions (a password
   * changed or reset, an authenticator changed, the account cancelled) leaves no way in that a
   * stolen session planted, a read-only link included (docs/security.md item 12).
   */
  async revokeAllOf(userId: string): Promise<void> {
    await repo.revokeLinksOfUser(this.db, userId, this.clock.now());
  }

  /** What a token may see (GET /users/observer/info); refuses an unknown, expired or revoked one, or one whose owner may not sign in. */
  async info(token: string): Promise<ObserverInfo> {
    const row = await this.live(token);
    return presentInfo(row, await this.accountName(row), await this.deps.coinOf(row.accountId));
  }

  /**
   * The principal of a request carrying an observer token (it overrides the authorization header),
   * or null without one. An unknown, expired or revoked token is refused with its own message
   * rather than falling back to the bearer token.
   */
  async resolvePrincipal(request: FastifyRequest): Promise<Principal | null> {
    const query = request.query as Record<string, unknown> | null | undefined;
    const value = query?.[OBSERVER_TOKEN_PARAM];
    if (value === undefined) return null;
    const token = Array.isArray(value) ? value[0] : value;
    if (typeof token !== 'string') throw new AppError('observer_link_invalid');
    const row = await this.live(token);
    if (!(await this.deps.requests.admit(row.id, OBSERVER_REQUESTS_PER_MINUTE))) throw new AppError('too_many_requests');
    await this.noteUse(row, { ip: request.ip, userAgent: request.headers['user-agent'] });
    return {
      userId: row.userId,
      accountId: row.accountId,
      permissions: [],
      isAdmin: false,
      operatorRoles: [],
      observer: {
        linkId: row.id,
        accountName: await this.accountName(row),
        permissions: observerPermissionsOf(row.permission),
        routes: observerApiRoutes(row.permission),
      },
    };
  }

  private async live(token: string): Promise<ObserverLinkRow> {
    if (token.length < TOKEN_MIN || token.length > TOKEN_MAX) throw new AppError('observer_link_invalid');
    const row = await repo.linkByTokenHash(this.db, tokenHash(token));
    if (!row) throw new AppError('observer_link_invalid');
    const status = statusOf(row, this.clock.now());
    if (status === 'revoked') throw new AppError('observer_link_revoked');
    if (status === 'expired') throw new AppError('observer_link_expired');
    // The owner's links stop with their login (disabled by an operator, or the user cancelled).
    if (!(await this.deps.directory.maySignIn(row.userId))) throw new AppError('observer_link_invalid');
    return row;
  }

  /** The owner's security log shows the link opened, at most once an hour per link. */
  private async noteUse(row: ObserverLinkRow, client: Client): Promise<void> {
    const now = this.clock.now();
    if (await repo.markUsed(this.db, row.id, now, new Date(now.getTime() - USE_LOG_INTERVAL_MS))) {
      await this.deps.security.note(row.userId, 'observer_view', client);
    }
  }

  private async accountName(row: ObserverLinkRow): Promise<string> {
    const name = await this.deps.directory.nameOf(row.accountId);
    if (!name) throw new AppError('observer_link_invalid');
    return name;
  }

  private async present(row: ObserverLinkRow): Promise<ObserverLink> {
    return presentLink(row, await this.accountName(row), this.clock.now());
  }
}
