// The admin area's users: the accounts module's operator desk joined with the wallet's
// view of the same user (sub-accounts found by withdraw address, balances, withdrawals, the hold).
import type { AdminUserDetail } from '@hashpool/shared';
import type { AccountsApi } from '../accounts';
import type { WalletApi } from '../wallet';

export class OperatorUsers {
  constructor(private readonly deps: { accounts: AccountsApi; wallet: WalletApi }) {}

  async search(q: string, page: number, pageSize: number) {
    const byAddress = await this.deps.wallet.admin.accountsByAddress(q.trim());
    return this.deps.accounts.operators.search(q.trim(), byAddress, page, pageSize);
  }

  async detail(userId: string): Promise<AdminUserDetail> {
    const profile = await this.deps.accounts.operators.profile(userId);
    const [wallet, hold] = await Promise.all([this.deps.wallet.admin.userWallet(profile.sub_accounts), this.deps.wallet.checks.holdUntil(profile.row)]);
    return {
      user: profile.user,
      withdraw_hold_until: hold?.toISOString() ?? null,
      login_disabled_at: profile.login_disabled_at,
      sub_accounts: profile.sub_accounts,
      recent_logins: profile.recent_logins,
      ...wallet,
    };
  }
}
