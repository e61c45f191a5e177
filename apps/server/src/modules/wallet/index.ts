// The wallet module's one door.
import type { WalletApi } from './wallet.module';
import { addressWallets } from './wallet.tables';

export { walletModule, type WalletApi } from './wallet.module';
export type { ChainAdapter } from './chain';
export { addressWalletIdQuery, addressWalletIds } from './address-wallets';
// A user's amount in the coin's base unit, and amounts as text (staking and borrowing).
export { userAmount } from './amounts';
export { plain } from './wallet.presenter';

/** The columns other modules' tables may point their foreign keys at. */
export const walletRefs = { addressWalletId: () => addressWallets.id };

declare module '../../platform/modules' {
  interface ModuleApis { wallet: WalletApi }
}
