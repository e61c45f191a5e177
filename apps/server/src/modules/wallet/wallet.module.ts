// The wallet module in the registry: balances, withdraw addresses, withdrawals, deposits, internal
// transfers, transactions and automatic payout over the one ledger, the chain adapter, and the
// operators' review and corrections; its jobs send withdrawals, credit deposits and run the daily
// payouts and reconciliation.
import { defineModule } from '../../platform/modules';
import { JsonRpcChain, SimulatedChain, type ChainAdapter } from './chain';
import { WalletAdminService } from './wallet-admin.service';
import { startWalletJobs } from './wallet.jobs';
import { walletRoutes } from './wallet.routes';
import { seedWalletLimits } from './wallet.seed';
import { WalletService } from './wallet.service';
import { WithdrawalProcessor } from './withdrawal-processor';

/** Wrong pay passwords are counted over this window. */
const PAY_PASSWORD_WINDOW_MS = 15 * 60_000;

export interface WalletApi {
  wallet: WalletService;
  admin: WalletAdminService;
  processor: WithdrawalProcessor;
  chain: ChainAdapter;
}

export const walletModule = defineModule({
  name: 'wallet',
  dependsOn: ['accounts'],
  create: (p, use) => {
    const { config, db, clock } = p;
    const chain: ChainAdapter =
      config.CHAIN_ADAPTER === 'jsonrpc' ? new JsonRpcChain(JSON.parse(config.WALLET_RPC_URLS ?? '{}') as Record<string, string>) : new SimulatedChain(db, clock, p.keys.chain);
    const wallet = new WalletService({
      db,
      clock,
      chain,
      passwords: p.passwords,
      security: use('accounts').security,
      payPasswordFailures: p.failures('pay_password', PAY_PASSWORD_WINDOW_MS),
      addressHoldHours: config.WITHDRAW_ADDRESS_HOLD_HOURS,
      securityHoldHours: config.SECURITY_HOLD_HOURS,
      allowSimulatedAddresses: chain instanceof SimulatedChain,
    });
    return { wallet, admin: new WalletAdminService(db, clock, chain, { audit: p.audit, accounts: use('accounts').directory }), processor: new WithdrawalProcessor(db, clock, chain), chain };
  },
  routes: (api) => walletRoutes(api.wallet, api.admin),
  seed: (db) => seedWalletLimits(db),
  jobs: (api, p) => startWalletJobs({ ...api, db: p.db, clock: p.clock, log: p.log, intervalMs: p.config.WALLET_JOB_INTERVAL_SECONDS * 1000 }),
});
