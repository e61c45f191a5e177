// The ledger module's one door. Every money movement of every module is a posting through post()
// (in the caller's transaction) or postCredits() (many credits, set-based); LedgerDecimal is the
// server's one money decimal (80 digits).
import type { LedgerApi } from './ledger.module';

export { ledgerModule, type LedgerApi } from './ledger.module';
export {
  balanceOf,
  balancesOf,
  LedgerDecimal,
  movement,
  post,
  postAll,
  postCredits,
  SYSTEM,
  type Balance,
  type DecimalValue,
  type Entry,
  type PostingInput,
  type PostingResult,
} from './ledger';
// What users and operators read of it: a holder's movements and entries; and for modules that pay
// balances out, which holders reached a threshold.
export { availableAtLeast, movedSince, movementOf, pageEntries, pageMovements, postingOfKey, type MovementFilter, type MovementRow } from './ledger.repository';
export { custodyCheck, reconcile, type CustodySource, type ReconciliationReport } from './reconciliation';

declare module '../../platform/modules' {
  interface ModuleApis { ledger: LedgerApi }
}
