// The account a user has: profile and settings, permissions, and mining sub-accounts.
import { OPERATOR_ROLES, PERMISSIONS, TIMEZONES, type OperatorRole, type AccountItem, type UserMine } from '@hashpool/shared';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { inTransaction } from '../../db/transaction';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import * as repo from './accounts.repository';
import { DEFAULT_ROLE } from './auth.service';
import { operatorRolesOf } from './session.service';

/** Enough for a large farm split by site or customer; more is an operator's decision. */
export const MAX_SUB_ACCOUNTS = 200;

export const ROLE_DEFINITIONS = [
  { name: DEFAULT_ROLE, permissions: [...PERMISSIONS], isAdmin: false },
  { name: 'admin', permissions: [...PERMISSIONS], isAdmin: true },
  // Operator roles beyond admin (docs/security.md, Operator roles): no user permissions of their own.
  ...OPERATOR_ROLES.filter((r) => r !== 'admin').map((name) => ({ name, permissions: [] as string[], isAdmin: false })),
];


/** Until when a user's withdrawals wait; the accounts.withdrawalHolds extension point's type. */
export type WithdrawalHold = (user: repo.UserRow) => Promise<Date | null>;

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly currencies: () => Promise<string[]>,
    /** SECURITY_HOLD_HOURS: the withdrawal hold after a security change (docs/rules.md, Limits and constants). */
    private readonly securityHoldMs: number,
    /**
     * Until when withdrawals wait (shown as withdraw_hold_until): the wallet's rule, which also
     * knows the withdraw-address hold (an extension point: the wallet is built after this module
     * and registers into it).
     */
    private readonly withdrawHolds?: { readonly provider: WithdrawalHold | undefined },
  ) {}

  /** Without the wallet: the security-change hold alone. */
  private async withdrawHoldUntil(user: repo.UserRow): Promise<Date | null> {
    const hold = this.withdrawHolds?.provider;
    if (hold) return hold(user);
    const until = user.securityChangedAt ? new Date(user.securityChangedAt.getTime() + this.securityHoldMs) : null;
    return until && until > this.clock.now() ? until : null;
  }

  async mine(userId: string): Promise<UserMine> {
    const user = await repo.findUserById(this.db, userId);
    if (!user) throw new AppError('unauthorized');
    const account = user.currentAccountId ? await repo.findAccountOfUser(this.db, userId, user.currentAccountId) : undefined;
    const holdUntil = await this.withdrawHoldUntil(user);
    return {
      id: user.id,
      email: user.email,
      phone: user.phone ? `+${user.phoneCountry} ${user.phone}` : null,
      language: user.language,
      timezone: user.timezone,
      currency: user.currency,
      notify_email: user.notifyEmail,
      invite_code: user.inviteCode,
      has_totp: Boolean(user.totpSecret),
      has_pay_password: Boolean(user.payPasswordHash),
      is_demo: user.isDemo,
      current_account: account ? { id: account.id, name: account.name } : null,
      created_at: user.createdAt.toISOString(),
      withdraw_hold_until: holdUntil?.toISOString() ?? null,
    };
  }

  async updateSettings(userId: string, input: { timezone?: string | undefined; currency?: string | undefined; language?: string | undefined; notify_email?: string | null | undefined }): Promise<void> {
    const fields: Array<{ field: string; messageKey: string }> = [];
    if (input.timezone !== undefined && !TIMEZONES.includes(input.timezone)) fields.push({ field: 'body.timezone', messageKey: 'timezone' });
    if (input.currency !== undefined && !(await this.currencies()).includes(input.currency)) fields.push({ field: 'body.currency', messageKey: 'currency' });
    if (fields.length) throw new AppError('validation_failed', { fields });
    const values = Object.fromEntries(
      Object.entries({ timezone: input.timezone, currency: input.currency, language: input.language, notifyEmail: input.notify_email }).filter(([, v]) => v !== undefined),
    );
    if (Object.keys(values).length) await repo.updateUser(this.db, userId, values, this.clock.now());
  }

  async permissions(userId: string): Promise<{ permissions: string[]; is_admin: boolean; operator_roles: OperatorRole[] }> {
    const roles = await repo.rolesOf(this.db, userId);
    return { permissions: [...new Set(roles.flatMap((r) => r.permissions))].sort(), is_admin: roles.some((r) => r.isAdmin), operator_roles: operatorRolesOf(roles) };
  }

  async list(userId: string): Promise<AccountItem[]> {
    const [user, rows] = await Promise.all([repo.findUserById(this.db, userId), repo.listAccounts(this.db, userId)]);
    return rows.map((a) => ({
      id: a.id,
      name: a.name,
      created_at: a.createdAt.toISOString(),
      status: a.status,
      hidden: a.hidden,
      is_default: a.isDefault,
      is_current: a.id === user?.currentAccountId,
    }));
  }

  async create(userId: string, name: string): Promise<AccountItem> {
    const row = await inTransaction(this.db, async (tx) => {
      // Creations sent at once take turns: each counts the ones committed before it.
      await repo.lockAccountCreation(tx, userId);
      if ((await repo.countAccounts(tx, userId)) >= MAX_SUB_ACCOUNTS) throw new AppError('account_limit');
      if (await repo.accountNameExists(tx, name)) throw new AppError('account_name_taken');
      return repo.insertAccount(tx, { userId, name, createdAt: this.clock.now() });
    }).catch((error: unknown) => {
      // Two creations of one name at once: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError('account_name_taken');
      throw error;
    });
    return { id: row.id, name: row.name, created_at: row.createdAt.toISOString(), status: 'normal', hidden: false, is_default: false, is_current: false };
  }

  /**
   * The caller's sub-account of that name. Another user's account answers exactly like one that
   * does not exist, so names cannot be probed through other users' data.
   */
  async switchTo(userId: string, accountId: string): Promise<void> {
    const account = await repo.findAccountOfUser(this.db, userId, accountId);
    // Another user's account id answers exactly like a missing one.
    if (!account) throw new AppError('not_found');
    await repo.updateUser(this.db, userId, { currentAccountId: account.id }, this.clock.now());
  }

  async setHidden(userId: string, accountId: string, hidden: boolean): Promise<void> {
    if (!(await repo.setAccountHidden(this.db, userId, accountId, hidden))) throw new AppError('not_found');
  }
}
