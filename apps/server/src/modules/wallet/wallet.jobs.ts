// The wallet's background work: send and settle withdrawals and credit deposits every few
// seconds; once a day (after 01:00 UTC, when the day's earnings are settled) the automatic payouts
// and the reconciliation, whose mismatch is logged as an error and written to the audit log.
import type { FastifyBaseLogger } from 'fastify';
import { COINS } from '@hashpool/shared';
import type { Clock } from '../../platform/clock';
import type { WalletAdminService } from './wallet-admin.service';
import type { WalletService } from './wallet.service';
import type { WithdrawalProcessor } from './withdrawal-processor';

export interface WalletJobDeps {
  wallet: WalletService;
  admin: WalletAdminService;
  processor: WithdrawalProcessor;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/** One pass of the frequent work; tests call it directly. */
export async function walletTick(d: Pick<WalletJobDeps, 'processor'>): Promise<void> {
  await d.processor.sendPending();
  await d.processor.checkBroadcast();
  await d.processor.scanDeposits(COINS.map((c) => c.code));
}

export function startWalletJobs(d: WalletJobDeps): () => Promise<void> {
  let running: Promise<void> | undefined;
  let dailyDoneFor = '';
  const tick = async () => {
    await walletTick(d);
    const now = d.clock.now();
    const day = now.toISOString().slice(0, 10);
    if (day !== dailyDoneFor && now.getUTCHours() >= 1) {
      dailyDoneFor = day;
      const paid = await d.wallet.runPayouts(day);
      const report = await d.admin.dailyReconciliation();
      if (!report.ok) d.log.error({ unbalanced: report.unbalanced.length, balanceMismatches: report.balanceMismatches.length, custody: report.custody.filter((c) => !c.ok) }, 'ledger reconciliation mismatch');
      d.log.info({ paid, reconciled: report.ok }, 'daily payouts and reconciliation');
    }
  };
  const timer = setInterval(() => {
    if (running) return; // a slow pass is not overtaken by the next
    running = tick()
      .catch((error: unknown) => d.log.error({ err: error }, 'wallet job failed'))
      .finally(() => {
        running = undefined;
      });
  }, d.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
