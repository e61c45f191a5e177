// The wallet module's one door.
import type { WalletApi } from './wallet.module';
import { addressWallets } from './wallet.tables';

export { walletModule, type WalletApi } from './wallet.module';
export type { ChainAdapter } from './chain';
// The one ledger: every money movement of every module is a posting through post() or postCredits().
export { balanceOf, balancesOf, LedgerDecimal, type DecimalValue, movement, post, postCredits, SYSTEM, type Balance, type PostingInput, type PostingResult } from './ledger';
export { addressWalletIds } from './address-wallets';
// Staking and borrowing (issue 17): two-entry postings, a user's amount in the coin's base unit, amounts as text.
export type { Entry } from './ledger';
export { userAmount } from './amounts';
export { plain } from './wallet.presenter';

/** The columns other modules' tables may point their foreign keys at. */
export const walletRefs = { addressWalletId: () => addressWallets.id };

declare module '../../platform/modules' {
  interface ModuleApis { wallet: WalletApi }
}
