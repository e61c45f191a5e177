// The wallet's background work: send and settle withdrawals and credit deposits every few
// seconds; once a day (after DAILY_FROM_UTC_HOUR, when the day before is settled) the automatic payouts
// (sub-accounts' settings, and address mining's addresses above the coin's minimum) and the reconciliation, whose mismatch is logged as an error and written to the audit log
// (a custody mismatch only if it stays after a wallet pass: afterAPass).
// With several instances, the one that takes a pass's lease does it; the daily part runs once a
// day in all: under a short lease renewed while it runs (so a process killed mid-run lets another
// pass take the day up again within a minute), and a mark kept past the day's end once it is done.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { COINS } from '@hashpool/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { acquireLease, ifLeaseFree, leaseHeld, underLease } from '../../platform/leases';
import { repeatEvery } from '../../platform/repeat';
import { runEach } from '../../platform/run-each';
import type { WalletAdminService } from './wallet-admin.service';
import type { PayoutsService } from './payouts.service';
import type { DepositScanner } from './deposit-scanner';
import type { WithdrawalProcessor } from './withdrawal-processor';

export interface WalletJobDeps {
  db: Db;
  payouts: PayoutsService;
  admin: WalletAdminService;
  processor: WithdrawalProcessor;
  depositScanner: DepositScanner;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs: number;
}

/**
 * One pass of the frequent work; tests call it directly. Every step runs even when an earlier one
 * failed (sending must not stop settling or crediting); the failures are thrown after the last
 * step, the first alone or all together, for the job to log.
 */
export async function walletTick(d: Pick<WalletJobDeps, 'processor' | 'depositScanner'>): Promise<void> {
  const steps: Array<[string, () => Promise<unknown>]> = [
    ['send', () => d.processor.sendPending()],
    ['check', () => d.processor.checkBroadcast()],
    ['deposits', () => d.depositScanner.scan(COINS.map((c) => c.code))],
  ];
  await runEach('wallet steps', steps, ([, run]) => run(), ([step]) => step);
}

const PASS_LEASE_MS = 10_000;

/**
 * Runs a check after a wallet pass of its own, holding the pass's lease (waiting up to a minute
 * for a pass under way, on this instance or another): the database has caught up with the nodes,
 * and no send, settlement or credit of the wallet happens while the check reads both. The pass's
 * own failure (a node down) is logged and the check still runs; a check that cannot run (the
 * lease stays taken, a node does not answer) is logged and thrown.
 */
export function afterAPass(d: Pick<WalletJobDeps, 'db' | 'processor' | 'depositScanner' | 'log'>) {
  return <T>(check: () => Promise<T>): Promise<T> =>
    underLease(d.db, 'job:wallet', { ttlMs: PASS_LEASE_MS, waitMs: 60_000, pollMs: 500 }, async () => {
      await walletTick(d).catch((error: unknown) => d.log.warn({ err: error }, 'wallet: the pass before the custody recheck failed'));
      return check();
    }).catch((error: unknown) => {
      d.log.warn({ err: error }, 'wallet: the custody recheck could not run; the first finding stands');
      throw error;
    });
}
/**
 * The daily part runs from 02:00 UTC: after the settlement of the day before (from 01:05 UTC,
 * earnings.jobs.ts SETTLE_AFTER_MS, which waits for shares up to an hour old), so that payouts
 * include it.
 */
export const DAILY_FROM_UTC_HOUR = 2;

/** Whether the daily part is due at `now`, done last for the UTC day `doneFor`. */
export function dailyPartDue(now: Date, doneFor: string): boolean {
  return now.toISOString().slice(0, 10) !== doneFor && now.getUTCHours() >= DAILY_FROM_UTC_HOUR;
}
/** The daily part's run: renewed while it runs, so a killed run frees the day within a minute. */
const DAILY_RUN_LEASE_MS = 60_000;
/** The mark that the day's part is done, kept past the day's end. */
const DAILY_DONE_MS = 36 * 3_600_000;

/**
 * The daily part of `day` on whichever instance gets its run first: 'done' when it was done already
 * (here or elsewhere), 'busy' while another instance runs it, 'ran' when this call did it. A run
 * that fails or whose process dies leaves no mark, so a later pass runs the day again; the payouts
 * are keyed by the day, so what the broken run paid is not paid twice.
 */
export async function runDailyPart(d: Pick<WalletJobDeps, 'db' | 'payouts' | 'admin' | 'processor' | 'depositScanner' | 'log'>, day: string): Promise<'done' | 'busy' | 'ran'> {
  const done = `job:wallet-daily:${day}`;
  if (await leaseHeld(d.db, done)) return 'done';
  const run = await ifLeaseFree(d.db, `job:wallet-daily-run:${day}`, DAILY_RUN_LEASE_MS, async () => {
    if (await leaseHeld(d.db, done)) return 'done' as const; // finished elsewhere since the look above
    const paid = (await d.payouts.run(day)) + (await d.payouts.runAddressPayouts(day));
    const report = await d.admin.dailyReconciliation(afterAPass(d));
    if (!report.ok) d.log.error({ unbalanced: report.unbalanced.length, balanceMismatches: report.balanceMismatches.length, custody: report.custody.filter((c) => !c.ok) }, 'ledger reconciliation mismatch');
    d.log.info({ paid, reconciled: report.ok }, 'daily payouts and reconciliation');
    await acquireLease(d.db, done, randomUUID(), DAILY_DONE_MS);
    return 'ran' as const;
  });
  return run.ran ? run.value : 'busy';
}

export function startWalletJobs(d: WalletJobDeps): () => Promise<void> {
  let dailyDoneFor = '';
  const tick = async () => {
    try {
      await ifLeaseFree(d.db, 'job:wallet', PASS_LEASE_MS, () => walletTick(d));
    } catch (error) {
      // Logged here so that the daily part below still runs.
      d.log.error({ err: error }, 'wallet job failed');
    }
    const now = d.clock.now();
    const day = now.toISOString().slice(0, 10);
    if (!dailyPartDue(now, dailyDoneFor)) return;
    // While another instance runs it, this one looks again at its next pass: that run may die.
    if ((await runDailyPart(d, day)) !== 'busy') dailyDoneFor = day;
  };
  return repeatEvery(d.intervalMs, tick, (error) => d.log.error({ err: error }, 'wallet job failed'));
}
