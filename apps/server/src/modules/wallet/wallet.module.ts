// The wallet module in the registry: balances, withdraw addresses, withdrawals, deposits, internal
// transfers, transactions and automatic payout over the one ledger, the chain adapter, and the
// operators' review and corrections; its jobs send withdrawals, credit deposits and run the daily
// payouts and reconciliation.
import { isNetworkCoin } from '../../config';
import { defineModule } from '../../platform/modules';
import { AddressesService } from './addresses.service';
import { JsonRpcChain, SimulatedChain } from './chain';
import { CoinChains } from './coin-chains';
import { CoinLimits } from './coin-limits.service';
import { walletCustody } from './custody';
import { DepositScanner } from './deposit-scanner';
import { DepositsService } from './deposits.service';
import { OutgoingChecks } from './outgoing-checks.service';
import { PayoutsService } from './payouts.service';
import { TransactionsService } from './transactions.service';
import { TransfersService } from './transfers.service';
import { WalletAdminService } from './wallet-admin.service';
import { StuckPayments } from './stuck-payments';
import { startWalletJobs } from './wallet.jobs';
import { walletRoutes } from './wallet.routes';
import { seedWalletLimits } from './wallet.seed';
import { WithdrawalProcessor } from './withdrawal-processor';
import { WithdrawalsService } from './withdrawals.service';

export type { WalletApi } from './wallet.api';

/** Wrong pay passwords are counted over this window. */
const PAY_PASSWORD_WINDOW_MS = 15 * 60_000;


export const walletModule = defineModule({
  name: 'wallet',
  dependsOn: ['content', 'accounts'],
  create: (p, use) => {
    const { config, db, clock } = p;
    const { security, directory: accounts } = use('accounts');
    const chain = new CoinChains(
      (coin) => config.CHAIN_ADAPTERS[coin] ?? config.CHAIN_ADAPTER,
      new SimulatedChain(db, clock, p.keys.chain),
      new JsonRpcChain(config.WALLET_RPC_URLS, config.WALLET_RPC_TIMEOUT_SECONDS * 1000),
      config.WALLET_RPC_URLS,
    );
    // A coin without a chain has its deposits and withdrawals closed whatever its settings say.
    const limits = new CoinLimits(db, p.audit, { kindOf: chain.kindOf, network: (coin) => (isNetworkCoin(coin) ? (config.CHAIN_NETWORKS[coin] ?? 'mainnet') : null) });
    const checks = new OutgoingChecks({
      db,
      clock,
      accounts,
      security,
      passwords: p.passwords,
      payPasswordFailures: p.failures('pay_password', PAY_PASSWORD_WINDOW_MS),
      addressHoldHours: config.WITHDRAW_ADDRESS_HOLD_HOURS,
      securityHoldHours: config.SECURITY_HOLD_HOURS,
    });
    const withdrawals = new WithdrawalsService(db, clock, { limits, checks, security });
    // The accounts page shows the withdrawal hold, GET /pools the minimum withdrawal as the minimum payout.
    use('accounts').withdrawalHolds.register((user) => checks.holdUntil(user));
    use('content').minPayouts.register(() => limits.minWithdrawals());
    return {
      limits,
      checks,
      addresses: new AddressesService(db, clock, security, (coin) => chain.kindOf(coin) === 'simulated', p.config.CHAIN_NETWORKS),
      withdrawals,
      deposits: new DepositsService(db, clock, chain, limits),
      transfers: new TransfersService(db, clock, { checks, security, accounts }),
      transactions: new TransactionsService(db, { limits, accounts }),
      payouts: new PayoutsService(db, clock, { limits, checks, withdrawals, security, accounts }),
      admin: new WalletAdminService(db, clock, chain, { audit: p.audit, accounts, notifications: p.notifications, mailer: p.mailer }),
      processor: new WithdrawalProcessor(db, clock, chain, p.log, new StuckPayments({ db, clock, accounts, notifications: p.notifications, log: p.log })),
      depositScanner: new DepositScanner({ db, clock, chain, limits, accounts, notifications: p.notifications, log: p.log }),
      chain,
      custody: walletCustody(chain),
    };
  },
  routes: (api) => walletRoutes(api),
  seed: (db) => seedWalletLimits(db),
  jobs: (api, p) => startWalletJobs({ ...api, db: p.db, clock: p.clock, log: p.log, intervalMs: p.config.WALLET_JOB_INTERVAL_SECONDS * 1000 }),
});
