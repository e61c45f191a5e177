// The chain's side of the ledger's custody check (ledger/reconciliation.ts): what each coin's
// chain holds, and what is under way between the chain and the ledger (withdrawals sent but not
// settled, deposits confirmed on the chain but not yet credited), which only the wallet knows.
import type { CustodySource } from '../ledger';
import type { ChainAdapter } from './chain';
import { custodyInTransit } from './wallet.repository';

export function walletCustody(chain: Pick<ChainAdapter, 'custody'>): CustodySource {
  return { held: (coins) => chain.custody(coins), inTransit: (db) => custodyInTransit(db) };
}
