// The ledger module in the registry: the one double-entry ledger every module moves money through
// (post, postCredits, movement in the caller's transaction; balances; the system accounts) and its
// reconciliation. Its functions take the caller's database handle or transaction, so a module
// imports them from '../ledger' and posts in the transaction that writes its own rows; the API
// holds what runs on the module's own handle. No routes and no jobs: the wallet's operators
// screens and daily job run the reconciliation with the chain adapter's custody.
import { defineModule } from '../../platform/modules';
import { reconcile, type CustodySource, type ReconciliationReport } from './reconciliation';

export interface LedgerApi {
  /** Postings balance, cached balances equal their entries, custody (when given) equals the book. */
  reconcile(custodyOf?: CustodySource): Promise<ReconciliationReport>;
}

export const ledgerModule = defineModule({
  name: 'ledger',
  dependsOn: [],
  create: (p) => ({
    reconcile: (custodyOf) => reconcile(p.db, custodyOf, p.clock.now()),
  }),
});
