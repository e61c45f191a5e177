// The wallet module's one door.
import type { WalletApi } from './wallet.module';
import { addressWallets } from './wallet.tables';

export { walletModule, type WalletApi } from './wallet.module';
export type { ChainAdapter } from './chain';

/** The columns other modules' tables may point their foreign keys at. */
export const walletRefs = {
  addressWalletId: () => addressWallets.id,
};

declare module '../../platform/modules' {
  interface ModuleApis {
    wallet: WalletApi;
  }
}
