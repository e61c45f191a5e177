// The accounts module's one door: what other modules may use of it.
import type { AccountsApi } from './accounts.module';
import { miningAccounts, users } from './accounts.tables';

export { accountsModule, type AccountsApi } from './accounts.module';
export { AccountDirectory, type AccountInviter, type AccountRecipient, type InviteeContact } from './directory.service';
export type { UserRow as User } from './accounts.repository';
export type { Verification } from './security.service';
export { DEMO_ACCOUNTS, DEMO_EMAIL } from './accounts.seed';
export { maskTarget } from './auth.service';

/** The columns other modules' tables may point their foreign keys at (and nothing else of these tables). */
export const accountRefs = {
  userId: () => users.id,
  miningAccountId: () => miningAccounts.id,
};

declare module '../../platform/modules' {
  interface ModuleApis { accounts: AccountsApi }
}
