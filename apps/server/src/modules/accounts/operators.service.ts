// The operators' side of the accounts (docs/operator-guide.md, Users): find a user by
// email, phone or sub-account, read their security state and recent logins, disable or enable
// their login, reset their authenticator after an identity check, and grant operator roles.
// Every change is written to the audit log in the transaction that makes it.
import { OPERATOR_ROLES, type AdminUser, type OperatorRole } from '@hashpool/shared';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './accounts.repository';
import type { SecurityService } from './security.service';
import { operatorRolesOf, type SessionService } from './session.service';

const RECENT_LOGINS = 20;

export class OperatorDesk {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: { audit: AuditLog; sessions: SessionService; security: SecurityService },
  ) {}

  private async items(rows: repo.UserRow[]): Promise<AdminUser[]> {
    const ids = rows.map((u) => u.id);
    const [accounts, roles] = await Promise.all([repo.accountsOfUsers(this.db, ids), repo.roleNamesOfUsers(this.db, ids)]);
    return rows.map((u) => ({
      id: u.id,
      email: u.email,
      phone: u.phone ? `+${u.phoneCountry} ${u.phone}` : null,
      status: u.status,
      login_disabled: Boolean(u.loginDisabledAt),
      has_totp: Boolean(u.totpSecret),
      roles: operatorRolesOf(roles.filter((r) => r.userId === u.id)),
      accounts: accounts.filter((a) => a.userId === u.id).map((a) => a.name),
      created_at: u.createdAt.toISOString(),
    }));
  }

  /** `accountIds`: sub-accounts found by another module (a withdraw address), whose owners match too. */
  async search(q: string, accountIds: string[], page: number, pageSize: number): Promise<{ list: AdminUser[]; total: number }> {
    const { rows, total } = await repo.searchUsers(this.db, q, accountIds, (page - 1) * pageSize, pageSize);
    return { list: await this.items(rows), total };
  }

  async user(userId: string): Promise<repo.UserRow> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('operator_user_not_found');
    return user;
  }

  /** The user's page without the wallet's part: profile, sub-accounts, recent logins. */
  async profile(userId: string) {
    const user = await this.user(userId);
    const [[item], accounts, logins] = await Promise.all([this.items([user]), repo.accountsOfUsers(this.db, [userId]), repo.recentLoginEvents(this.db, userId, RECENT_LOGINS)]);
    return {
      row: user,
      user: item!,
      login_disabled_at: user.loginDisabledAt?.toISOString() ?? null,
      sub_accounts: accounts.map((a) => ({ id: a.id, name: a.name, status: a.status, created_at: a.createdAt.toISOString() })),
      recent_logins: logins.map((e) => ({ event: e.event, ip: e.ip, device: e.device, created_at: e.createdAt.toISOString() })),
    };
  }

  /** Disabling ends every session at once; login and refresh are refused until enabled again. */
  async setLoginDisabled(adminUserId: string, userId: string, disabled: boolean, reason: string): Promise<void> {
    if (adminUserId === userId && disabled) throw new AppError('operator_self_change');
    const user = await this.user(userId);
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      if (disabled) await this.keepAnAdmin(tx, userId);
      await repo.updateUser(tx, userId, { loginDisabledAt: disabled ? (user.loginDisabledAt ?? now) : null }, now);
      if (disabled) {
        await repo.lockUserSessions(tx, userId);
        await repo.revokeUserSessions(tx, userId, now, 'login_disabled');
      }
      await repo.recordEvent(tx, { userId, event: disabled ? 'login_disabled' : 'login_enabled', ip: 'operator', createdAt: now });
      await this.deps.audit.record({ adminUserId, action: disabled ? 'user_login_disable' : 'user_login_enable', target: `user:${userId}`, detail: { reason } }, tx);
    });
  }

  /**
   * After an identity check: the authenticator is removed, every session ends, the security
   * change starts the withdrawal hold (SECURITY_HOLD_HOURS, the wallet's hold), the user is told by email.
   */
  async resetTotp(adminUserId: string, userId: string, reason: string): Promise<void> {
    // An admin's own authenticator goes the user's way (with their second factor), not around it.
    if (adminUserId === userId) throw new AppError('operator_self_change');
    const user = await this.user(userId);
    if (!user.totpSecret) throw new AppError('totp_not_bound');
    const now = this.clock.now();
    await inTransaction(this.db, async (tx) => {
      await repo.updateUser(tx, userId, { totpSecret: null, totpPendingSecret: null, totpLastStep: null, securityChangedAt: now }, now);
      await repo.lockUserSessions(tx, userId);
      await repo.revokeUserSessions(tx, userId, now, 'totp_reset');
      await repo.recordEvent(tx, { userId, event: 'totp_reset', ip: 'operator', createdAt: now });
      await this.deps.audit.record({ adminUserId, action: 'user_totp_reset', target: `user:${userId}`, detail: { reason } }, tx);
    });
    await this.deps.sessions.endLinked(userId);
    await this.deps.security.alert(user, 'totp_reset', 'operator');
  }

  /**
   * Refuses a change that leaves no admin who can sign in (`userId` losing the role or its login):
   * each admin may change the other, and two doing so at once would lock everyone out of the
   * operators' area (only `admin:create` on the server would let anyone back in).
   */
  private async keepAnAdmin(tx: Tx, userId: string): Promise<void> {
    const roles = operatorRolesOf(await repo.rolesOf(tx, userId));
    if (roles.includes('admin') && (await repo.otherActiveAdmins(tx, userId)) === 0) throw new AppError('operator_last_admin');
  }

  /** Replaces the user's operator roles (their miner role stays). */
  async setRoles(adminUserId: string, userId: string, roles: OperatorRole[], reason: string): Promise<void> {
    if (adminUserId === userId && !roles.includes('admin')) throw new AppError('operator_self_change');
    await this.user(userId);
    const wanted = [...new Set(roles)].sort();
    await inTransaction(this.db, async (tx) => {
      const before = operatorRolesOf(await repo.rolesOf(tx, userId));
      if (before.includes('admin') && !wanted.includes('admin')) await this.keepAnAdmin(tx, userId);
      await repo.setOperatorRoles(tx, userId, wanted, OPERATOR_ROLES);
      await repo.recordEvent(tx, { userId, event: 'operator_roles', ip: 'operator', detail: { roles: wanted.join(',') }, createdAt: this.clock.now() });
      await this.deps.audit.record({ adminUserId, action: 'user_roles', target: `user:${userId}`, detail: { before: before.join(','), after: wanted.join(','), reason } }, tx);
    });
  }
}
