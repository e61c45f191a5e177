// Address mining's ledger holders: one wallet per (coin, address), made on the address's first
// earnings. Its id is what the ledger, the block payouts and the payments (withdrawals) name; its
// balance is paid to the address once a day when it reaches the coin's minimum payout
// (PayoutsService.runAddressPayouts).
import type { DbOrTx } from '../../db/client';
import { ensureAddressWallets } from './wallet.repository';

export { addressWalletIdQuery } from './wallet.repository';

/** The wallet ids of `addresses` of `coin`, making the missing ones. */
export async function addressWalletIds(db: DbOrTx, coin: string, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  return ensureAddressWallets(db, coin, [...new Set(addresses)]);
}
