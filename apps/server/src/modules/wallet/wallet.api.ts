// The wallet module's API: its services by role, as other modules and the jobs reach them.
import type { AddressesService } from './addresses.service';
import type { CustodySource } from '../ledger';
import type { CoinChains } from './coin-chains';
import type { CoinLimits } from './coin-limits.service';
import type { DepositScanner } from './deposit-scanner';
import type { DepositsService } from './deposits.service';
import type { OutgoingChecks } from './outgoing-checks.service';
import type { PayoutsService } from './payouts.service';
import type { TransactionsService } from './transactions.service';
import type { TransfersService } from './transfers.service';
import type { WalletAdminService } from './wallet-admin.service';
import type { WithdrawalProcessor } from './withdrawal-processor';
import type { WithdrawalsService } from './withdrawals.service';

export interface WalletApi {
  limits: CoinLimits;
  /** The hold, the second factor and the pay password, the balance: what every outgoing movement passes. */
  checks: OutgoingChecks;
  addresses: AddressesService;
  withdrawals: WithdrawalsService;
  deposits: DepositsService;
  transfers: TransfersService;
  transactions: TransactionsService;
  payouts: PayoutsService;
  admin: WalletAdminService;
  processor: WithdrawalProcessor;
  depositScanner: DepositScanner;
  /** Each coin's chain (simulated, a wallet node or none). */
  chain: CoinChains;
  /** The chain's side of the ledger's custody check. */
  custody: CustodySource;
}
